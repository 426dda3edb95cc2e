import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startTestApp, type TestApp } from '../../../test/app.js';
import { buildVideo, em, makeUser, Role, type MadeUser } from '../../../test/factories.js';
import { Video } from './video.entity.js';

let t: TestApp;
let admin: MadeUser;
beforeAll(async () => {
  // A built app of one page, so the API serves /video/:id as the SPA would be.
  const dist = mkdtempSync(path.join(os.tmpdir(), 'studio-web-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><title>Studio</title></head><body><div id="root"></div></body></html>',
  );
  t = await startTestApp({ WEB_DIST: dist });
  admin = await makeUser(t, { role: Role.admin });
});
afterAll(() => t.close());

const SHARED = `query ($id: ID!) { sharedVideo(id: $id) { id title playbackUrl } }`;
const page = async (id: string) => (await fetch(`${t.url}/video/${id}`)).text();

it('serves a shared video to the signed-out: Open Graph and Twitter tags in the HTML, the page, a view count', async () => {
  const video = await buildVideo(t, {
    title: 'Star drop <on silks>',
    description: 'From the "spring" show',
    sharing: true,
    posterKey: 'videos/p/poster.jpg',
  });
  const html = await page(video.id);
  expect(html).toContain('<meta property="og:title" content="Star drop &lt;on silks&gt;">');
  expect(html).toContain('<meta property="og:description" content="From the &quot;spring&quot; show">');
  expect(html).toContain(`<meta property="og:image" content="${t.app.services.env.publicUrl}/media/videos/${video.id}/poster">`);
  expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');

  const res = await t.gql(SHARED, { id: video.id });
  expect(res.errors).toBeUndefined();
  expect(res.data!.sharedVideo.title).toBe('Star drop <on silks>');
  const played = await fetch(`${t.url}${res.data!.sharedVideo.playbackUrl}`, { headers: { range: 'bytes=0-9' } });
  expect(played.status).toBe(206);
  await t.gql(SHARED, { id: video.id });
  expect((await em(t).findOneOrFail(Video, { id: video.id })).shareViews).toBe(2);
});

it('shows nothing about a video whose sharing is off, expired or revoked, and stops its addresses at once', async () => {
  const off = await buildVideo(t, { title: 'Off video' });
  const expired = await buildVideo(t, { title: 'Expired video', sharing: true, shareExpiresAt: new Date(Date.now() - 1000) });
  for (const video of [off, expired]) {
    const html = await page(video.id);
    expect(html).not.toContain(video.title);
    expect(html).not.toContain('og:');
    expect((await t.gql(SHARED, { id: video.id })).data!.sharedVideo).toBeNull();
  }

  const shared = await buildVideo(t, { title: 'Revoked video', sharing: true });
  const url = (await t.gql(SHARED, { id: shared.id })).data!.sharedVideo.playbackUrl;
  expect((await fetch(`${t.url}${url}`, { headers: { range: 'bytes=0-0' } })).status).toBe(206);
  const revoked = await t.gql(
    `mutation ($id: ID!) { revokeVideoShare(id: $id) { sharing shareRevokedAt } }`,
    { id: shared.id },
    { token: admin.token },
  );
  expect(revoked.errors).toBeUndefined();
  expect((await fetch(`${t.url}${url}`, { headers: { range: 'bytes=0-0' } })).status).toBe(404);
  expect(await page(shared.id)).not.toContain('Revoked video');
  expect((await t.gql(SHARED, { id: shared.id })).data!.sharedVideo).toBeNull();
});

it('lets an admin share with an expiry in the future only', async () => {
  const video = await buildVideo(t);
  const past = await t.gql(
    `mutation ($id: ID!, $input: VideoSharingInput!) { setVideoSharing(id: $id, input: $input) { sharing } }`,
    { id: video.id, input: { sharing: true, expiresAt: new Date(Date.now() - 60_000).toISOString() } },
    { token: admin.token },
  );
  expect(past.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
  const member = await makeUser(t, { signed: true });
  const refused = await t.gql(
    `mutation ($id: ID!, $input: VideoSharingInput!) { setVideoSharing(id: $id, input: $input) { sharing } }`,
    { id: video.id, input: { sharing: true } },
    { token: member.token },
  );
  expect(refused.errors?.[0].extensions?.code).toBe('FORBIDDEN');
});
