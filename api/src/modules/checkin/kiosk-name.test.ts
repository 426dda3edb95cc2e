import { randomBytes } from 'node:crypto';
import { startTestApp, type TestApp } from '../../../test/app.js';
import { makeClass } from '../../../test/classes.js';
import { em, makeFamilyMember, makeUser, Role } from '../../../test/factories.js';
import { Booking } from '../bookings/booking.entity.js';
import { User } from '../users/user.entity.js';
import { KIOSK_LOOKUPS } from './checkin.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const SET_UP = `mutation { setUpKioskScreen { deviceToken setUpBy expiresAt } }`;
const SCREEN = `query($d: String!) { kioskScreen(deviceToken: $d) { setUpBy expiresAt } }`;
const FIND = `query($d: String!, $l: String!) { kioskFind(deviceToken: $d, letters: $l) { bookingId name className startTime checkedIn needsPin } }`;
const ROSTER = `query($d: String!, $c: ID!) { kioskRoster(deviceToken: $d, classInstanceId: $c) { bookingId name checkedIn needsPin } }`;
const TAP = `mutation($d: String!, $b: ID!, $p: String) { kioskTapIn(deviceToken: $d, bookingId: $b, pin: $p) { token firstName bookings { bookingId attendeeFirstName checkedIn } } }`;
const CHECK_IN = `mutation($t: String!, $ids: [ID!]!) { kioskCheckIn(token: $t, bookingIds: $ids) { bookings { bookingId checkedIn } } }`;
const BOOK = `mutation($c: ID!, $a: ID!) { bookClass(classInstanceId: $c, attendeeId: $a) { booking { id } } }`;
let ip = 1;
const fromIp = () => ({ headers: { 'x-forwarded-for': `10.30.0.${ip++}` } });

/** A name no other test uses, so lookups find only this test's people. */
const uniqueName = (base: string) => base + [...randomBytes(6)].map((b) => String.fromCharCode(97 + (b % 26))).join('');

async function kioskScreen(): Promise<string> {
  const admin = await makeUser(t, { role: Role.admin, firstName: 'Avery', lastName: 'Stone' });
  const res = await t.gql(SET_UP, {}, { token: admin.token });
  expect(res.errors).toBeUndefined();
  return res.data?.setUpKioskScreen.deviceToken;
}

/** A parent (with a made-up surname) and their 9-year-old, both booked into a class open for check-in. */
async function familyInOpenClass(opts: { pin?: string } = {}) {
  const c = await makeClass(t, { startsInMinutes: 10 });
  const lastName = uniqueName('Quill');
  const parent = await makeUser(t, { role: Role.parent, signed: true, firstName: uniqueName('Paula'), lastName });
  const kid = await makeFamilyMember(t, parent.user, 9, uniqueName('Mia'));
  await t.app.services.waivers.sign(em(t), parent.user, [kid.id], { ip: null, userAgent: null });
  const mine = (await t.gql(BOOK, { c: c.id, a: parent.user.id }, { token: parent.token })).data?.bookClass.booking.id as string;
  const kids = (await t.gql(BOOK, { c: c.id, a: kid.id }, { token: parent.token })).data?.bookClass.booking.id as string;
  if (opts.pin) await t.gql(`mutation($p: String!) { setCheckInPin(pin: $p) }`, { p: opts.pin }, { token: parent.token });
  return { c, parent, kid, lastName, bookingIds: { parent: mine, kid: kids } };
}

describe('setting a screen up as the kiosk', () => {
  it('needs a signed-in staff member', async () => {
    expect((await t.gql(SET_UP)).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    for (const role of [Role.parent, Role.student]) {
      const member = await makeUser(t, { role });
      expect((await t.gql(SET_UP, {}, { token: member.token })).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    }
    const instructor = await makeUser(t, { role: Role.instructor, firstName: 'Iris', lastName: 'vale' });
    const res = await t.gql(SET_UP, {}, { token: instructor.token });
    expect(res.data?.setUpKioskScreen).toMatchObject({ setUpBy: 'Iris V.', deviceToken: expect.any(String) });
    const days = (new Date(res.data?.setUpKioskScreen.expiresAt).getTime() - Date.now()) / 86_400_000;
    expect(Math.round(days)).toBe(180);
    expect((await t.gql(SCREEN, { d: res.data?.setUpKioskScreen.deviceToken })).data?.kioskScreen).toMatchObject({ setUpBy: 'Iris V.' });
  });

  it('keeps name lookups off every other screen: no token, a made-up one, or a member session token', async () => {
    const { parent } = await familyInOpenClass();
    for (const d of ['', 'not-a-device-token', parent.token]) {
      const res = await t.gql(FIND, { d, l: 'P' });
      expect(res.errors?.[0].extensions?.code).toMatch(/UNAUTHENTICATED|BAD_USER_INPUT/);
      expect(res.data).toBeNull();
    }
    expect((await t.gql(SCREEN, { d: parent.token })).data?.kioskScreen).toBeNull();
  });

  it('stops working when whoever set it up signs out everywhere or leaves the staff', async () => {
    const admin = await makeUser(t, { role: Role.admin });
    const screen = (await t.gql(SET_UP, {}, { token: admin.token })).data?.setUpKioskScreen.deviceToken;
    expect((await t.gql(FIND, { d: screen, l: 'Zz' })).data?.kioskFind).toEqual([]);
    await t.gql(`mutation { signOutEverywhere }`, {}, { token: admin.token });
    expect((await t.gql(SCREEN, { d: screen })).data?.kioskScreen).toBeNull();
    expect((await t.gql(FIND, { d: screen, l: 'Zz' })).errors?.[0]).toMatchObject({
      message: 'This screen is no longer set up as the check-in kiosk. Ask a staff member to set it up again.',
      extensions: { code: 'UNAUTHENTICATED' },
    });

    const teacher = await makeUser(t, { role: Role.teacher });
    const other = (await t.gql(SET_UP, {}, { token: teacher.token })).data?.setUpKioskScreen.deviceToken;
    await em(t).nativeUpdate(User, { id: teacher.user.id }, { role: Role.student });
    expect((await t.gql(SCREEN, { d: other })).data?.kioskScreen).toBeNull();
  });
});

describe('finding oneself by name', () => {
  it('lists only people booked into a class open now, as first name and last initial with their class', async () => {
    const screen = await kioskScreen();
    const { parent, kid, c, lastName, bookingIds } = await familyInOpenClass();
    // Booked only into a class that opens in two hours: not listed.
    const later = await makeClass(t, { startsInMinutes: 120 });
    const early = await makeUser(t, { signed: true, firstName: `${kid.firstName.slice(0, 7)}later`, lastName });
    await t.gql(BOOK, { c: later.id, a: early.user.id }, { token: early.token });

    const byFirst = await t.gql(FIND, { d: screen, l: kid.firstName.slice(0, 7).toLowerCase() });
    expect(byFirst.data?.kioskFind).toEqual([
      {
        bookingId: bookingIds.kid,
        name: `${kid.firstName} ${lastName[0]}.`,
        className: c.blueprint.name,
        startTime: c.startTime,
        checkedIn: false,
        needsPin: false,
      },
    ]);
    // Last-name letters find the whole family; "first last" narrows to one person.
    const byLast = await t.gql(FIND, { d: screen, l: lastName.slice(0, 9) });
    expect(byLast.data?.kioskFind.map((e: { bookingId: string }) => e.bookingId).sort()).toEqual(
      [bookingIds.kid, bookingIds.parent].sort(),
    );
    const both = await t.gql(FIND, { d: screen, l: `${parent.user.firstName.slice(0, 8)} ${lastName.slice(0, 7)}` });
    expect(both.data?.kioskFind.map((e: { bookingId: string }) => e.bookingId)).toEqual([bookingIds.parent]);
    // Never the full last name, a username or an email.
    expect(JSON.stringify([byFirst.data, byLast.data])).not.toMatch(new RegExp(`${lastName}|${parent.username}|@`));
  });

  it('leaves out cancelled bookings and treats LIKE wildcards as letters', async () => {
    const screen = await kioskScreen();
    const { parent, kid, bookingIds } = await familyInOpenClass();
    await t.gql(`mutation($id: ID!) { cancelBooking(bookingId: $id) { id } }`, { id: bookingIds.kid }, { token: parent.token });
    expect((await t.gql(FIND, { d: screen, l: kid.firstName })).data?.kioskFind).toEqual([]);
    const wildcard = await t.gql(FIND, { d: screen, l: '%' });
    expect(wildcard.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', fields: { letters: 'Use letters only.' } });
  });

  it('shows the roster of a class open now, and only of one', async () => {
    const screen = await kioskScreen();
    const { c, parent, kid, lastName } = await familyInOpenClass({ pin: '4827' });
    const roster = await t.gql(ROSTER, { d: screen, c: c.id });
    // By first name: Mia… before Paula….
    expect(roster.data?.kioskRoster.map((e: { name: string; needsPin: boolean }) => [e.name, e.needsPin])).toEqual([
      [`${kid.firstName} ${lastName[0]}.`, true],
      [`${parent.user.firstName} ${lastName[0]}.`, true],
    ]);
    const later = await makeClass(t, { startsInMinutes: 120 });
    expect((await t.gql(ROSTER, { d: screen, c: later.id })).errors?.[0]).toMatchObject({
      message: 'That class open for check-in was not found.',
      extensions: { code: 'NOT_FOUND' },
    });
  });

  it('rate-limits lookups per kiosk screen', async () => {
    const screen = await kioskScreen();
    for (let i = 0; i < KIOSK_LOOKUPS.points; i++) {
      const res = await t.gql(FIND, { d: screen, l: 'Zq' });
      expect(res.errors).toBeUndefined();
    }
    const over = await t.gql(FIND, { d: screen, l: 'Zq' });
    expect(over.errors?.[0]).toMatchObject({
      message: 'The kiosk is busy. Please wait a minute, or check in with your PIN.',
      extensions: { code: 'RATE_LIMITED' },
    });
    // Another screen has its own quota.
    expect((await t.gql(FIND, { d: await kioskScreen(), l: 'Zq' })).errors).toBeUndefined();
  });
});

describe('tapping a name', () => {
  it("opens the family's check-in greeting the person tapped; a parent checks in their child", async () => {
    const screen = await kioskScreen();
    const { kid, bookingIds } = await familyInOpenClass();
    const tap = await t.gql(TAP, { d: screen, b: bookingIds.kid }, fromIp());
    expect(tap.errors).toBeUndefined();
    expect(tap.data?.kioskTapIn.firstName).toBe(kid.firstName);
    expect(tap.data?.kioskTapIn.bookings.map((b: { bookingId: string }) => b.bookingId).sort()).toEqual(
      [bookingIds.kid, bookingIds.parent].sort(),
    );
    const done = await t.gql(CHECK_IN, { t: tap.data?.kioskTapIn.token, ids: [bookingIds.kid] });
    expect(done.errors).toBeUndefined();
    expect(await em(t).count(Booking, { id: bookingIds.kid, checkedInAt: { $ne: null } })).toBe(1);
    expect(await em(t).count(Booking, { id: bookingIds.parent, checkedInAt: null })).toBe(1);
    expect((await t.gql(FIND, { d: screen, l: kid.firstName })).data?.kioskFind[0].checkedIn).toBe(true);
  });

  it("asks for the family's PIN when they set one, and counts wrong PINs towards the kiosk lock", async () => {
    const screen = await kioskScreen();
    const { parent, bookingIds } = await familyInOpenClass({ pin: '4827' });
    expect((await t.gql(TAP, { d: screen, b: bookingIds.kid }, fromIp())).errors?.[0]).toMatchObject({
      message: "Enter your family's 4-digit check-in PIN.",
      extensions: { code: 'UNAUTHENTICATED' },
    });
    const ipHeaders = fromIp();
    for (let i = 0; i < 5; i++) {
      expect((await t.gql(TAP, { d: screen, b: bookingIds.kid, p: `90${10 + i}` }, ipHeaders)).errors?.[0].message).toBe(
        'That PIN is not right. Try again, or ask at the front desk.',
      );
    }
    // The same lock as username + PIN: the right PIN now waits too, either way.
    expect((await t.gql(TAP, { d: screen, b: bookingIds.kid, p: '4827' }, fromIp())).errors?.[0].extensions?.code).toBe('RATE_LIMITED');
    expect(
      (await t.gql(`mutation($u: String!) { kioskSignIn(username: $u, pin: "4827") { token } }`, { u: parent.username }, fromIp()))
        .errors?.[0].extensions?.code,
    ).toBe('RATE_LIMITED');
  });

  it('lets the right PIN in', async () => {
    const screen = await kioskScreen();
    const { parent, bookingIds } = await familyInOpenClass({ pin: '4827' });
    const tap = await t.gql(TAP, { d: screen, b: bookingIds.parent, p: '4827' }, fromIp());
    expect(tap.data?.kioskTapIn.firstName).toBe(parent.user.firstName);
  });

  it('refuses a booking not open for check-in, and any tap off a kiosk screen', async () => {
    const screen = await kioskScreen();
    const later = await makeClass(t, { startsInMinutes: 120 });
    const member = await makeUser(t, { signed: true });
    const booking = (await t.gql(BOOK, { c: later.id, a: member.user.id }, { token: member.token })).data?.bookClass.booking.id;
    expect((await t.gql(TAP, { d: screen, b: booking }, fromIp())).errors?.[0]).toMatchObject({
      message: 'That check-in was not found.',
      extensions: { code: 'NOT_FOUND' },
    });
    const { bookingIds } = await familyInOpenClass();
    expect((await t.gql(TAP, { d: 'made-up-device-token', b: bookingIds.kid }, fromIp())).errors?.[0].extensions?.code).toBe(
      'UNAUTHENTICATED',
    );
  });

  it('answers an adult with their own login for themselves, not their family', async () => {
    const screen = await kioskScreen();
    const { c, parent } = await familyInOpenClass();
    // An adult who signs in themselves, still listed in a parent's family (as after accepting a family invite).
    const adult = await makeUser(t, { signed: true, age: 19, firstName: uniqueName('Leo') });
    await em(t).nativeUpdate(User, { id: adult.user.id }, { guardian: parent.user.id });
    const own = (await t.gql(BOOK, { c: c.id, a: adult.user.id }, { token: adult.token })).data?.bookClass.booking.id;
    await t.gql(`mutation { setCheckInPin(pin: "1357") }`, {}, { token: adult.token });
    const entry = (await t.gql(FIND, { d: screen, l: adult.user.firstName })).data?.kioskFind[0];
    expect(entry).toMatchObject({ bookingId: own, needsPin: true });
    const tap = await t.gql(TAP, { d: screen, b: own, p: '1357' }, fromIp());
    expect(tap.data?.kioskTapIn.bookings.map((b: { bookingId: string }) => b.bookingId)).toEqual([own]);
  });
});
