import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type PgBoss from 'pg-boss';
import { log } from '../../logger.js';
import type { FileStorage } from '../../storage/index.js';
import { storedPicture, type PictureShape } from '../users/photo-image.js';
import { checkVideoBytes, probe, type ProbedVideo, type VideoBytes } from './video-bytes.js';
import { Video, VideoProcessing } from './video.entity.js';

export const PROCESS_QUEUE = 'videos-process';

/** The video codecs every current browser plays in their containers. */
export const PLAYABLE_EVERYWHERE = new Set(['h264', 'vp8', 'vp9', 'av1']);
/** Audio an MP4 may carry as it is when only its index moves. */
const MP4_AUDIO = new Set(['aac', 'mp3']);

/** A poster: a frame of the video, scaled to fit a player on a 2x screen, stored as WebP like every picture. */
export const POSTER: PictureShape = { width: 1280, height: 1280, fit: 'inside', field: 'poster' };
export const posterKeyOf = (videoId: string) => `videos/${videoId}/poster-${Date.now().toString(36)}${randomBytes(3).toString('hex')}.webp`;

/**
 * What a file needs before it plays everywhere: nothing; its index moved to the front (`faststart`: the same streams,
 * copied); or a conversion to H.264/AAC MP4 (`transcode`: HEVC from a phone, MPEG-4 Part 2, ProRes…).
 */
export type ProcessingPlan = 'none' | 'faststart' | 'transcode';

export function planFor(bytes: VideoBytes, probed: ProbedVideo): ProcessingPlan {
  if (!probed.videoCodec || !PLAYABLE_EVERYWHERE.has(probed.videoCodec)) return 'transcode';
  if (bytes.container === 'webm') return 'none';
  if (probed.videoCodec !== 'h264' || (probed.audioCodec && !MP4_AUDIO.has(probed.audioCodec))) return 'transcode';
  return bytes.fastStart ? 'none' : 'faststart';
}

const FFMPEG_ARGS: Record<Exclude<ProcessingPlan, 'none'>, string[]> = {
  // The first video and (if any) audio stream, copied: a data track of a .mov has no place in an MP4.
  faststart: ['-map', '0:v:0', '-map', '0:a:0?', '-c', 'copy', '-movflags', '+faststart'],
  transcode: [
    ...['-map', '0:v:0', '-map', '0:a:0?'],
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-pix_fmt', 'yuv420p', '-vf', 'scale=trunc(iw/2)*2:trunc(ih/2)*2'],
    ...['-c:a', 'aac', '-b:a', '128k', '-movflags', '+faststart'],
  ],
};

/** Reads ffmpeg's `-progress` lines: the output's time so far (out_time_us, in microseconds). */
export function progressPercent(line: string, durationSeconds: number | null): number | null {
  const match = /^out_time_(?:us|ms)=(\d+)$/.exec(line.trim());
  if (!match || !durationSeconds || durationSeconds <= 0) return null;
  return Math.max(0, Math.min(99, Math.floor((Number(match[1]) / 1e6 / durationSeconds) * 100)));
}

/** The reason ffmpeg gives: the last lines it wrote, without its path names. */
function ffmpegReason(stderr: string, dir: string): string {
  const lines = stderr
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  const last = lines.slice(-2).join(' ').split(dir).join('').slice(-300);
  return last || 'ffmpeg stopped without saying why';
}

/**
 * Runs ffmpeg (Debian's, found on PATH) on files of this machine, reporting the progress it writes to `-progress
 * pipe:1` against the probed duration. Never more than one conversion at a time per process (the queue has one worker).
 */
export function runFfmpeg(args: string[], dir: string, onProgress?: (line: string) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('ffmpeg', ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    let pending = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      const lines = (pending + chunk).split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) onProgress?.(line);
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr = (stderr + chunk).slice(-4000)));
    child.on('error', (err) => reject(new Error(`ffmpeg could not start: ${err.message}`)));
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(ffmpegReason(stderr, dir)))));
  });
}

let ffmpegFound: Promise<boolean> | null = null;

/** Whether ffmpeg is installed here (asked once per process). */
export function ffmpegAvailable(): Promise<boolean> {
  ffmpegFound ??= new Promise((resolve) => execFile('ffmpeg', ['-version'], { timeout: 10_000 }, (err) => resolve(!err)));
  return ffmpegFound;
}

/**
 * The processing job of an uploaded video (queue videos-process), when ffmpeg is installed: a file whose index is at
 * its end is rewritten with its streams copied, a file whose codec does not play everywhere is converted to H.264/AAC
 * MP4, with its progress on the video for /admin/videos. The new file goes into the core storage under a new key and
 * the old one is deleted once the row names the new one; the uploaded file plays meanwhile. A video without a poster
 * gets a frame of it. A failure is kept on the video for the admin (the file as uploaded stays).
 */
export class VideoProcessor {
  constructor(private readonly deps: { orm: MikroORM; storage: FileStorage; jobs: PgBoss; dataDir: string; enabled: boolean }) {}

  /** Whether this process can process videos (ffmpeg installed, not turned off with VIDEO_TRANSCODE=0). */
  async available(): Promise<boolean> {
    return this.deps.enabled && (await ffmpegAvailable());
  }

  /** Queues the video's processing (tried twice: a run cut off by a restart starts again once pg-boss expires it). */
  async enqueue(videoId: string): Promise<void> {
    await this.deps.jobs.send(PROCESS_QUEUE, { videoId }, { retryLimit: 1, retryDelay: 5 });
  }

  private async download(key: string, to: string): Promise<number | null> {
    const opened = await this.deps.storage.open(key);
    if (!opened) return null;
    await pipeline(await opened.read(), createWriteStream(to));
    return opened.size;
  }

  /** One job: answers 1 when the file was rewritten or converted, 0 otherwise. */
  async run(videoId: string): Promise<number> {
    if (!(await this.available())) return 0;
    const em = this.deps.orm.em.fork();
    const video = await em.findOne(Video, { id: videoId });
    if (!video?.fileKey) return 0;
    const fileKey = video.fileKey;
    const workRoot = path.join(this.deps.dataDir, 'video-work');
    await mkdir(workRoot, { recursive: true });
    const dir = await mkdtemp(path.join(workRoot, 'job-'));
    const extension = fileKey.split('.').pop() === 'webm' ? 'webm' : fileKey.endsWith('.mov') ? 'mov' : 'mp4';
    const input = path.join(dir, `input.${extension}`);
    const stillThisFile = { id: video.id, fileKey };
    let planned: ProcessingPlan = 'none';
    try {
      const size = await this.download(fileKey, input);
      if (size === null) throw new Error('The uploaded file is missing from storage.');
      const [bytes, probed] = await Promise.all([checkVideoBytes(input, size, extension), probe(input)]);
      if (!bytes || !probed) throw new Error('The uploaded file could not be read as a video.');
      planned = planFor(bytes, probed);
      if (planned !== 'none') {
        await em.nativeUpdate(Video, stillThisFile, {
          processing: VideoProcessing.processing,
          processingProgress: 0,
          processingError: null,
        });
        const output = path.join(dir, 'output.mp4');
        let shown = 0;
        let writing = Promise.resolve();
        await runFfmpeg(['-i', input, ...FFMPEG_ARGS[planned], '-progress', 'pipe:1', '-nostats', output], dir, (line) => {
          const percent = progressPercent(line, probed.durationSeconds);
          // At most one write per 5 % (and never two at once): the admin's page polls the row.
          if (percent === null || percent < shown + 5) return;
          shown = percent;
          writing = writing.then(() => em.nativeUpdate(Video, stillThisFile, { processingProgress: percent }).then(() => undefined));
        });
        await writing;
        const result = await probe(output);
        const newKey = `videos/${video.id}/${randomBytes(6).toString('hex')}.mp4`;
        const newSize = (await stat(output)).size;
        // putFile moves the output away: the poster below reads the input (the same pictures).
        await this.deps.storage.putFile(newKey, output, 'video/mp4');
        const replaced = await em.nativeUpdate(Video, stillThisFile, {
          fileKey: newKey,
          size: newSize,
          contentType: 'video/mp4',
          durationSeconds: result?.durationSeconds ?? probed.durationSeconds,
          width: result?.width ?? probed.width,
          height: result?.height ?? probed.height,
          playableEverywhere: true,
          processing: VideoProcessing.ready,
          processingProgress: null,
          processingError: null,
        });
        // An admin replaced or deleted the file meanwhile: this output is for a file that is gone.
        await this.deps.storage.delete(replaced ? fileKey : newKey);
        if (!replaced) return 0;
      }
      // The input's frames, whatever its codec (the output was moved into storage).
      await this.takePoster(em, video.id, input, probed.durationSeconds, dir);
      return planned === 'none' ? 0 : 1;
    } catch (err) {
      const reason = (err as Error).message;
      log.warn('a video could not be processed', { videoId, plan: planned, message: reason });
      await em.nativeUpdate(Video, stillThisFile, {
        processing: VideoProcessing.failed,
        processingProgress: null,
        processingError: `${planned === 'faststart' ? 'Could not move its index to the front' : planned === 'transcode' ? 'Could not convert it to H.264 MP4' : 'Could not process it'}: ${reason}`,
      });
      return 0;
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  /** A frame a quarter in (at most 2 s: past a fade-in, before the move starts) as the poster, unless it has one. */
  private async takePoster(em: EntityManager, videoId: string, file: string, duration: number | null, dir: string) {
    const current = await em.findOne(Video, { id: videoId }, { fields: ['posterKey'] });
    if (!current || current.posterKey) return;
    const frame = path.join(dir, 'poster.jpg');
    const at = duration ? Math.min(2, duration / 4) : 0;
    try {
      await runFfmpeg(
        ['-ss', at.toFixed(2), '-i', file, '-frames:v', '1', '-vf', "scale='min(1280,iw)':-2", '-q:v', '3', '-update', '1', frame],
        dir,
      );
      const { content, contentType } = await storedPicture(await readFile(frame), POSTER);
      const key = posterKeyOf(videoId);
      await this.deps.storage.put(key, content, contentType);
      // An admin's poster uploaded meanwhile wins.
      if (!(await em.nativeUpdate(Video, { id: videoId, posterKey: null }, { posterKey: key }))) await this.deps.storage.delete(key);
    } catch (err) {
      log.warn('no poster could be taken from a video', { videoId, message: (err as Error).message });
    }
  }
}
