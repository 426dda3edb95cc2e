import { execFile } from 'node:child_process';
import { open } from 'node:fs/promises';
import type { VideoExtension } from '@studio/rules';

/** What a file's bytes say it is. */
export interface VideoBytes {
  container: 'mp4' | 'webm';
  /** MP4/MOV: the index (moov) comes before the media (mdat), so playback starts before the whole file arrives. */
  fastStart: boolean;
}

const BOX_TYPE = /^[A-Za-z0-9 ©_-]{4}$/;

/**
 * Walks an MP4/MOV file's top-level boxes, reading only their headers: a real file starts with `ftyp` (QuickTime
 * may start with `wide`, `free`, `mdat` or `moov`), is boxes from its first byte to its last (their sizes add up to
 * the file's, so nothing else is hidden behind or between them: a polyglot's tail fails here) and has a `moov`.
 */
async function mp4Boxes(path: string, size: number, quicktime: boolean): Promise<VideoBytes | null> {
  const file = await open(path, 'r');
  try {
    const header = Buffer.alloc(16);
    let offset = 0;
    let moovAt = -1;
    let mdatAt = -1;
    let first = true;
    for (let boxes = 0; offset < size; boxes++) {
      if (boxes > 10_000 || size - offset < 8) return null;
      await file.read(header, 0, 16, offset);
      let boxSize = header.readUInt32BE(0);
      const type = header.toString('latin1', 4, 8);
      if (!BOX_TYPE.test(type)) return null;
      if (first && type !== 'ftyp' && !(quicktime && ['wide', 'free', 'mdat', 'moov', 'skip'].includes(type))) return null;
      first = false;
      if (boxSize === 1) boxSize = Number(header.readBigUInt64BE(8));
      else if (boxSize === 0) boxSize = size - offset;
      if (boxSize < 8 || offset + boxSize > size) return null;
      if (type === 'moov' && moovAt < 0) moovAt = offset;
      if (type === 'mdat' && mdatAt < 0) mdatAt = offset;
      offset += boxSize;
    }
    if (moovAt < 0) return null;
    return { container: 'mp4', fastStart: mdatAt < 0 || moovAt < mdatAt };
  } finally {
    await file.close();
  }
}

/**
 * A WebM file: the EBML header element (1A 45 DF A3) whose DocType is `webm`, then a Segment (18 53 80 67) that runs
 * to the end of the file (or has the "unknown" size of a live recording).
 */
async function webmHeader(path: string, size: number): Promise<VideoBytes | null> {
  const file = await open(path, 'r');
  try {
    const head = Buffer.alloc(Math.min(size, 4096));
    await file.read(head, 0, head.length, 0);
    if (head.length < 8 || head.readUInt32BE(0) !== 0x1a45dfa3) return null;
    const vint = (at: number): { length: number; value: number; unknown: boolean } | null => {
      const firstByte = head[at];
      if (firstByte === undefined || firstByte === 0) return null;
      const length = Math.clz32(firstByte) - 23;
      if (at + length > head.length) return null;
      let value = firstByte & (0xff >> length);
      let allOnes = value === 0xff >> length;
      for (let i = 1; i < length; i++) {
        value = value * 256 + head[at + i];
        allOnes &&= head[at + i] === 0xff;
      }
      return { length, value, unknown: allOnes };
    };
    const headerSize = vint(4);
    if (!headerSize || headerSize.unknown) return null;
    const headerEnd = 4 + headerSize.length + headerSize.value;
    const headerBody = head.subarray(4 + headerSize.length, headerEnd);
    // DocType (42 82) with the string "webm".
    const docType = headerBody.indexOf(Buffer.from([0x42, 0x82]));
    if (docType < 0 || !headerBody.subarray(docType + 3, docType + 7).equals(Buffer.from('webm'))) return null;
    if (headerEnd + 4 > head.length || head.readUInt32BE(headerEnd) !== 0x18538067) return null;
    const segment = vint(headerEnd + 4);
    if (!segment) return null;
    if (!segment.unknown && headerEnd + 4 + segment.length + segment.value !== size) return null;
    return { container: 'webm', fastStart: true };
  } finally {
    await file.close();
  }
}

/** Whether the bytes are the video the extension says (MP4/M4V/MOV: ISO boxes; WebM: EBML); null when not. */
export async function checkVideoBytes(path: string, size: number, extension: VideoExtension): Promise<VideoBytes | null> {
  if (size < 16) return null;
  return extension === 'webm' ? webmHeader(path, size) : mp4Boxes(path, size, extension === 'mov');
}

/** What ffprobe finds in a file: its first video stream's codec and size, the duration; null without ffprobe. */
export interface ProbedVideo {
  videoCodec: string | null;
  audioCodec: string | null;
  width: number | null;
  height: number | null;
  durationSeconds: number | null;
}

let ffprobeMissing = false;

/** Runs ffprobe (when installed) on a file; answers null when there is no ffprobe on this machine. */
export function probe(path: string): Promise<ProbedVideo | null> {
  if (ffprobeMissing) return Promise.resolve(null);
  return new Promise((resolve) => {
    execFile(
      'ffprobe',
      ['-v', 'error', '-print_format', 'json', '-show_streams', '-show_format', path],
      { timeout: 30_000, maxBuffer: 4 * 1024 * 1024 },
      (err, stdout) => {
        if (err && (err as NodeJS.ErrnoException).code === 'ENOENT') {
          ffprobeMissing = true;
          return resolve(null);
        }
        try {
          const parsed = JSON.parse(stdout) as {
            streams?: { codec_type?: string; codec_name?: string; width?: number; height?: number }[];
            format?: { duration?: string };
          };
          const video = parsed.streams?.find((s) => s.codec_type === 'video');
          const audio = parsed.streams?.find((s) => s.codec_type === 'audio');
          const duration = Number(parsed.format?.duration);
          resolve({
            videoCodec: video?.codec_name ?? null,
            audioCodec: audio?.codec_name ?? null,
            width: video?.width ?? null,
            height: video?.height ?? null,
            durationSeconds: Number.isFinite(duration) ? duration : null,
          });
        } catch {
          resolve({ videoCodec: null, audioCodec: null, width: null, height: null, durationSeconds: null });
        }
      },
    );
  });
}
