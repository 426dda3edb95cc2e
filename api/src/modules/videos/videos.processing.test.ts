import { existsSync, readdirSync, writeFileSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startTestApp, type TestApp } from '../../../test/app.js';
import { eventually } from '../../../test/eventually.js';
import { makeUser, Role, type MadeUser } from '../../../test/factories.js';
import { makeClip, tusUpload } from '../../../test/video-files.js';
import { checkVideoBytes, probe } from './video-bytes.js';
import { progressPercent, runFfmpeg } from './video-processing.js';
import { Video, VideoProcessing } from './video.entity.js';

let t: TestApp;
let admin: MadeUser;
beforeAll(async () => {
  t = await startTestApp();
  admin = await makeUser(t, { role: Role.admin });
});
afterAll(() => t.close());

const ROW = `id processing processingProgress processingError playableEverywhere contentType size durationSeconds`;
const storedDir = (videoId: string) => path.join(t.app.services.env.dataDir, 'uploads', 'videos', videoId);
const storedFiles = (videoId: string) => (existsSync(storedDir(videoId)) ? readdirSync(storedDir(videoId)).sort() : []);

async function newVideo(title: string): Promise<string> {
  const res = await t.gql(`mutation ($title: String!) { createVideo(input: { title: $title }) { id } }`, { title }, { token: admin.token });
  expect(res.errors).toBeUndefined();
  return res.data!.createVideo.id;
}
async function row(videoId: string) {
  const res = await t.gql(`{ adminVideos { ${ROW} } }`, {}, { token: admin.token });
  return (res.data!.adminVideos as { id: string; processing: string; processingProgress: number | null }[]).find((v) => v.id === videoId)!;
}
async function view(videoId: string) {
  const res = await t.gql(`query ($id: ID!) { video(id: $id) { playbackUrl posterUrl } }`, { id: videoId }, { token: admin.token });
  return res.data!.video as { playbackUrl: string | null; posterUrl: string | null };
}

/** Uploads a clip and follows its processing to the end; answers the states seen on the way. */
async function uploadAndFollow(videoId: string, bytes: Buffer, filename: string) {
  expect((await tusUpload(t.url, admin.token, videoId, bytes, filename)).status).toBe(204);
  const seen: { processing: string; processingProgress: number | null }[] = [];
  // The upload's answer comes once the file is stored: it plays (as uploaded) while the job works.
  const first = await row(videoId);
  seen.push(first);
  if (first.processing === 'processing') expect((await view(videoId)).playbackUrl).not.toBeNull();
  await eventually(async () => {
    const now = await row(videoId);
    seen.push(now);
    expect(now.processing).toBe('ready');
    expect((await view(videoId)).posterUrl).not.toBeNull();
  }, 60_000);
  return seen;
}

/** The stored file of a video: fast start, and what ffprobe finds in it. */
async function storedVideo(videoId: string) {
  const files = storedFiles(videoId);
  const media = files.filter((f) => !f.startsWith('poster-'));
  expect(media).toHaveLength(1);
  const file = path.join(storedDir(videoId), media[0]);
  return { files, name: media[0], bytes: await checkVideoBytes(file, statSync(file).size, 'mp4'), probed: await probe(file) };
}

it('rewrites an H.264 file whose index is at its end as fast start (streams copied), deleting the old file', async () => {
  const clip = makeClip('h264-index-last');
  const videoId = await newVideo('Index last');
  await uploadAndFollow(videoId, clip, 'camera.mp4');
  const stored = await storedVideo(videoId);
  expect(stored.bytes).toEqual({ container: 'mp4', fastStart: true });
  expect(stored.probed).toMatchObject({ videoCodec: 'h264', audioCodec: 'aac', width: 320, height: 240 });
  expect(stored.files.filter((f) => f.startsWith('poster-') && f.endsWith('.webp'))).toHaveLength(1);
  expect(await row(videoId)).toMatchObject({
    playableEverywhere: true,
    contentType: 'video/mp4',
    processingError: null,
    processingProgress: null,
  });
  // The same streams, moved: about the same size as the upload.
  expect(Math.abs(statSync(path.join(storedDir(videoId), stored.name)).size - clip.length)).toBeLessThan(clip.length * 0.05);
  const played = await fetch(`${t.url}${(await view(videoId)).playbackUrl}`, { headers: { range: 'bytes=0-99' } });
  expect(played.status).toBe(206);
});

it('converts an HEVC .mov from a phone to H.264/AAC MP4, with its progress on the way', async () => {
  const videoId = await newVideo('Phone clip');
  const seen = await uploadAndFollow(videoId, makeClip('hevc-mov', 6), 'phone.mov');
  expect(seen[0].processing === 'processing' || seen[0].processing === 'ready').toBe(true);
  for (const s of seen.filter((s) => s.processing === 'processing')) {
    expect(s.processingProgress).toBeGreaterThanOrEqual(0);
    expect(s.processingProgress).toBeLessThan(100);
  }
  const stored = await storedVideo(videoId);
  expect(stored.name.endsWith('.mp4')).toBe(true);
  expect(stored.bytes?.fastStart).toBe(true);
  expect(stored.probed).toMatchObject({ videoCodec: 'h264', audioCodec: 'aac', width: 320, height: 240 });
  expect(stored.probed!.durationSeconds).toBeCloseTo(6, 0);
  expect(await row(videoId)).toMatchObject({ playableEverywhere: true, contentType: 'video/mp4', processingError: null });
});

it('converts MPEG-4 Part 2 in a .mov; leaves a VP9 WebM as it is but gives it a poster', async () => {
  const mpeg4 = await newVideo('Old camera');
  await uploadAndFollow(mpeg4, makeClip('mpeg4-mov'), 'old.mov');
  expect((await storedVideo(mpeg4)).probed?.videoCodec).toBe('h264');

  const webm = await newVideo('Already fine');
  const clip = makeClip('vp9-webm');
  await uploadAndFollow(webm, clip, 'fine.webm');
  const files = storedFiles(webm);
  expect(files.filter((f) => f.endsWith('.webm'))).toHaveLength(1);
  expect(files.filter((f) => f.startsWith('poster-'))).toHaveLength(1);
  expect(await row(webm)).toMatchObject({ playableEverywhere: true, contentType: 'video/webm', size: clip.length });
});

it('records why a file could not be processed, for the admin, and keeps the file as uploaded', async () => {
  const videoId = await newVideo('Broken');
  const em = t.app.services.orm.em.fork();
  // A stored file that is not a video at all (a damaged upload): ffmpeg cannot read it.
  await t.app.services.storage.put(`videos/${videoId}/broken.mov`, Buffer.alloc(5000, 3), 'video/quicktime');
  await em.nativeUpdate(Video, { id: videoId }, { fileKey: `videos/${videoId}/broken.mov`, processing: VideoProcessing.ready, size: 5000 });
  expect(await t.app.services.videos.processor.run(videoId)).toBe(0);
  const failed = await row(videoId);
  expect(failed).toMatchObject({ processing: 'failed', processingProgress: null });
  expect((failed as unknown as { processingError: string }).processingError).toMatch(/^Could not process it: /);
  expect(storedFiles(videoId)).toEqual(['broken.mov']);
  // The admin's page shows the reason; the file stays (it plays as it can).
  const page = await t.gql(`{ adminVideos { id processingError } }`, {}, { token: admin.token });
  expect(page.data!.adminVideos.find((v: { id: string }) => v.id === videoId).processingError).toContain('could not be read');
});

it('reads the progress ffmpeg writes to -progress pipe:1 against the duration', async () => {
  expect(progressPercent('out_time_us=2000000', 8)).toBe(25);
  expect(progressPercent('out_time_ms=8000000', 8)).toBe(99);
  expect(progressPercent('out_time=00:00:02.000000', 8)).toBeNull();
  expect(progressPercent('out_time_us=2000000', null)).toBeNull();
  const dir = mkdtempSync(path.join(tmpdir(), 'progress-'));
  try {
    writeFileSync(path.join(dir, 'in.mov'), makeClip('mpeg4-mov', 3));
    const percents: number[] = [];
    await runFfmpeg(
      [
        '-i',
        path.join(dir, 'in.mov'),
        '-c:v',
        'libx264',
        '-preset',
        'ultrafast',
        '-progress',
        'pipe:1',
        '-nostats',
        path.join(dir, 'out.mp4'),
      ],
      dir,
      (line) => {
        const p = progressPercent(line, 3);
        if (p !== null) percents.push(p);
      },
    );
    expect(percents.length).toBeGreaterThan(0);
    expect(percents[percents.length - 1]).toBeGreaterThanOrEqual(90);
    await expect(runFfmpeg(['-i', path.join(dir, 'missing.mov'), path.join(dir, 'x.mp4')], dir)).rejects.toThrow(/No such file/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
