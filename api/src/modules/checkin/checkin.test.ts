import { startTestApp, type TestApp } from '../../../test/app.js';
import { makeClass } from '../../../test/classes.js';
import { em, makeFamilyMember, makeUser, Role, TEST_PASSWORD, tokenFor } from '../../../test/factories.js';
import { Booking } from '../bookings/booking.entity.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const SIGN_IN = `mutation($u: String!, $p: String!) { kioskSignIn(username: $u, pin: $p) { token firstName bookings { bookingId attendeeFirstName className checkedIn } } }`;
const CHECK_IN = `mutation($t: String!, $ids: [ID!]!) { kioskCheckIn(token: $t, bookingIds: $ids) { bookings { bookingId attendeeFirstName checkedIn } } }`;
const BOOK = `mutation($c: ID!, $a: ID!) { bookClass(classInstanceId: $c, attendeeId: $a) { booking { id } } }`;
let ip = 1;
const fromIp = () => ({ headers: { 'x-forwarded-for': `10.20.0.${ip++}` } });

/** A parent with a PIN, a signed minor, and both booked into a class starting in 10 minutes. */
async function familyInOpenClass() {
  const c = await makeClass(t, { startsInMinutes: 10 });
  const parent = await makeUser(t, { role: Role.parent, signed: true, firstName: 'Paula' });
  const kid = await makeFamilyMember(t, parent.user, 9, 'Mia');
  await t.app.services.waivers.sign(em(t), parent.user, [kid.id], { ip: null, userAgent: null });
  const mine = await t.gql(BOOK, { c: c.id, a: parent.user.id }, { token: parent.token });
  const kids = await t.gql(BOOK, { c: c.id, a: kid.id }, { token: parent.token });
  expect((await t.gql(`mutation { setCheckInPin(pin: "4827") }`, {}, { token: parent.token })).data?.setCheckInPin).toBe(true);
  return { c, parent, kid, bookingIds: [mine.data?.bookClass.booking.id, kids.data?.bookClass.booking.id] as string[] };
}

it('shows anonymous visitors the open classes but no names', async () => {
  const { c } = await familyInOpenClass();
  await makeClass(t, { startsInMinutes: 120 }); // not open yet
  const res = await t.gql(`{ kioskClasses { id startTime blueprint { name } spotsLeft } }`);
  expect(res.data?.kioskClasses.map((k: { id: string }) => k.id)).toContain(c.id);
  expect(JSON.stringify(res.data)).not.toMatch(/Paula|Mia/);
  expect(
    (await t.gql(`{ kioskClasses { myBookings { id } } }`)).data?.kioskClasses.every(
      (k: { myBookings: unknown[] }) => k.myBookings.length === 0,
    ),
  ).toBe(true);
});

it('validates the PIN a member sets', async () => {
  const m = await makeUser(t);
  for (const pin of ['12', 'abcd', '1111', '1234']) {
    expect(
      (await t.gql(`mutation($p: String!) { setCheckInPin(pin: $p) }`, { p: pin }, { token: m.token })).errors?.[0].extensions?.code,
    ).toBe('BAD_USER_INPUT');
  }
  expect((await t.gql(`{ myCheckIn { hasPin } }`, {}, { token: m.token })).data?.myCheckIn.hasPin).toBe(false);
});

it('identifies a member by username and PIN and checks in the family with one tap', async () => {
  const { parent, bookingIds } = await familyInOpenClass();
  const session = await t.gql(SIGN_IN, { u: parent.username, p: '4827' }, fromIp());
  expect(session.data?.kioskSignIn.firstName).toBe('Paula');
  expect(
    session.data?.kioskSignIn.bookings
      .map((b: { attendeeFirstName: string; checkedIn: boolean }) => [b.attendeeFirstName, b.checkedIn])
      .sort(),
  ).toEqual([
    ['Mia', false],
    ['Paula', false],
  ]);
  const done = await t.gql(CHECK_IN, { t: session.data?.kioskSignIn.token, ids: bookingIds }, fromIp());
  expect(done.data?.kioskCheckIn.bookings.every((b: { checkedIn: boolean }) => b.checkedIn)).toBe(true);
  expect(await em(t).count(Booking, { id: { $in: bookingIds }, checkedInAt: { $ne: null } })).toBe(2);
});

it("refuses another family's booking and a stale kiosk token", async () => {
  const a = await familyInOpenClass();
  const b = await familyInOpenClass();
  const session = await t.gql(SIGN_IN, { u: a.parent.username, p: '4827' }, fromIp());
  const res = await t.gql(CHECK_IN, { t: session.data?.kioskSignIn.token, ids: [b.bookingIds[0]] }, fromIp());
  expect(res.errors?.[0].extensions?.code).toBe('FORBIDDEN');
  expect((await t.gql(CHECK_IN, { t: 'garbage-token', ids: [a.bookingIds[0]] })).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
});

it('rate-limits PIN guesses', async () => {
  const { parent } = await familyInOpenClass();
  const ipHeaders = fromIp();
  for (let i = 0; i < 5; i++) {
    expect((await t.gql(SIGN_IN, { u: parent.username, p: `90${10 + i}` }, ipHeaders)).errors?.[0].extensions?.code).toBe(
      'UNAUTHENTICATED',
    );
  }
  expect((await t.gql(SIGN_IN, { u: parent.username, p: '4827' }, fromIp())).errors?.[0].extensions?.code).toBe('RATE_LIMITED');
});

it('identifies a member by the QR code from their dashboard', async () => {
  const { parent } = await familyInOpenClass();
  const code = (await t.gql(`{ myCheckIn { code hasPin } }`, {}, { token: parent.token })).data?.myCheckIn;
  expect(code.hasPin).toBe(true);
  const session = await t.gql(`mutation($c: String!) { kioskSignInWithCode(code: $c) { firstName bookings { attendeeFirstName } } }`, {
    c: code.code,
  });
  expect(session.data?.kioskSignInWithCode.bookings).toHaveLength(2);
  // A session token is not a check-in code.
  expect(
    (await t.gql(`mutation($c: String!) { kioskSignInWithCode(code: $c) { firstName } }`, { c: parent.token })).errors?.[0].extensions
      ?.code,
  ).toBe('UNAUTHENTICATED');
});

it('revokes the QR code with the sessions it belongs to: sign-out and a password change end it', async () => {
  const CODE_SIGN_IN = `mutation($c: String!) { kioskSignInWithCode(code: $c) { firstName } }`;
  const { parent } = await familyInOpenClass();
  const before = (await t.gql(`{ myCheckIn { code } }`, {}, { token: parent.token })).data?.myCheckIn.code;
  expect((await t.gql(CODE_SIGN_IN, { c: before })).errors).toBeUndefined();
  await t.gql(`mutation { logout }`, {}, { token: parent.token });
  expect((await t.gql(CODE_SIGN_IN, { c: before })).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');

  const token = (
    await t.gql(`mutation($u: String!, $p: String!) { login(username: $u, password: $p) { token } }`, {
      u: parent.username,
      p: TEST_PASSWORD,
    })
  ).data?.login.token;
  const fresh = (await t.gql(`{ myCheckIn { code } }`, {}, { token })).data?.myCheckIn.code;
  expect((await t.gql(CODE_SIGN_IN, { c: fresh })).errors).toBeUndefined();
  const changed = await t.gql(
    `mutation($i: ChangePasswordInput!) { changePassword(input: $i) { token } }`,
    { i: { currentPassword: TEST_PASSWORD, newPassword: 'a-brand-new-password-77' } },
    { token },
  );
  expect(changed.errors).toBeUndefined();
  expect((await t.gql(CODE_SIGN_IN, { c: fresh })).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
});

describe('rosters and attendance', () => {
  const ROSTER = `query($id: ID!) { classRoster(classInstanceId: $id) { id attendance checkedInAt attendee { firstName age waiverSigned } } }`;

  it("shows the class's instructor and admins the roster, nobody else", async () => {
    const { c } = await familyInOpenClass();
    const instructorToken = await tokenFor(t, c.instructor);
    const roster = await t.gql(ROSTER, { id: c.id }, { token: instructorToken });
    expect(
      roster.data?.classRoster.map((r: { attendee: { firstName: string; age: number } }) => [r.attendee.firstName, r.attendee.age]),
    ).toEqual([
      ['Mia', 9],
      ['Paula', 30],
    ]);
    const otherInstructor = await makeUser(t, { role: Role.instructor });
    expect((await t.gql(ROSTER, { id: c.id }, { token: otherInstructor.token })).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    const member = await makeUser(t);
    expect((await t.gql(ROSTER, { id: c.id }, { token: member.token })).errors?.[0].extensions?.code).toBe('FORBIDDEN');
  });

  it('lets staff mark attendance, add walk-ins within capacity and admins go over it', async () => {
    const c = await makeClass(t, { capacity: 1, startsInMinutes: 5 });
    const admin = await makeUser(t, { role: Role.admin });
    const instructorToken = await tokenFor(t, c.instructor);
    const [a, b] = [await makeUser(t, { signed: true }), await makeUser(t, { signed: true })];
    const STAFF_BOOK = `mutation($c: ID!, $a: ID!, $over: Boolean!) { staffBookAttendee(classInstanceId: $c, attendeeId: $a, walkIn: true, overCapacity: $over) { id status source checkedInAt paymentStatus } }`;
    const walkIn = await t.gql(STAFF_BOOK, { c: c.id, a: a.user.id, over: false }, { token: instructorToken });
    expect(walkIn.data?.staffBookAttendee).toMatchObject({
      status: 'confirmed',
      source: 'walk_in',
      paymentStatus: 'free',
      checkedInAt: expect.any(String),
    });
    expect(
      (await t.gql(STAFF_BOOK, { c: c.id, a: b.user.id, over: false }, { token: instructorToken })).errors?.[0].extensions?.reason,
    ).toBe('CLASS_FULL');
    expect((await t.gql(STAFF_BOOK, { c: c.id, a: b.user.id, over: true }, { token: instructorToken })).errors?.[0].extensions?.code).toBe(
      'FORBIDDEN',
    );
    const over = await t.gql(STAFF_BOOK, { c: c.id, a: b.user.id, over: true }, { token: admin.token });
    expect(over.data?.staffBookAttendee.status).toBe('confirmed');
    const unmark = await t.gql(
      `mutation($id: ID!) { markAttendance(bookingId: $id, present: false) { checkedInAt attendance } }`,
      { id: walkIn.data?.staffBookAttendee.id },
      { token: instructorToken },
    );
    expect(unmark.data?.markAttendance).toEqual({ checkedInAt: null, attendance: 'booked' });
  });

  it("answers a booking in someone else's class as missing when staff mark attendance", async () => {
    const { c, bookingIds } = await familyInOpenClass();
    const MARK = `mutation($id: ID!) { markAttendance(bookingId: $id, present: true) { checkedInAt } }`;
    const otherInstructor = await makeUser(t, { role: Role.instructor });
    const hidden = await t.gql(MARK, { id: bookingIds[0] }, { token: otherInstructor.token });
    expect(hidden.errors?.[0]).toMatchObject({ message: 'That booking was not found.', extensions: { code: 'NOT_FOUND' } });
    const admin = await makeUser(t, { role: Role.admin });
    expect((await t.gql(MARK, { id: bookingIds[0] }, { token: admin.token })).data?.markAttendance.checkedInAt).toEqual(expect.any(String));
    const own = await t.gql(MARK, { id: bookingIds[1] }, { token: await tokenFor(t, c.instructor) });
    expect(own.data?.markAttendance.checkedInAt).toEqual(expect.any(String));
  });

  it('exports attendance as CSV for admins', async () => {
    const { c, parent } = await familyInOpenClass();
    const admin = await makeUser(t, { role: Role.admin });
    const session = await t.gql(SIGN_IN, { u: parent.username, p: '4827' }, fromIp());
    await t.gql(CHECK_IN, { t: session.data?.kioskSignIn.token, ids: [session.data?.kioskSignIn.bookings[0].bookingId] }, fromIp());
    const res = await fetch(`${t.url}/api/admin/attendance.csv?from=${c.date}&to=${c.date}`, {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(res.headers.get('content-type')).toMatch(/text\/csv/);
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="?attendance-/);
    const lines = (await res.text()).trim().split('\n');
    expect(lines[0]).toBe('date,start,class,apparatus,instructor,first name,last name,attendance,checked in at,booked via');
    const ours = lines.filter((l) => l.includes(c.blueprint.name));
    expect(ours).toHaveLength(2);
    expect(ours.some((l) => l.includes(',checked in,'))).toBe(true);
    expect(
      (
        await fetch(`${t.url}/api/admin/attendance.csv?from=${c.date}&to=${c.date}`, {
          headers: { authorization: `Bearer ${parent.token}` },
        })
      ).status,
    ).toBe(403);
  });

  it('lists students with their attendance and family for admins', async () => {
    const { kid, parent, bookingIds } = await familyInOpenClass();
    const admin = await makeUser(t, { role: Role.admin });
    const session = await t.gql(SIGN_IN, { u: parent.username, p: '4827' }, fromIp());
    await t.gql(CHECK_IN, { t: session.data?.kioskSignIn.token, ids: [bookingIds[1]] }, fromIp());
    const res = await t.gql(
      `query($s: String) { adminStudents(search: $s) { total items { user { id firstName } guardian { name } bookings attended noShows lastAttendedAt } } }`,
      { s: kid.lastName },
      { token: admin.token },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data?.adminStudents.items).toContainEqual({
      user: { id: kid.id, firstName: 'Mia' },
      guardian: { name: expect.stringContaining('Paula') },
      bookings: 1,
      attended: 1,
      noShows: 0,
      lastAttendedAt: expect.any(String),
    });
  });

  it('sorts students by any column on the server, with the total, whatever the page', async () => {
    const admin = await makeUser(t, { role: Role.admin });
    const tag = `Sortcheck${Date.now().toString(36)}`;
    const ages = [30, 16, 45];
    const people = [];
    for (const [i, age] of ages.entries()) people.push(await makeUser(t, { lastName: `${tag}${'CBA'[i]}`, age, signed: true }));
    // The 16-year-old has two classes behind them (checked in), the 45-year-old one.
    for (const [who, times] of [
      [people[1], 2],
      [people[2], 1],
    ] as const) {
      for (let i = 0; i < times; i++) {
        const c = await makeClass(t, { startsInMinutes: 5 + i * 120, capacity: 3 });
        const staff = await tokenFor(t, c.instructor);
        await t.gql(
          `mutation($c: ID!, $a: ID!) { staffBookAttendee(classInstanceId: $c, attendeeId: $a, walkIn: true) { id } }`,
          { c: c.id, a: who.user.id },
          { token: staff },
        );
      }
    }
    const Q = `query($s: String, $f: StudentSortField!, $d: SortDirection!, $p: Int!) { adminStudents(search: $s, sortField: $f, sortDirection: $d, page: $p, pageSize: 2) { total items { user { lastName } attended } } }`;
    const names = async (f: string, d: string, p = 1) => {
      const res = await t.gql(Q, { s: tag, f, d, p }, { token: admin.token });
      expect(res.errors).toBeUndefined();
      expect(res.data?.adminStudents.total).toBe(3);
      return res.data?.adminStudents.items.map((i: { user: { lastName: string } }) => i.user.lastName.slice(-1));
    };
    expect([...(await names('name', 'ASC')), ...(await names('name', 'ASC', 2))]).toEqual(['A', 'B', 'C']);
    expect(await names('attended', 'DESC')).toEqual(['B', 'A']);
    expect(await names('age', 'ASC')).toEqual(['B', 'C']);
    // B checked in before A; C never did (last, either way).
    expect(await names('lastAttendedAt', 'ASC')).toEqual(['B', 'A']);
    expect(await names('lastAttendedAt', 'DESC')).toEqual(['A', 'B']);
    expect(await names('name', 'ASC', 5)).toEqual([]);
  });

  it('gives a staff booking the first free rig point when none is chosen', async () => {
    const c = await makeClass(t, { usesRigPoints: true, capacity: 2, startsInMinutes: 5 });
    const instructorToken = await tokenFor(t, c.instructor);
    const [a, b, extra] = [await makeUser(t, { signed: true }), await makeUser(t, { signed: true }), await makeUser(t, { signed: true })];
    const STAFF_BOOK = `mutation($c: ID!, $a: ID!) { staffBookAttendee(classInstanceId: $c, attendeeId: $a, walkIn: true) { rigPoint { name } } }`;
    expect((await t.gql(STAFF_BOOK, { c: c.id, a: a.user.id }, { token: instructorToken })).data?.staffBookAttendee.rigPoint.name).toBe(
      'Silks 1',
    );
    expect((await t.gql(STAFF_BOOK, { c: c.id, a: b.user.id }, { token: instructorToken })).data?.staffBookAttendee.rigPoint.name).toBe(
      'Silks 2',
    );
    expect((await t.gql(STAFF_BOOK, { c: c.id, a: extra.user.id }, { token: instructorToken })).errors?.[0].extensions?.reason).toBe(
      'CLASS_FULL',
    );
  });
});
