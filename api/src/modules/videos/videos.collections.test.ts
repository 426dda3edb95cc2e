import { randomUUID } from 'node:crypto';
import { startTestApp, type TestApp } from '../../../test/app.js';
import { buildVideo, makeUser, Role, type MadeUser } from '../../../test/factories.js';
import { VideoAccess } from './video.entity.js';

let t: TestApp;
let admin: MadeUser;
let member: MadeUser;
beforeAll(async () => {
  t = await startTestApp();
  admin = await makeUser(t, { role: Role.admin });
  member = await makeUser(t, { signed: true });
});
afterAll(() => t.close());

const SAVE = `mutation($input: VideoCollectionInput!) { saveVideoCollection(input: $input) { id title description } }`;
const ADMIN_LIST = `{ videoCollections { collection { id title description } videoIds } }`;
const LIBRARY = `{ videoLibrary { collections { id title description videos { video { id } } } } }`;
type Library = { videoLibrary: { collections: { id: string; title: string; videos: { video: { id: string } }[] }[] } };
const save = (input: Record<string, unknown>, token = admin.token) => t.gql(SAVE, { input }, { token });
const libraryOf = async (token: string, id: string) =>
  (await t.gql<Library>(LIBRARY, {}, { token })).data!.videoLibrary.collections.find((c) => c.id === id);

it('an admin makes an ordered series, reorders it, and members see it in that order', async () => {
  const [a, b, c] = [await buildVideo(t), await buildVideo(t), await buildVideo(t)];
  const made = await save({ title: '  Lyra 1 in three lessons ', description: 'Start here.', videoIds: [b.id, a.id, c.id] });
  expect(made.errors).toBeUndefined();
  const id = made.data!.saveVideoCollection.id;
  expect(made.data!.saveVideoCollection).toMatchObject({ title: 'Lyra 1 in three lessons', description: 'Start here.' });
  const listed = (await t.gql(ADMIN_LIST, {}, { token: admin.token })).data!.videoCollections.find(
    (x: { collection: { id: string } }) => x.collection.id === id,
  );
  expect(listed.videoIds).toEqual([b.id, a.id, c.id]);
  expect((await libraryOf(member.token, id))!.videos.map((v) => v.video.id)).toEqual([b.id, a.id, c.id]);

  // Reordered, one removed, a repeat kept once.
  expect((await save({ id, title: 'Lyra 1 in two lessons', videoIds: [c.id, b.id, c.id] })).errors).toBeUndefined();
  const again = await libraryOf(member.token, id);
  expect(again!.title).toBe('Lyra 1 in two lessons');
  expect(again!.videos.map((v) => v.video.id)).toEqual([c.id, b.id]);
});

it('shows a member only the videos they may watch, and no collection when none is left', async () => {
  const open = await buildVideo(t);
  const staffOnly = await buildVideo(t, { access: VideoAccess.staff });
  const mixed = (await save({ title: 'Mixed', videoIds: [staffOnly.id, open.id] })).data!.saveVideoCollection.id;
  const hidden = (await save({ title: 'Staff series', videoIds: [staffOnly.id] })).data!.saveVideoCollection.id;
  expect((await libraryOf(member.token, mixed))!.videos.map((v) => v.video.id)).toEqual([open.id]);
  expect(await libraryOf(member.token, hidden)).toBeUndefined();
  expect((await libraryOf(admin.token, hidden))!.videos).toHaveLength(1);
});

it('refuses anyone but admins, and bad input with clear messages', async () => {
  const video = await buildVideo(t);
  expect((await t.gql(SAVE, { input: { title: 'Mine', videoIds: [video.id] } })).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  for (const role of [Role.student, Role.parent, Role.instructor, Role.teacher]) {
    const { token } = await makeUser(t, { role });
    expect((await save({ title: 'Mine', videoIds: [video.id] }, token)).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect((await t.gql(ADMIN_LIST, {}, { token })).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect(
      (await t.gql(`mutation($id: ID!) { deleteVideoCollection(id: $id) }`, { id: randomUUID() }, { token })).errors?.[0].extensions?.code,
    ).toBe('FORBIDDEN');
  }
  const refusals: [Record<string, unknown>, string][] = [
    [{ title: '   ', videoIds: [] }, 'Give the collection a title.'],
    [{ title: 'x'.repeat(121), videoIds: [] }, 'At most 120 characters.'],
    [{ title: 'Ok', description: 'x'.repeat(4001), videoIds: [] }, 'At most 4,000 characters.'],
    [{ title: 'Ok', videoIds: Array.from({ length: 201 }, () => randomUUID()) }, 'At most 200 videos in a collection.'],
    [{ title: 'Ok', videoIds: [randomUUID()] }, 'Choose videos of the library.'],
    [{ title: 'Ok', videoIds: ['not-an-id'] }, 'videoIds'],
    [{ title: 'Nul\u0000byte', videoIds: [] }, ''],
  ];
  for (const [input, message] of refusals) {
    const res = await save(input);
    expect(res.status).toBeLessThan(500);
    expect(res.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    expect(JSON.stringify(res.errors?.[0])).toContain(message);
  }
  expect((await save({ id: randomUUID(), title: 'Gone', videoIds: [] })).errors?.[0].extensions?.code).toBe('NOT_FOUND');
});

it('deletes a collection (its videos stay in the library)', async () => {
  const video = await buildVideo(t);
  const id = (await save({ title: 'Short-lived', videoIds: [video.id] })).data!.saveVideoCollection.id;
  const res = await t.gql(`mutation($id: ID!) { deleteVideoCollection(id: $id) }`, { id }, { token: admin.token });
  expect(res.data?.deleteVideoCollection).toBe(true);
  expect(await libraryOf(member.token, id)).toBeUndefined();
  expect(
    (await t.gql(`query($id: ID!) { video(id: $id) { video { id } } }`, { id: video.id }, { token: member.token })).data?.video.video.id,
  ).toBe(video.id);
});
