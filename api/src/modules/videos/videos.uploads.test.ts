import { existsSync, readdirSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { startTestApp, type TestApp } from '../../../test/app.js';
import { makeUser, Role, type MadeUser } from '../../../test/factories.js';
import { makeClip } from '../../../test/video-files.js';

let t: TestApp;
let admin: MadeUser;
beforeAll(async () => {
  t = await startTestApp();
  admin = await makeUser(t, { role: Role.admin });
});
afterAll(() => t.close());

const box = (type: string, payload: Buffer) => {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + payload.length, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, payload]);
};
/** An MP4 as its boxes go (ftyp, moov, mdat), fast start, with `mediaBytes` of media. */
const mp4 = (mediaBytes: number) =>
  Buffer.concat([
    box('ftyp', Buffer.from('isom\0\0\x02\0isomiso2mp41', 'latin1')),
    box('moov', Buffer.alloc(200, 1)),
    box('mdat', Buffer.from(Array.from({ length: mediaBytes }, (_, i) => (i * 7) % 256))),
  ]);

const tusDir = () => path.join(t.app.services.env.dataDir, 'tus-uploads');
const uploadsLeft = () => (existsSync(tusDir()) ? readdirSync(tusDir()) : []);
const storedFor = (videoId: string) => existsSync(path.join(t.app.services.env.dataDir, 'uploads', 'videos', videoId));

async function newVideo(): Promise<string> {
  const res = await t.gql(`mutation { createVideo(input: { title: "Star drop" }) { id processing } }`, {}, { token: admin.token });
  expect(res.errors).toBeUndefined();
  expect(res.data!.createVideo.processing).toBe('awaiting_upload');
  return res.data!.createVideo.id;
}

const b64 = (s: string) => Buffer.from(s).toString('base64');
function create(videoId: string, length: number, filename = 'star-drop.mp4', token: string | null = admin.token) {
  return fetch(`${t.url}/api/uploads/videos`, {
    method: 'POST',
    headers: {
      'tus-resumable': '1.0.0',
      'upload-length': String(length),
      'upload-metadata': `videoId ${b64(videoId)},filename ${b64(filename)}`,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
  });
}
const at = (location: string) => new URL(location, t.url).toString();
const patch = (url: string, offset: number, body: Buffer) =>
  fetch(url, {
    method: 'PATCH',
    headers: {
      'tus-resumable': '1.0.0',
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
      authorization: `Bearer ${admin.token}`,
    },
    body: new Uint8Array(body),
  });
const head = (url: string) => fetch(url, { method: 'HEAD', headers: { 'tus-resumable': '1.0.0', authorization: `Bearer ${admin.token}` } });

/** Sends the first `sent` bytes of a PATCH that announced `body.length`, then cuts the connection. */
function patchThenDrop(url: string, body: Buffer, sent: number): Promise<void> {
  return new Promise((resolve) => {
    const req = http.request(url, {
      method: 'PATCH',
      headers: {
        'tus-resumable': '1.0.0',
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
        'content-length': String(body.length),
        authorization: `Bearer ${admin.token}`,
      },
    });
    req.on('error', () => resolve());
    req.on('response', () => resolve());
    req.write(body.subarray(0, sent), () => setTimeout(() => req.destroy(), 300));
    req.on('close', () => resolve());
  });
}

it('takes uploads from admins only', async () => {
  const videoId = await newVideo();
  expect((await create(videoId, 1000, 'a.mp4', null)).status).toBe(401);
  const member = await makeUser(t, { signed: true });
  expect((await create(videoId, 1000, 'a.mp4', member.token)).status).toBe(403);
  expect((await create(videoId, 1000, 'notes.txt')).status).toBe(415);
});

it('resumes after a dropped connection from the offset HEAD reports, checks the bytes and plays the file', async () => {
  const videoId = await newVideo();
  const bytes = makeClip('h264-faststart');
  expect(bytes.length).toBeGreaterThan(200_000);
  const created = await create(videoId, bytes.length);
  expect(created.status).toBe(201);
  const url = at(created.headers.get('location')!);

  await patchThenDrop(url, bytes, 120_000);
  const offset = Number((await head(url)).headers.get('upload-offset'));
  expect(offset).toBeGreaterThan(0);
  expect(offset).toBeLessThanOrEqual(120_000);

  const rest = await patch(url, offset, bytes.subarray(offset));
  expect(rest.status).toBe(204);
  expect(uploadsLeft()).toEqual([]);

  const view = await t.gql(
    `query ($id: ID!) { video(id: $id) { playbackUrl video { processing size contentType playableEverywhere } } }`,
    { id: videoId },
    { token: admin.token },
  );
  expect(view.data!.video.video).toEqual({ processing: 'ready', size: bytes.length, contentType: 'video/mp4', playableEverywhere: true });
  const played = await fetch(`${t.url}${view.data!.video.playbackUrl}`);
  expect(Buffer.from(await played.arrayBuffer()).equals(bytes)).toBe(true);
});

it('cancels an upload (tus termination) and leaves nothing behind', async () => {
  const videoId = await newVideo();
  const bytes = mp4(50_000);
  const url = at((await create(videoId, bytes.length)).headers.get('location')!);
  expect((await patch(url, 0, bytes.subarray(0, 10_000))).status).toBe(204);
  expect(uploadsLeft().length).toBeGreaterThan(0);
  const cancelled = await fetch(url, { method: 'DELETE', headers: { 'tus-resumable': '1.0.0', authorization: `Bearer ${admin.token}` } });
  expect(cancelled.status).toBe(204);
  expect(uploadsLeft()).toEqual([]);
  expect((await head(url)).status).toBe(404);
  expect(storedFor(videoId)).toBe(false);
});

it('refuses a file over the size limit before any byte is sent', async () => {
  const videoId = await newVideo();
  const res = await create(videoId, 3 * 1024 * 1024 * 1024);
  expect(res.status).toBe(413);
  expect(uploadsLeft()).toEqual([]);
});

it('refuses a non-video with a video extension and a polyglot, leaving nothing in storage', async () => {
  for (const [name, bytes] of [
    ['text.mp4', Buffer.from('This is not a video at all, just some text pretending.'.repeat(100))],
    ['zip.webm', Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.alloc(5000, 7)])],
    // A real MP4's boxes with an archive behind them: the boxes do not run to the end of the file.
    ['polyglot.mp4', Buffer.concat([mp4(5000), Buffer.from('PK\x03\x04', 'latin1'), Buffer.alloc(3000, 9)])],
    // MP4 boxes named .webm: the bytes must be what the extension says.
    ['mislabelled.webm', mp4(5000)],
    // A well-formed MP4 with sound and no picture: ffprobe finds no video stream.
    ['voice-note.mp4', makeClip('audio-only', 1)],
  ] as const) {
    const videoId = await newVideo();
    const url = at((await create(videoId, bytes.length, name)).headers.get('location')!);
    const res = await patch(url, 0, bytes);
    expect([name, res.status]).toEqual([name, 415]);
    expect(uploadsLeft()).toEqual([]);
    expect(storedFor(videoId)).toBe(false);
    const view = await t.gql(
      `query ($id: ID!) { video(id: $id) { playbackUrl video { processing } } }`,
      { id: videoId },
      { token: admin.token },
    );
    expect(view.data!.video).toEqual({ playbackUrl: null, video: { processing: 'awaiting_upload' } });
  }
});
