import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

type ClipKind = 'h264-faststart' | 'h264-index-last' | 'hevc-mov' | 'mpeg4-mov' | 'vp9-webm' | 'audio-only';

/** The pattern every clip shows: ffmpeg's own test source (a licence-free synthetic picture), at 1 Mbit/s for H.264. */
const picture = (seconds: number, size = '320x240') => ['-f', 'lavfi', '-i', `testsrc2=size=${size}:rate=25:duration=${seconds}`];
const tone = (seconds: number) => ['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`];

/**
 * Real clips made with Debian's ffmpeg (installed by scripts/ensure-ffmpeg.sh), so the uploads are probed as a
 * studio's files would be: a test pattern in H.264 with its index first (or last, as a camera writes it), in HEVC
 * .mov as a phone records it, in MPEG-4 Part 2 .mov, in VP9 WebM, or sound with no picture.
 */
export function makeClip(kind: ClipKind, seconds = 4): Buffer {
  const dir = mkdtempSync(path.join(tmpdir(), 'clip-'));
  const out = path.join(dir, kind.endsWith('-mov') ? 'clip.mov' : kind === 'vp9-webm' ? 'clip.webm' : 'clip.mp4');
  const args: Record<ClipKind, string[]> = {
    'audio-only': [...tone(seconds), '-c:a', 'aac', '-movflags', '+faststart'],
    // testsrc2 at 1 Mbit/s: a few hundred KB, enough for an upload to be cut part-way.
    'h264-faststart': [...picture(seconds), '-c:v', 'libx264', '-b:v', '1M', '-pix_fmt', 'yuv420p', '-movflags', '+faststart'],
    // ffmpeg, like most cameras, writes the index (moov) after the media unless told otherwise.
    'h264-index-last': [
      ...picture(seconds),
      ...tone(seconds),
      '-c:v',
      'libx264',
      '-b:v',
      '300k',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-shortest',
    ],
    'hevc-mov': [
      ...picture(seconds),
      ...tone(seconds),
      '-c:v',
      'libx265',
      '-x265-params',
      'log-level=error',
      '-tag:v',
      'hvc1',
      '-b:v',
      '300k',
      '-c:a',
      'aac',
      '-shortest',
    ],
    'mpeg4-mov': [...picture(seconds), '-c:v', 'mpeg4', '-q:v', '8'],
    'vp9-webm': [...picture(seconds, '160x120'), '-c:v', 'libvpx-vp9', '-b:v', '60k', '-deadline', 'realtime', '-cpu-used', '8'],
  };
  try {
    execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args[kind], out]);
    return readFileSync(out);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Uploads a whole file with tus in one PATCH (as an admin); answers the last response. */
export async function tusUpload(baseUrl: string, token: string, videoId: string, bytes: Buffer, filename: string): Promise<Response> {
  const b64 = (s: string) => Buffer.from(s).toString('base64');
  const created = await fetch(`${baseUrl}/api/uploads/videos`, {
    method: 'POST',
    headers: {
      'tus-resumable': '1.0.0',
      'upload-length': String(bytes.length),
      'upload-metadata': `videoId ${b64(videoId)},filename ${b64(filename)}`,
      authorization: `Bearer ${token}`,
    },
  });
  if (created.status !== 201) return created;
  return fetch(new URL(created.headers.get('location')!, baseUrl), {
    method: 'PATCH',
    headers: {
      'tus-resumable': '1.0.0',
      'upload-offset': '0',
      'content-type': 'application/offset+octet-stream',
      authorization: `Bearer ${token}`,
    },
    body: new Uint8Array(bytes),
  });
}
