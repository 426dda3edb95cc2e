import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { startTestApp, type TestApp } from '../../../test/app.js';
import { makeUser, Role } from '../../../test/factories.js';

// Instructor photos were database blobs (user_photo); a migration moves each into the file storage, where the photo
// route serves it from, and drops the table.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const BEFORE = 'Migration20261123231500';

it('moves an existing blob photo into storage, served at the address it had; the table goes', async () => {
  const migrator = t.app.services.orm.getMigrator();
  const connection = t.app.services.orm.em.getConnection();
  // Made with today's columns first: the migrations down drop the newer ones, the row stays.
  const instructor = await makeUser(t, { role: Role.instructor });
  await migrator.down({ to: BEFORE });
  try {
    const blob = await sharp({ create: { width: 384, height: 384, channels: 3, background: '#a05' } })
      .webp()
      .toBuffer();
    const updatedAt = new Date('2026-11-20T10:00:00.123Z');
    await connection.execute(`insert into user_photo (user_id, content, content_type, updated_at) values (?, ?, 'image/webp', ?)`, [
      instructor.user.id,
      blob,
      updatedAt,
    ]);
    await connection.execute(`update app_user set photo_updated_at = ? where id = ?`, [updatedAt, instructor.user.id]);

    await migrator.up();

    const version = updatedAt.getTime().toString(36);
    const file = path.join(t.app.services.env.dataDir, 'uploads', 'people', instructor.user.id, `photo-${version}.webp`);
    expect(existsSync(file)).toBe(true);
    const served = await fetch(`${t.url}/api/instructors/${instructor.user.id}/photo?v=${version}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await served.arrayBuffer()).equals(blob)).toBe(true);
    const tables = await connection.execute(`select count(*)::int as n from information_schema.tables where table_name = 'user_photo'`);
    expect(tables[0].n).toBe(0);
  } finally {
    await migrator.up();
  }
});

it('a photo uploaded now lives in storage, one file per version; the old version’s file goes', async () => {
  const instructor = await makeUser(t, { role: Role.instructor });
  const upload = async (background: string) => {
    const body = await sharp({ create: { width: 500, height: 500, channels: 3, background } })
      .png()
      .toBuffer();
    const res = await fetch(`${t.url}/api/instructors/${instructor.user.id}/photo`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${instructor.token}` },
      body: new Uint8Array(body),
    });
    return ((await res.json()) as { photoUrl: string }).photoUrl;
  };
  const fileOf = (photoUrl: string) =>
    path.join(
      t.app.services.env.dataDir,
      'uploads',
      'people',
      instructor.user.id,
      `photo-${new URL(photoUrl, t.url).searchParams.get('v')}.webp`,
    );
  const first = await upload('#123456');
  expect(existsSync(fileOf(first))).toBe(true);
  const second = await upload('#654321');
  expect(existsSync(fileOf(second))).toBe(true);
  expect(existsSync(fileOf(first))).toBe(false);
  // An old address still answers (the current photo), revalidated rather than kept.
  const old = await fetch(`${t.url}${first}`);
  expect([old.status, old.headers.get('cache-control'), old.headers.get('x-content-type-options')]).toEqual([
    200,
    'public, no-cache',
    'nosniff',
  ]);
  const ranged = await fetch(`${t.url}${second}`, { headers: { range: 'bytes=0-11' } });
  expect([ranged.status, Buffer.from(await ranged.arrayBuffer()).toString('latin1', 8, 12)]).toEqual([206, 'WEBP']);
});
