import { startTestApp, type TestApp } from '../../../test/app.js';
import { fetchRead } from '../../../test/fetch.js';
import { buildMembership, buildMembershipPlan, buildMove, buildVideo, em, makeUser, Role, type MadeUser } from '../../../test/factories.js';
import { MoveProgress, MoveSide, MoveState } from '../moves/move-progress.entity.js';
import { User } from '../users/user.entity.js';
import { Video, VideoAccess } from './video.entity.js';

let t: TestApp;
let admin: MadeUser;
let member: MadeUser;
beforeAll(async () => {
  t = await startTestApp();
  admin = await makeUser(t, { role: Role.admin });
  member = await makeUser(t, { signed: true });
});
afterAll(() => t.close());

const VIEW = `query ($id: ID!) { video(id: $id) { locked playbackUrl playbackExpiresAt unlockedBy { id } video { id title } } }`;
type View = { video: { locked: boolean; playbackUrl: string | null; unlockedBy: { id: string }[]; video: { id: string } } };
const view = (id: string, token?: string) => t.gql<View>(VIEW, { id }, { token });
const addressFor = async (id: string, token: string): Promise<string> => {
  const res = await view(id, token);
  expect(res.errors).toBeUndefined();
  expect(res.data!.video.playbackUrl).toMatch(new RegExp(`^/media/videos/${id}\\?exp=\\d+&g=[^&]+&sig=`));
  return `${t.url}${res.data!.video.playbackUrl}`;
};
const get = (url: string, headers: Record<string, string> = {}) => fetchRead(url, { headers });

/** The bytes of the factory's default file. */
const pattern = Buffer.from(Array.from({ length: 64 * 1024 }, (_, i) => i % 251));

it('refuses the signed-out: no address from the query, and the route answers 404 without a valid signature', async () => {
  const video = await buildVideo(t);
  const res = await view(video.id);
  expect(res.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  expect((await get(`${t.url}/media/videos/${video.id}`)).status).toBe(404);
});

it('streams ranges from a signed address: first bytes, middle, suffix, open-ended, several, invalid, past the end', async () => {
  const video = await buildVideo(t);
  const url = await addressFor(video.id, member.token);

  const whole = await get(url);
  expect(whole.status).toBe(200);
  expect(whole.headers.get('accept-ranges')).toBe('bytes');
  expect(whole.headers.get('content-type')).toBe('video/mp4');
  expect(whole.headers.get('cache-control')).toBe('private, max-age=300');
  expect(Buffer.from(await whole.arrayBuffer()).equals(pattern)).toBe(true);

  const first = await get(url, { range: 'bytes=0-99' });
  expect(first.status).toBe(206);
  expect(first.headers.get('content-range')).toBe(`bytes 0-99/${pattern.length}`);
  expect(Buffer.from(await first.arrayBuffer()).equals(pattern.subarray(0, 100))).toBe(true);

  const middle = await get(url, { range: 'bytes=30000-30999' });
  expect(middle.status).toBe(206);
  expect(middle.headers.get('content-length')).toBe('1000');
  expect(Buffer.from(await middle.arrayBuffer()).equals(pattern.subarray(30000, 31000))).toBe(true);

  const suffix = await get(url, { range: 'bytes=-500' });
  expect(suffix.status).toBe(206);
  expect(suffix.headers.get('content-range')).toBe(`bytes ${pattern.length - 500}-${pattern.length - 1}/${pattern.length}`);
  expect(Buffer.from(await suffix.arrayBuffer()).equals(pattern.subarray(pattern.length - 500))).toBe(true);

  const open = await get(url, { range: 'bytes=65000-' });
  expect(open.status).toBe(206);
  expect(Buffer.from(await open.arrayBuffer()).equals(pattern.subarray(65000))).toBe(true);

  // Several ranges: answered with the whole file (200), as serve.ts documents; overlapping ones combine into one.
  const several = await get(url, { range: 'bytes=0-9,1000-1009' });
  expect(several.status).toBe(200);
  expect(Number(several.headers.get('content-length'))).toBe(pattern.length);
  await several.arrayBuffer();
  const overlapping = await get(url, { range: 'bytes=0-99,50-199' });
  expect(overlapping.status).toBe(206);
  expect(overlapping.headers.get('content-range')).toBe(`bytes 0-199/${pattern.length}`);
  await overlapping.arrayBuffer();

  // A malformed Range is ignored (the whole file); one past the end is 416 with the size.
  const malformed = await get(url, { range: 'bytes=abc' });
  expect(malformed.status).toBe(200);
  await malformed.arrayBuffer();
  const past = await get(url, { range: `bytes=${pattern.length + 10}-` });
  expect(past.status).toBe(416);
  expect(past.headers.get('content-range')).toBe(`bytes */${pattern.length}`);
});

it('answers conditional requests: 304 for its ETag, If-Range with the current ETag ranges and with another the whole', async () => {
  const video = await buildVideo(t);
  const url = await addressFor(video.id, member.token);
  const etag = (await get(url, { range: 'bytes=0-0' })).headers.get('etag')!;
  expect(etag).toBeTruthy();
  // (fetch sends no-cache with a condition unless told otherwise; a browser revalidating says max-age=0.)
  expect((await get(url, { 'if-none-match': etag, 'cache-control': 'max-age=0' })).status).toBe(304);
  const same = await get(url, { range: 'bytes=0-9', 'if-range': etag });
  expect(same.status).toBe(206);
  await same.arrayBuffer();
  const changed = await get(url, { range: 'bytes=0-9', 'if-range': '"something-else"' });
  expect(changed.status).toBe(200);
  expect(Number(changed.headers.get('content-length'))).toBe(pattern.length);
  await changed.arrayBuffer();
});

it('refuses a tampered, expired or other video’s signature, and one whose grant changed', async () => {
  const video = await buildVideo(t);
  const other = await buildVideo(t);
  const url = await addressFor(video.id, member.token);
  const parsed = new URL(url);
  const sig = parsed.searchParams.get('sig')!;

  const tampered = new URL(url);
  tampered.searchParams.set('sig', `${sig.slice(0, -2)}${sig.endsWith('AA') ? 'BB' : 'AA'}`);
  expect((await get(tampered.toString())).status).toBe(404);
  const longer = new URL(url);
  longer.searchParams.set('exp', String(Number(parsed.searchParams.get('exp')) + 3600));
  expect((await get(longer.toString())).status).toBe(404);
  const anotherGrant = new URL(url);
  anotherGrant.searchParams.set('g', admin.user.id);
  expect((await get(anotherGrant.toString())).status).toBe(404);
  expect((await get(url.replace(video.id, other.id))).status).toBe(404);

  // An address signed an hour ago for minutes has expired.
  const addresses = t.app.services.videos.addresses;
  const old = addresses.sign(video.id, member.user.id, Date.now() - 3600_000 - addresses.ttlSeconds * 1000);
  expect((await get(`${t.url}/media/videos/${video.id}?${old}`)).status).toBe(404);
  expect((await get(`${t.url}/media/videos/${video.id}?${addresses.sign(video.id, member.user.id)}`)).status).toBe(200);
});

it('keeps videos from members without access: staff-only and plan videos, and stops an address when access is withdrawn', async () => {
  const staffOnly = await buildVideo(t, { access: VideoAccess.staff });
  expect((await view(staffOnly.id, member.token)).errors?.[0].extensions?.code).toBe('NOT_FOUND');
  const instructor = await makeUser(t, { role: Role.instructor });
  await addressFor(staffOnly.id, instructor.token);

  const plan = await buildMembershipPlan(t);
  const onPlan = await buildVideo(t, { access: VideoAccess.plans, planIds: [plan.id] });
  expect((await view(onPlan.id, member.token)).errors?.[0].extensions?.code).toBe('NOT_FOUND');
  const subscriber = await makeUser(t, { signed: true });
  await buildMembership(t, { holder: subscriber.user.id, plan: plan.id });
  const url = await addressFor(onPlan.id, subscriber.token);
  expect((await get(url, { range: 'bytes=0-0' })).status).toBe(206);

  // The plan taken off the video: the address handed out minutes ago stops at once.
  await em(t).nativeUpdate(Video, { id: onPlan.id }, { planIds: [], access: VideoAccess.staff });
  expect((await get(url, { range: 'bytes=0-0' })).status).toBe(404);

  // A deleted video stops too, and its file goes with it.
  const gone = await buildVideo(t);
  const goneUrl = await addressFor(gone.id, member.token);
  const deleted = await t.gql(`mutation ($id: ID!) { deleteVideo(id: $id) }`, { id: gone.id }, { token: admin.token });
  expect(deleted.errors).toBeUndefined();
  expect((await get(goneUrl)).status).toBe(404);
  expect(await t.app.services.storage.open(gone.fileKey!)).toBeNull();
});

it('locks a video behind its moves’ prerequisites until they are signed off, naming what unlocks it', async () => {
  const basic = await buildMove(t, { apparatusName: 'Lyra' });
  const next = await buildMove(t, { apparatusName: 'Lyra', prerequisiteIds: [basic.id] });
  const video = await buildVideo(t, { moveIds: [next.id], unlockedByPrerequisites: true });
  const student = await makeUser(t, { signed: true });

  const locked = await view(video.id, student.token);
  expect(locked.errors).toBeUndefined();
  expect(locked.data!.video).toMatchObject({ locked: true, playbackUrl: null, unlockedBy: [{ id: basic.id }] });
  const library = await t.gql(`{ videoLibrary { videos { locked video { id } } } }`, {}, { token: student.token });
  expect(library.data!.videoLibrary.videos).toContainEqual({ locked: true, video: { id: video.id } });
  // Staff are never locked out.
  expect((await view(video.id, admin.token)).data!.video.locked).toBe(false);

  const e = em(t);
  e.create(MoveProgress, {
    student: e.getReference(User, student.user.id),
    move: basic.id,
    side: MoveSide.both,
    state: MoveState.signed_off,
  });
  await e.flush();
  const open = await view(video.id, student.token);
  expect(open.data!.video).toMatchObject({ locked: false, unlockedBy: [] });
  expect((await get(`${t.url}${open.data!.video.playbackUrl}`, { range: 'bytes=0-0' })).status).toBe(206);
});

it('saves the position and offers it back, and lists the video under continue watching', async () => {
  const video = await buildVideo(t, { durationSeconds: 120 });
  const saved = await t.gql(
    `mutation ($id: ID!) { saveVideoPosition(videoId: $id, seconds: 42.5) }`,
    { id: video.id },
    { token: member.token },
  );
  expect(saved.errors).toBeUndefined();
  expect(saved.data!.saveVideoPosition).toBe(42.5);
  const again = await t.gql(`query ($id: ID!) { video(id: $id) { positionSeconds } }`, { id: video.id }, { token: member.token });
  expect(again.data!.video.positionSeconds).toBe(42.5);
  const library = await t.gql(`{ videoLibrary { continueWatching { positionSeconds video { id } } } }`, {}, { token: member.token });
  expect(library.data!.videoLibrary.continueWatching[0]).toEqual({ positionSeconds: 42.5, video: { id: video.id } });
});
