import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { startTestApp, type TestApp } from '../../../test/app.js';
import { buildVideo, makeUser, Role, type MadeUser } from '../../../test/factories.js';

let t: TestApp;
let admin: MadeUser;
beforeAll(async () => {
  t = await startTestApp();
  admin = await makeUser(t, { role: Role.admin });
});
afterAll(() => t.close());

const posters = (videoId: string) => {
  const dir = path.join(t.app.services.env.dataDir, 'uploads', 'videos', videoId);
  return existsSync(dir) ? readdirSync(dir).filter((f) => f.startsWith('poster-')) : [];
};
const put = (videoId: string, body: Buffer, token = admin.token) =>
  fetch(`${t.url}/api/videos/${videoId}/poster`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'image/png' },
    body: new Uint8Array(body),
  });
const png = (colour: string) =>
  sharp({ create: { width: 640, height: 360, channels: 3, background: colour } })
    .png()
    .toBuffer();

it('takes an admin’s poster by its bytes, stores it as WebP, replaces the old one and shows it to viewers', async () => {
  const video = await buildVideo(t, { title: 'Poster video', access: 'public' as never });
  const first = await put(video.id, await png('#c04080'));
  expect(first.status).toBe(200);
  const answer = (await first.json()) as { id: string; posterUrl: string };
  expect(answer.id).toBe(video.id);
  expect(posters(video.id)).toHaveLength(1);
  expect(posters(video.id)[0]).toMatch(/\.webp$/);

  const member = await makeUser(t, { signed: true });
  const seen = await t.gql(`query ($id: ID!) { video(id: $id) { posterUrl } }`, { id: video.id }, { token: member.token });
  const served = await fetch(`${t.url}${seen.data!.video.posterUrl}`);
  expect(served.status).toBe(200);
  expect(served.headers.get('content-type')).toBe('image/webp');
  expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).width).toBe(640);
  const library = await t.gql(`{ videoLibrary { videos { posterUrl video { id } } } }`, {}, { token: member.token });
  expect(library.data!.videoLibrary.videos.find((c: { video: { id: string } }) => c.video.id === video.id).posterUrl).toMatch(
    new RegExp(`^/media/videos/${video.id}/poster\\?`),
  );

  const old = posters(video.id)[0];
  expect((await put(video.id, await png('#2060c0'))).status).toBe(200);
  expect(posters(video.id)).toHaveLength(1);
  expect(posters(video.id)[0]).not.toBe(old);

  const removed = await t.gql(
    `mutation ($id: ID!) { removeVideoPoster(videoId: $id) { id posterUrl } }`,
    { id: video.id },
    { token: admin.token },
  );
  expect(removed.data!.removeVideoPoster.posterUrl).toBeNull();
  expect(posters(video.id)).toEqual([]);
});

it('refuses a poster that is not an image by its bytes, and members', async () => {
  const video = await buildVideo(t, { title: 'No poster' });
  const text = await put(video.id, Buffer.from('GIF89a, or so it says; really just text'));
  expect(text.status).toBe(400);
  expect(await text.text()).toMatch(/JPEG, PNG or WebP/);
  // A PNG header with nothing decodable behind it.
  const fake = await put(video.id, Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(200, 1)]));
  expect(fake.status).toBe(400);
  const member = await makeUser(t, { signed: true });
  expect((await put(video.id, await png('#000'), member.token)).status).toBe(403);
  expect(posters(video.id)).toEqual([]);
});
