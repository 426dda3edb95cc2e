import sharp from 'sharp';
import { startTestApp, type TestApp } from '../../../test/app.js';
import { buildMove, makeUser, Role, type MadeUser } from '../../../test/factories.js';

let t: TestApp;
let admin: MadeUser;
beforeAll(async () => {
  t = await startTestApp();
  admin = await makeUser(t, { role: Role.admin });
});
afterAll(() => t.close());

/** A real picture of a pose: wider than tall, larger than what is stored. */
function picture(format: 'jpeg' | 'png', width = 1600, height = 1200): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i += 3) pixels[i + 1] = (i / 3) % 256;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .toFormat(format)
    .toBuffer();
}

const upload = (id: string, body: Buffer, token?: string) =>
  fetch(`${t.url}/api/moves/${id}/image`, {
    method: 'PUT',
    headers: { 'content-type': 'application/octet-stream', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: new Uint8Array(body),
  });
const MOVE = `{ moveCatalogue { moves { id imageUrl } } }`;
const imageUrlOf = async (moveId: string, token: string) => {
  const res = await t.gql<{ moveCatalogue: { moves: { id: string; imageUrl: string | null }[] }[] }>(MOVE, {}, { token });
  expect(res.errors).toBeUndefined();
  return res.data!.moveCatalogue.flatMap((c) => c.moves).find((m) => m.id === moveId)?.imageUrl;
};

it("stores a move's picture scaled to fit, serves it to anyone under a versioned address, and replaces or removes it", async () => {
  const move = await buildMove(t, { apparatusName: 'Lyra' });
  const student = await makeUser(t, { signed: true });
  expect(await imageUrlOf(move.id, student.token)).toBeNull();

  const res = await upload(move.id, await picture('jpeg'), admin.token);
  expect(res.status).toBe(200);
  const { imageUrl } = (await res.json()) as { imageUrl: string };
  expect(imageUrl).toMatch(new RegExp(`^/api/moves/${move.id}/image\\?v=[0-9a-z]+$`));
  expect(await imageUrlOf(move.id, student.token)).toBe(imageUrl);
  const served = await fetch(`${t.url}${imageUrl}`);
  expect(served.status).toBe(200);
  expect(served.headers.get('content-type')).toBe('image/webp');
  expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  // The whole pose, scaled to fit 960 px: nothing cropped.
  expect(await sharp(Buffer.from(await served.arrayBuffer())).metadata()).toMatchObject({ format: 'webp', width: 960, height: 720 });

  // A new picture is a new address; the old file is gone from storage.
  const second = (await (await upload(move.id, await picture('png', 800, 1000), admin.token)).json()) as { imageUrl: string };
  expect(second.imageUrl).not.toBe(imageUrl);
  expect(await sharp(Buffer.from(await (await fetch(`${t.url}${second.imageUrl}`)).arrayBuffer())).metadata()).toMatchObject({
    width: 768,
    height: 960,
  });
  const firstKey = `moves/${move.id}/image-${new URL(imageUrl, t.url).searchParams.get('v')}.webp`;
  expect(await t.app.services.storage.open(firstKey)).toBeNull();

  // Removed: no address, the file is gone, its path answers 404.
  const removed = await fetch(`${t.url}/api/moves/${move.id}/image`, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${admin.token}` },
  });
  expect(removed.status).toBeLessThan(300);
  expect(await imageUrlOf(move.id, student.token)).toBeNull();
  expect((await fetch(`${t.url}${second.imageUrl}`)).status).toBe(404);
});

it('refuses pictures from anyone but admins, files that are not pictures, and unknown or malformed moves', async () => {
  const move = await buildMove(t, { apparatusName: 'Silks' });
  const jpeg = await picture('jpeg', 64, 48);
  expect((await upload(move.id, jpeg)).status).toBe(401);
  for (const role of [Role.student, Role.instructor, Role.teacher])
    expect((await upload(move.id, jpeg, (await makeUser(t, { role })).token)).status).toBe(403);
  const notAnImage = await upload(move.id, Buffer.from('GIF89a not really'), admin.token);
  expect(notAnImage.status).toBe(400);
  expect(await notAnImage.text()).toContain('The image must be a JPEG, PNG or WebP image.');
  // A JPEG's first bytes on something else.
  expect((await upload(move.id, Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(200, 7)]), admin.token)).status).toBe(400);
  expect((await upload('00000000-0000-4000-8000-000000000000', jpeg, admin.token)).status).toBe(404);
  expect((await fetch(`${t.url}/api/moves/not-a-uuid/image`)).status).toBe(404);
  expect((await fetch(`${t.url}/api/moves/%00/image`)).status).toBe(404);
  expect(await imageUrlOf(move.id, admin.token)).toBeNull();
});
