import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Real clips made with Debian's ffmpeg (installed by scripts/ensure-ffmpeg.sh), so the uploads are probed as a
 * studio's files would be: a test pattern in H.264 with its index first, or sound with no picture.
 */
export function makeClip(kind: 'h264-faststart' | 'audio-only', seconds = 4): Buffer {
  const dir = mkdtempSync(path.join(tmpdir(), 'clip-'));
  const out = path.join(dir, 'clip.mp4');
  const input =
    kind === 'audio-only'
      ? ['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`, '-c:a', 'aac']
      : // testsrc2 at 1 Mbit/s: a few hundred KB, enough for an upload to be cut part-way.
        ['-f', 'lavfi', '-i', `testsrc2=size=320x240:rate=25:duration=${seconds}`, '-c:v', 'libx264', '-b:v', '1M', '-pix_fmt', 'yuv420p'];
  try {
    execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...input, '-movflags', '+faststart', out]);
    return readFileSync(out);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
