import { startTestApp, type TestApp } from '../../test/app.js';
import { em } from '../../test/factories.js';
import { User } from '../modules/users/user.entity.js';
import { WaiverSignature } from '../modules/waivers/waiver-signature.entity.js';
import { Booking } from '../modules/bookings/booking.entity.js';
import { WaitlistEntry } from '../modules/bookings/waitlist-entry.entity.js';
import { ClassBlueprint } from '../modules/classes/class-blueprint.entity.js';
import { ClassInstance } from '../modules/classes/class-instance.entity.js';
import { Invoice } from '../modules/invoices/invoice.entity.js';
import { ChatMessage } from '../modules/chat/chat.entity.js';
import { AdminMembershipArgs, MembershipSortField } from '../modules/memberships/memberships.types.js';
import { ClassMoveRequirement } from '../modules/moves/move-gate.entity.js';
import { Move } from '../modules/moves/move.entity.js';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { Video } from '../modules/videos/video.entity.js';
import { DEMO_PASSWORD, seedDemo } from './demo.js';
import { DEMO_LOCK, DEMO_VIDEO_DIR } from './demo-videos.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

it('seeds the demo accounts and family once; a second run changes nothing', async () => {
  await seedDemo(t.app.services);
  const count = async () => [
    await em(t).count(User, {}),
    await em(t).count(WaiverSignature, {}),
    await em(t).count(ClassInstance, {}),
    await em(t).count(Booking, {}),
    await em(t).count(WaitlistEntry, {}),
  ];
  const first = await count();
  await seedDemo(t.app.services);
  expect(await count()).toEqual(first);
  const [users, signatures, classes, , waiting] = first;
  // 5 accounts + Mia and Leo + 7 members who fill the full class + the history's 6 regulars, 2 parents and 3 children;
  // signed: 4 staff/student + Mia + 7 members + the history's 11; 8 weeks of 10 weekly classes ahead and 8 behind;
  // 2 waiting.
  expect([users, signatures, classes, waiting]).toEqual([25, 23, 160, 2]);
  // Bookings ahead: 4 demo bookings + 6 in the full class (finished classes hold the history's).
  expect(await em(t).count(Booking, { classInstance: { endsAt: { $gt: new Date() } } })).toBe(10);
  // The demo studio charges fees for late cancellations and no-shows.
  expect(await t.app.services.settings.get(em(t))).toMatchObject({ lateCancelFeeCents: 1000, noShowFeeCents: 1500 });
});

it('gives the parent a 10-year-old and a 19-year-old and leaves the parent unsigned; the student has signed', async () => {
  await seedDemo(t.app.services);
  const login = async (username: string) =>
    (
      await t.gql(`mutation($u: String!, $p: String!) { login(username: $u, password: $p) { token redirect } }`, {
        u: username,
        p: DEMO_PASSWORD,
      })
    ).data?.login;
  const parent = await login('parent');
  expect(parent.redirect).toBe('/waiver');
  const profile = await t.gql(`{ profile { role familyMembers { firstName age isMinor } } }`, {}, { token: parent.token });
  expect(profile.data?.profile.role).toBe('parent');
  expect(profile.data?.profile.familyMembers.map((m: { age: number }) => m.age).sort()).toEqual([10, 19]);
  for (const username of ['admin', 'instructor', 'teacher', 'student']) expect((await login(username)).redirect).toBe('/dashboard');
});

it('builds a schedule whose descriptions name real moves, with a full class and a waitlist', async () => {
  await seedDemo(t.app.services);
  const student = (await t.gql(`mutation { login(username: "student", password: "${DEMO_PASSWORD}") { token } }`)).data?.login.token;
  const waitlist = await t.gql(`{ myWaitlist { position classInstance { spotsLeft blueprint { name } } } }`, {}, { token: student });
  expect(waitlist.data?.myWaitlist).toEqual([{ position: 1, classInstance: { spotsLeft: 0, blueprint: { name: 'Lyra Level 3' } } }]);
  const bookings = await t.gql(`{ myBookings { classInstance { blueprint { name description } } } }`, {}, { token: student });
  const names = bookings.data?.myBookings
    .map((b: { classInstance: { blueprint: { name: string } } }) => b.classInstance.blueprint.name)
    .sort();
  expect(names).toEqual(['Pole Level 1', 'Silks Intro']);
  expect(bookings.data?.myBookings[0].classInstance.blueprint.description).toMatch(/Moves you will work on: /);
});

it('seeds invoices in every status once: open, paid by bank transfer, void, a draft, an overdue one for Mia, a written-off one for Leo', async () => {
  await seedDemo(t.app.services);
  await seedDemo(t.app.services);
  const invoices = await em(t).find(Invoice, {}, { populate: ['member'], orderBy: { number: 'asc' } });
  expect(invoices.map((i) => [i.member.firstName, i.status])).toEqual([
    ['Sam', 'open'],
    ['Sam', 'paid'],
    ['Sam', 'void'],
    ['Paula', 'draft'],
    ['Mia', 'open'],
    ['Leo', 'uncollectible'],
  ]);
  expect(invoices.map((i) => i.number)).toEqual([1, 2, 3, 4, 5, 6]);
  expect(t.app.services.invoices.isOverdue(invoices[4])).toBe(true);
});

it('seeds staff chat conversations once, with a few unread messages for the demo staff and parent', async () => {
  await seedDemo(t.app.services);
  const messages = await em(t).count(ChatMessage, {});
  expect(messages).toBeGreaterThan(10);
  await seedDemo(t.app.services);
  expect(await em(t).count(ChatMessage, {})).toBe(messages);
  const unread = async (username: string) => {
    const user = await em(t).findOneOrFail(User, { username });
    return (await t.app.services.chat.overview(em(t), user)).conversations.map((c) => [c.title, c.unreadCount]);
  };
  expect(await unread('parent')).toEqual([['Studio staff', 1]]);
  expect(await unread('instructor')).toEqual(
    expect.arrayContaining([
      ['Staff room', 1],
      ['Paula Reyes (family)', 0],
      ['Theo Marsh', 0],
      ['Feedback', 3],
    ]),
  );
});

it('seeds membership plans, class packs in the shop and members using them, once', async () => {
  await seedDemo(t.app.services);
  await seedDemo(t.app.services);
  const plans = await t.app.services.memberships.plans(em(t), true);
  expect(plans.map((p) => p.name)).toEqual(['Silks & Hammock four', 'Eight a month', 'Unlimited', 'Family unlimited', 'Unlimited yearly']);
  expect((await t.app.services.memberships.classPackProducts(em(t))).map((p) => [p.name, p.packClasses, p.packValidDays])).toEqual([
    ['Intro pass', 2, 30],
    ['5-class pack', 5, 60],
    ['10-class pack', 10, 120],
  ]);
  const ava = await em(t).findOneOrFail(User, { username: 'ava.chen' });
  const [membership] = await t.app.services.memberships.myMemberships(em(t), ava);
  expect(membership).toMatchObject({ status: 'active', plan: { name: 'Eight a month' } });
  const args = Object.assign(new AdminMembershipArgs(), { page: 1, pageSize: 25, sortField: MembershipSortField.member });
  const { items } = await t.app.services.memberships.adminList(em(t), args);
  expect(items.map((m) => [m.holder.username, m.status, m.comp, m.failedPayments])).toEqual(
    expect.arrayContaining([
      ['ethan.cole', 'past_due', false, 1],
      ['priya.shah', 'paused', false, 0],
      ['lucas.weber', 'active', true, 0],
    ]),
  );
  const maya = await em(t).findOneOrFail(User, { username: 'maya.brooks' });
  expect((await t.app.services.memberships.myPacks(em(t), maya)).map((p) => [p.classes, p.used])).toEqual([[10, 3]]);
});

it('seeds the 69 real moves with levels, two class types that require a level, and the demo members’ progress', async () => {
  await seedDemo(t.app.services);
  expect(await em(t).count(Move, {})).toBe(69);
  const requirements = await em(t).find(ClassMoveRequirement, {}, { populate: ['blueprint', 'apparatus'] });
  expect(requirements.map((r) => [r.blueprint.name, r.apparatus?.name, r.level]).sort()).toEqual([
    ['Pole Level 4', 'Pole', 3],
    ['Trapeze Level 2', 'Trapeze', 1],
  ]);
  const student = await em(t).findOneOrFail(User, { username: 'student' });
  const mine = await t.app.services.moves.studentMoves(em(t), student);
  const lyra = mine.apparatus.find((a) => a.apparatus.name === 'Lyra')!;
  expect(lyra).toMatchObject({ level: 1, nextLevel: { name: 'Lyra 2', signedOff: 0 } });
  expect(lyra.moves.map((m) => m.state)).toEqual(expect.arrayContaining(['signed_off', 'solid', 'learning']));
  expect(mine.apparatus.flatMap((a) => a.moves).filter((m) => m.refresh)).toHaveLength(1);
  expect(mine.history.length).toBeGreaterThan(10);
});

it('gives the demo studio a home page with its picture, an intro offer, address and hours, and keeps an admin’s edit', async () => {
  await seedDemo(t.app.services);
  const page = await t.app.services.landing.get(em(t));
  expect(page).toMatchObject({
    heroBackgroundImage: '/demo/studio.svg',
    introOfferTitle: 'New here? Two classes for $30',
    introOfferLink: '/memberships',
    visitAddress: expect.stringContaining('Portland'),
  });
  expect(page.socialLinks.map((l) => l.url)).toEqual(expect.arrayContaining(['https://www.instagram.com/aerialstudio.demo/']));
  // The offer's pass is in the shop at the price the page names.
  const intro = (await t.app.services.memberships.classPackProducts(em(t))).find((p) => p.name === 'Intro pass');
  expect(intro).toMatchObject({ priceCents: 3000, packClasses: 2 });
  await t.app.services.landing.update(em(t), { introOfferTitle: '' });
  await seedDemo(t.app.services);
  expect((await t.app.services.landing.get(em(t))).introOfferTitle).toBe('');
});

it('limits the pole classes to ages 16 and up: the front desk cannot book 10-year-old Mia into one', async () => {
  await seedDemo(t.app.services);
  const pole = await em(t).find(ClassBlueprint, { name: { $like: 'Pole%' } }, { orderBy: { name: 'asc' } });
  expect(pole.map((b) => [b.name, b.minAge, b.maxAge])).toEqual([
    ['Pole Level 1', 16, null],
    ['Pole Level 4', 16, null],
  ]);
  const admin = (await t.gql(`mutation { login(username: "admin", password: "${DEMO_PASSWORD}") { token } }`)).data?.login.token;
  const mia = (await em(t).findOneOrFail(User, { firstName: 'Mia', lastName: 'Reyes' })).id;
  const next = await em(t).findOneOrFail(
    ClassInstance,
    { blueprint: pole[0], startsAt: { $gt: new Date() } },
    { orderBy: { startsAt: 'asc' } },
  );
  const res = await t.gql(
    `mutation($c: ID!, $a: ID!) { staffBookAttendee(classInstanceId: $c, attendeeId: $a) { id } }`,
    { c: next.id, a: mia },
    { token: admin },
  );
  expect(res.errors?.[0].message).toMatch(/^Mia Reyes is 10 on the day of the class; Pole Level 1 is for ages 16 and up\.$/);
});

it('seeds three tiny test-pattern videos tied to moves once: one shared publicly, one locked until its prerequisite is signed off', async () => {
  await seedDemo(t.app.services);
  await seedDemo(t.app.services);
  const videos = await em(t).find(Video, { purpose: 'library' as never }, { orderBy: { title: 'asc' } });
  const demo = videos.filter((v) => v.title.endsWith('(test pattern)'));
  expect(demo).toHaveLength(3);
  for (const video of demo) {
    expect(video.moveIds).toHaveLength(1);
    expect(video.size).toBeLessThan(100_000);
    expect(video.fileKey).toMatch(/\.webm$/);
  }
  for (const file of readdirSync(DEMO_VIDEO_DIR)) expect(statSync(path.join(DEMO_VIDEO_DIR, file)).size).toBeLessThan(100_000);

  const shared = demo.filter((v) => v.sharing);
  expect(shared).toHaveLength(1);
  const page = await t.gql(`query ($id: ID!) { sharedVideo(id: $id) { title playbackUrl } }`, { id: shared[0].id });
  expect(page.data!.sharedVideo.title).toBe(shared[0].title);
  const played = await fetch(`${t.url}${page.data!.sharedVideo.playbackUrl}`, { headers: { range: 'bytes=0-3' } });
  expect(Buffer.from(await played.arrayBuffer()).readUInt32BE(0)).toBe(0x1a45dfa3); // WebM's EBML header

  const student = (await t.gql(`mutation { login(username: "student", password: "${DEMO_PASSWORD}") { token } }`)).data?.login.token;
  const locked = demo.find((v) => v.unlockedByPrerequisites)!;
  const VIEW = `query ($id: ID!) { video(id: $id) { locked playbackUrl unlockedBy { id name } } }`;
  // The library names each video's moves for the viewer, locked ones too (the lock check reads the moves partly).
  const library = await t.gql(`{ videoLibrary { videos { locked video { title moves { name } } } } }`, {}, { token: student });
  expect(library.errors).toBeUndefined();
  const names = library.data!.videoLibrary.videos.flatMap((v: { video: { moves: { name: string }[] } }) =>
    v.video.moves.map((m) => m.name),
  );
  expect(names.length).toBeGreaterThanOrEqual(3);
  expect(names.every((n: string) => typeof n === 'string' && n.length > 0)).toBe(true);
  const before = await t.gql(VIEW, { id: locked.id }, { token: student });
  expect(before.data!.video).toMatchObject({ locked: true, playbackUrl: null, unlockedBy: [{ name: DEMO_LOCK.prerequisite }] });
  // The student asked for this sign-off (demo-moves.ts): the instructor approving it unlocks the video.
  const instructor = (await t.gql(`mutation { login(username: "instructor", password: "${DEMO_PASSWORD}") { token } }`)).data?.login.token;
  const me = await em(t).findOneOrFail(User, { username: 'student' });
  const signed = await t.gql(
    `mutation ($input: MoveStateInput!) { setMoveState(input: $input) { __typename } }`,
    { input: { moveId: before.data!.video.unlockedBy[0].id, studentId: me.id, state: 'signed_off' } },
    { token: instructor },
  );
  expect(signed.errors).toBeUndefined();
  const after = await t.gql(VIEW, { id: locked.id }, { token: student });
  expect(after.data!.video.locked).toBe(false);
  expect(after.data!.video.playbackUrl).toMatch(new RegExp(`^/media/videos/${locked.id}\\?`));
});
