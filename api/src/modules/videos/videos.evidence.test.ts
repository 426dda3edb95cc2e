import { startTestApp, type TestApp } from '../../../test/app.js';
import { fetchRead } from '../../../test/fetch.js';
import { buildMove, buildVideo, em, makeFamilyMember, makeUser, Role, tokenFor, type MadeUser } from '../../../test/factories.js';
import { makeClip, tusUpload } from '../../../test/video-files.js';
import { Notification } from '../notifications/notification.entity.js';
import { MoveProgress, MoveState, SignOffOutcome, SignOffRequest } from '../moves/move-progress.entity.js';
import type { User } from '../users/user.entity.js';
import { Video, VideoProcessing, VideoPurpose } from './video.entity.js';

let t: TestApp;
let instructor: MadeUser;
let clip: Buffer;
beforeAll(async () => {
  t = await startTestApp();
  instructor = await makeUser(t, { role: Role.instructor });
  clip = makeClip('h264-faststart', 2);
});
afterAll(() => t.close());

const START = `mutation($r: ID!, $size: Float) {
  startEvidenceClip(requestId: $r, size: $size) { videoId uploadUrl maxBytes request { id clip { id } } }
}`;
const REQUESTS = `query($s: ID) {
  studentSignOffRequests(studentId: $s) { id outcome response closedAt move { id } clip { id processing playbackUrl } }
}`;
type Clip = { id: string; processing: string; playbackUrl: string | null } | null;
type Req = { id: string; outcome: string | null; response: string; closedAt: string | null; move: { id: string }; clip: Clip };

/** A student's open sign-off request on a new move, asked by `asker` (the student, or their parent). */
async function openRequest(student: User, asker: MadeUser): Promise<{ requestId: string; moveId: string }> {
  const move = await buildMove(t);
  const res = await t.gql(
    `mutation($s: ID!, $m: ID!) { requestMoveSignOff(studentId: $s, moveId: $m, note: "Nailed it") { move { signOffRequested } } }`,
    { s: student.id, m: move.id },
    { token: asker.token },
  );
  expect(res.errors).toBeUndefined();
  const request = await em(t).findOneOrFail(SignOffRequest, { student: student.id, move: move.id });
  return { requestId: request.id, moveId: move.id };
}

/** Attaches and uploads a real clip to a request; answers the clip's video id. */
async function attachClip(requestId: string, asker: MadeUser): Promise<string> {
  const started = await t.gql(START, { r: requestId, size: clip.length }, { token: asker.token });
  expect(started.errors).toBeUndefined();
  expect(started.data!.startEvidenceClip).toMatchObject({ uploadUrl: '/api/uploads/videos', maxBytes: 100 * 1024 * 1024 });
  const videoId = started.data!.startEvidenceClip.videoId as string;
  expect((await tusUpload(t.url, asker.token, videoId, clip, 'attempt.mp4')).status).toBe(204);
  return videoId;
}

const requestsOf = async (studentId: string | null, token: string): Promise<Req[]> => {
  const res = await t.gql<{ studentSignOffRequests: Req[] }>(REQUESTS, { s: studentId }, { token });
  expect(res.errors).toBeUndefined();
  return res.data!.studentSignOffRequests;
};

it('refuses the signed-out to start a clip', async () => {
  const student = await makeUser(t, { signed: true });
  const { requestId } = await openRequest(student.user, student);
  const res = await t.gql(START, { r: requestId });
  expect(res.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
});

it('lets a student attach a clip to their own request: it uploads, plays for them and staff, and stays private', async () => {
  const student = await makeUser(t, { signed: true });
  const { requestId } = await openRequest(student.user, student);
  const videoId = await attachClip(requestId, student);

  const video = await em(t).findOneOrFail(Video, { id: videoId });
  expect(video).toMatchObject({ purpose: VideoPurpose.evidence, signOffRequest: requestId });
  expect(video.owner?.id).toBe(student.user.id);
  expect(video.processing).not.toBe(VideoProcessing.awaiting_upload);

  // The student sees the clip with an address that plays the real bytes.
  const [mine] = await requestsOf(null, student.token);
  expect(mine.clip).toMatchObject({ id: videoId });
  expect(mine.clip!.playbackUrl).toMatch(new RegExp(`^/media/videos/${videoId}\\?exp=\\d+&g=[^&]+&sig=`));
  const played = await fetch(`${t.url}${mine.clip!.playbackUrl}`, { headers: { range: 'bytes=0-99' } });
  expect(played.status).toBe(206);
  expect(played.headers.get('content-type')).toBe('video/mp4');
  expect((await played.arrayBuffer()).byteLength).toBe(100);

  // Staff see it on the open requests, with an address of their own.
  const staff = await t.gql(`{ moveSignOffRequests { id clip { id playbackUrl } } }`, {}, { token: instructor.token });
  const seen = staff.data!.moveSignOffRequests.find((r: { id: string }) => r.id === requestId);
  expect(seen.clip.id).toBe(videoId);
  expect((await fetchRead(`${t.url}${seen.clip.playbackUrl}`)).status).toBe(200);

  // Signed out: the route refuses the bytes without a valid address.
  expect((await fetchRead(`${t.url}/media/videos/${videoId}`)).status).toBe(404);

  // Another member: cannot read the student's requests, and the student's address is no good in their name.
  const other = await makeUser(t, { signed: true });
  const theirs = await t.gql(REQUESTS, { s: student.user.id }, { token: other.token });
  expect(theirs.errors?.[0].extensions?.code).toBe('FORBIDDEN');
  const view = await t.gql(`query($id: ID!) { video(id: $id) { playbackUrl } }`, { id: videoId }, { token: other.token });
  expect(view.errors?.[0].extensions?.code).toBe('NOT_FOUND');
  const forged = mine.clip!.playbackUrl!.replace(/g=[^&]+/, `g=${other.user.id}`);
  expect((await fetchRead(`${t.url}${forged}`)).status).toBe(404);
  // A signed address minted for a non-staff non-guardian is refused by the route all the same.
  const minted = `${t.url}/media/videos/${videoId}?${t.app.services.videos.addresses.sign(videoId, other.user.id)}`;
  expect((await fetchRead(minted)).status).toBe(404);
});

it("lets a parent attach a clip to their child's request and watch it; another parent gets no address", async () => {
  const parent = await makeUser(t, { signed: true });
  const child = await makeFamilyMember(t, parent.user, 12);
  const { requestId } = await openRequest(child, parent);
  const videoId = await attachClip(requestId, parent);

  const [request] = await requestsOf(child.id, parent.token);
  expect(request.clip!.id).toBe(videoId);
  expect((await fetchRead(`${t.url}${request.clip!.playbackUrl}`)).status).toBe(200);

  const otherParent = await makeUser(t, { signed: true });
  await makeFamilyMember(t, otherParent.user, 10);
  const minted = `${t.url}/media/videos/${videoId}?${t.app.services.videos.addresses.sign(videoId, otherParent.user.id)}`;
  expect((await fetchRead(minted)).status).toBe(404);
});

it("refuses a clip for someone else's request, a closed request, a second clip and a file over 100 MB", async () => {
  const student = await makeUser(t, { signed: true });
  const { requestId } = await openRequest(student.user, student);
  const other = await makeUser(t, { signed: true });
  expect((await t.gql(START, { r: requestId }, { token: other.token })).errors?.[0].extensions?.code).toBe('FORBIDDEN');

  // Someone else cannot upload into the student's clip either.
  const started = await t.gql(START, { r: requestId }, { token: student.token });
  const videoId = started.data!.startEvidenceClip.videoId;
  expect((await tusUpload(t.url, other.token, videoId, clip, 'attempt.mp4')).status).toBe(403);

  const tooBig = await t.gql(START, { r: requestId, size: 101 * 1024 * 1024 }, { token: student.token });
  expect(tooBig.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');

  // A clip begun and never uploaded is replaced; once one is uploaded, a second is refused.
  await attachClip(requestId, student);
  expect(await em(t).count(Video, { id: videoId })).toBe(0);
  const second = await t.gql(START, { r: requestId }, { token: student.token });
  expect(second.errors?.[0].extensions?.code).toBe('CONFLICT');

  const reject = await t.gql(
    `mutation($r: ID!) { rejectMoveSignOff(requestId: $r, note: "Point your toes") { id } }`,
    { r: requestId },
    { token: instructor.token },
  );
  expect(reject.errors).toBeUndefined();
  const closed = await t.gql(START, { r: requestId }, { token: student.token });
  expect(closed.errors?.[0].extensions?.code).toBe('CONFLICT');
});

const REJECT = `mutation($r: ID!, $note: String!) { rejectMoveSignOff(requestId: $r, note: $note) { id outcome response closedAt } }`;
const APPROVE = `mutation($r: ID!) { approveMoveSignOff(requestId: $r) { id outcome closedAt } }`;

it('lets staff reject with a note: the request closes, keeps the note, and the student is told', async () => {
  const student = await makeUser(t, { signed: true });
  const { requestId } = await openRequest(student.user, student);
  await attachClip(requestId, student);

  expect((await t.gql(REJECT, { r: requestId, note: 'No' }, { token: student.token })).errors?.[0].extensions?.code).toBe('FORBIDDEN');
  const blank = await t.gql(REJECT, { r: requestId, note: '   ' }, { token: instructor.token });
  expect(blank.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
  const long = await t.gql(REJECT, { r: requestId, note: 'x'.repeat(1001) }, { token: instructor.token });
  expect(long.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
  const nul = await t.gql(REJECT, { r: requestId, note: 'a\u0000b' }, { token: instructor.token });
  expect(nul.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');

  const res = await t.gql(REJECT, { r: requestId, note: ' Keep your legs straight, then send another. ' }, { token: instructor.token });
  expect(res.errors).toBeUndefined();
  expect(res.data!.rejectMoveSignOff).toMatchObject({ outcome: 'rejected', response: 'Keep your legs straight, then send another.' });
  expect(res.data!.rejectMoveSignOff.closedAt).not.toBeNull();

  const [seen] = await requestsOf(null, student.token);
  expect(seen).toMatchObject({ id: requestId, outcome: 'rejected', response: 'Keep your legs straight, then send another.' });
  expect(seen.clip!.playbackUrl).not.toBeNull();
  const told = await em(t).find(Notification, { user: student.user.id });
  expect(told.map((n) => n.title)).toEqual([expect.stringContaining('not signed off yet')]);

  const again = await t.gql(REJECT, { r: requestId, note: 'Twice' }, { token: instructor.token });
  expect(again.errors?.[0].extensions?.code).toBe('CONFLICT');
  // The student may ask again after a rejection.
  const open = await t.gql(`{ moveSignOffRequests { id } }`, {}, { token: instructor.token });
  expect(open.data!.moveSignOffRequests.map((r: { id: string }) => r.id)).not.toContain(requestId);
});

it('lets staff approve: the move is signed off and the request closes as approved', async () => {
  const student = await makeUser(t, { signed: true });
  const { requestId, moveId } = await openRequest(student.user, student);
  expect((await t.gql(APPROVE, { r: requestId }, { token: student.token })).errors?.[0].extensions?.code).toBe('FORBIDDEN');
  const res = await t.gql(APPROVE, { r: requestId }, { token: await tokenFor(t, instructor.user) });
  expect(res.errors).toBeUndefined();
  expect(res.data!.approveMoveSignOff.outcome).toBe(SignOffOutcome.approved);
  const rows = await em(t).find(MoveProgress, { student: student.user.id, move: moveId });
  expect(rows.map((r) => r.state)).toEqual([MoveState.signed_off]);
  const [seen] = await requestsOf(null, student.token);
  expect(seen).toMatchObject({ outcome: 'approved' });
  expect((await em(t).find(Notification, { user: student.user.id })).map((n) => n.title)).toEqual([expect.stringContaining('signed off')]);
});

it('keeps evidence clips out of every library listing', async () => {
  const student = await makeUser(t, { signed: true });
  const { requestId, moveId } = await openRequest(student.user, student);
  const videoId = await attachClip(requestId, student);
  const library = await buildVideo(t, { title: 'Library clip', moveIds: [moveId] });
  const admin = await makeUser(t, { role: Role.admin });

  for (const token of [student.token, instructor.token, admin.token]) {
    const res = await t.gql(
      `query($m: ID!) { all: videoLibrary { videos { video { id } } continueWatching { video { id } } }
                         byMove: videoLibrary(moveId: $m) { videos { video { id } } } }`,
      { m: moveId },
      { token },
    );
    expect(res.errors).toBeUndefined();
    const ids = [...res.data!.all.videos, ...res.data!.all.continueWatching, ...res.data!.byMove.videos].map(
      (c: { video: { id: string } }) => c.video.id,
    );
    expect(ids).toContain(library.id);
    expect(ids).not.toContain(videoId);
  }
  const adminList = await t.gql(`{ adminVideos { id } }`, {}, { token: admin.token });
  expect(adminList.data!.adminVideos.map((v: { id: string }) => v.id)).not.toContain(videoId);
  // Nor can a clip be shared or put in a collection.
  const share = await t.gql(
    `mutation($id: ID!) { setVideoSharing(id: $id, input: { sharing: true }) { id } }`,
    { id: videoId },
    { token: admin.token },
  );
  expect(share.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
  const collection = await t.gql(
    `mutation($v: [ID!]!) { saveVideoCollection(input: { title: "Mine", videoIds: $v }) { id } }`,
    { v: [videoId] },
    { token: admin.token },
  );
  expect(collection.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
});
