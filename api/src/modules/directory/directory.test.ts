import { startTestApp, type TestApp } from '../../../test/app.js';
import { buildBooking, buildMembership, em, makeFamilyMember, makeUser, Role } from '../../../test/factories.js';
import { statementCounter } from '../../../test/statements.js';
import { BookingStatus } from '../bookings/booking.entity.js';
import { MembershipStatus } from '../memberships/membership.entity.js';
import { User } from '../users/user.entity.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof makeUser>>;
beforeAll(async () => {
  t = await startTestApp();
  admin = await makeUser(t, { role: Role.admin });
});
afterAll(() => t.close());

const USERS = `query($search: String, $after: String, $page: Int, $pageSize: Int, $sortField: UserSortField, $sortDirection: SortDirection,
  $role: Role, $isActive: Boolean, $waiver: WaiverFilter, $membership: MembershipFilter, $visitedWithinDays: Int, $notVisitedForDays: Int) {
  users(search: $search, after: $after, page: $page, pageSize: $pageSize, sortField: $sortField, sortDirection: $sortDirection, role: $role,
        isActive: $isActive, waiver: $waiver, membership: $membership, visitedWithinDays: $visitedWithinDays, notVisitedForDays: $notVisitedForDays) {
    total totalIsEstimate endCursor hasNextPage items { id firstName lastName email role waiverSigned membershipStatus lastVisitAt } } }`;
const STUDENTS = `query($search: String, $after: String, $sortField: StudentSortField, $sortDirection: SortDirection, $pageSize: Int) {
  adminStudents(search: $search, after: $after, sortField: $sortField, sortDirection: $sortDirection, pageSize: $pageSize) {
    total endCursor hasNextPage items { user { firstName } guardian { name } bookings attended noShows lastAttendedAt } } }`;

type Row = { id: string; firstName: string; lastName: string; email: string; waiverSigned: boolean; membershipStatus: string | null };
const users = async (variables: Record<string, unknown>) => {
  const res = await t.gql(USERS, variables, { token: admin.token });
  if (res.errors) throw new Error(JSON.stringify(res.errors));
  return res.data!.users as { total: number; totalIsEstimate: boolean; endCursor: string; hasNextPage: boolean; items: Row[] };
};
const names = (page: { items: Row[] }) => page.items.map((u) => u.firstName);
let n = 0;
/** A tag no other test's people carry, so a search for it finds only this test's people. */
const tagged = () => `Qx${Date.now().toString(36)}${(n += 1)}`;

it('is for admins only', async () => {
  expect((await t.gql(USERS)).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  for (const role of [Role.student, Role.parent, Role.instructor, Role.teacher]) {
    const { token } = await makeUser(t, { role });
    expect((await t.gql(USERS, {}, { token })).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect((await t.gql(STUDENTS, {}, { token })).errors?.[0].extensions?.code).toBe('FORBIDDEN');
  }
});

it('sorts on every column both ways, ties by id', async () => {
  const tag = tagged();
  const made = [];
  for (const [first, age] of [
    ['Cara', 40],
    ['Abe', 20],
    ['Bea', 30],
  ] as const)
    made.push(await makeUser(t, { firstName: `${tag}${first}`, lastName: `${tag}`, age }));
  for (const sortField of ['lastName', 'firstName', 'username', 'email', 'role', 'birthday', 'createdAt', 'lastVisitAt']) {
    const asc = names(await users({ search: tag, sortField, sortDirection: 'ASC' }));
    const desc = names(await users({ search: tag, sortField, sortDirection: 'DESC' }));
    expect(asc).toHaveLength(3);
    expect(desc).toEqual([...asc].reverse());
  }
  expect(names(await users({ search: tag, sortField: 'firstName' }))).toEqual([`${tag}Abe`, `${tag}Bea`, `${tag}Cara`]);
  expect(names(await users({ search: tag, sortField: 'birthday' }))).toEqual([`${tag}Cara`, `${tag}Bea`, `${tag}Abe`]);
  expect(names(await users({ search: tag, sortField: 'createdAt', sortDirection: 'DESC' }))).toEqual([
    `${tag}Bea`,
    `${tag}Abe`,
    `${tag}Cara`,
  ]);
});

it('finds people by part of a name, an email or a phone, every word matching, wildcards literal', async () => {
  const tag = tagged();
  const jane = await makeUser(t, { firstName: 'Jane', lastName: `${tag}Okafor` });
  await makeUser(t, { firstName: 'John', lastName: `${tag}Okafor` });
  const e = em(t);
  const row = await e.findOneOrFail(User, jane.user.id);
  row.phone = '+1 555 010 4477';
  await e.flush();
  expect(names(await users({ search: `${tag.toLowerCase()}oka` })).sort()).toEqual(['Jane', 'John']);
  expect(names(await users({ search: `jane ${tag}` }))).toEqual(['Jane']);
  expect(names(await users({ search: jane.user.email!.slice(3, 14).toUpperCase() }))).toEqual(['Jane']);
  expect(names(await users({ search: '010 4477' }))).toEqual(['Jane']);
  expect((await users({ search: `${tag}%` })).total).toBe(0);
  expect((await users({ search: 'q' })).total).toBeGreaterThan(0); // one letter: no index, still answered
});

it('filters by role, status, waiver, membership and last visit', async () => {
  const tag = tagged();
  const signed = await makeUser(t, { firstName: 'Signed', lastName: tag, signed: true });
  const member = await makeUser(t, { firstName: 'Member', lastName: tag });
  const pastDue = await makeUser(t, { firstName: 'PastDue', lastName: tag, role: Role.parent });
  const gone = await makeUser(t, { firstName: 'Gone', lastName: tag });
  await buildMembership(t, { holder: member.user.id });
  await buildMembership(t, { holder: pastDue.user.id, status: MembershipStatus.past_due });
  await t.gql(`mutation($id: ID!) { deactivateUser(id: $id) { id } }`, { id: gone.user.id }, { token: admin.token });
  const visited = await buildBooking(t, { attendee: signed.user.id });
  const e = em(t);
  const booking = await e.findOneOrFail('Booking', visited.id);
  Object.assign(booking, { checkedInAt: new Date(Date.now() - 3 * 86_400_000) });
  await e.flush();

  const only = async (filters: Record<string, unknown>) => names(await users({ search: tag, sortField: 'firstName', ...filters }));
  expect(await only({ role: 'parent' })).toEqual(['PastDue']);
  expect(await only({ isActive: false })).toEqual(['Gone']);
  expect(await only({ isActive: true })).toEqual(['Member', 'PastDue', 'Signed']);
  expect(await only({ waiver: 'signed' })).toEqual(['Signed']);
  expect(await only({ waiver: 'missing' })).toEqual(['Gone', 'Member', 'PastDue']);
  expect(await only({ membership: 'active' })).toEqual(['Member']);
  expect(await only({ membership: 'past_due' })).toEqual(['PastDue']);
  expect(await only({ membership: 'none' })).toEqual(['Gone', 'Signed']);
  expect(await only({ visitedWithinDays: 7 })).toEqual(['Signed']);
  expect(await only({ visitedWithinDays: 2 })).toEqual([]);
  expect(await only({ notVisitedForDays: 7 })).toEqual(['Gone', 'Member', 'PastDue']);
  expect(await only({ notVisitedForDays: 2 })).toEqual(['Gone', 'Member', 'PastDue', 'Signed']);
  const page = await users({ search: tag, sortField: 'firstName' });
  expect(page.items.map((u) => [u.firstName, u.waiverSigned, u.membershipStatus])).toEqual([
    ['Gone', false, null],
    ['Member', false, 'active'],
    ['PastDue', false, 'past_due'],
    ['Signed', true, null],
  ]);
});

it('walks deep pages by cursor, stable while people are added before the cursor', async () => {
  const tag = tagged();
  for (let i = 0; i < 7; i += 1) await makeUser(t, { firstName: `${tag}${String.fromCharCode(66 + i * 2)}`, lastName: tag });
  const first = await users({ search: tag, sortField: 'firstName', pageSize: 3 });
  expect(first).toMatchObject({ total: 7, totalIsEstimate: false, hasNextPage: true });
  // Someone joins who sorts before the cursor: the next page neither repeats nor skips anyone.
  await makeUser(t, { firstName: `${tag}A`, lastName: tag });
  const second = await users({ search: tag, sortField: 'firstName', pageSize: 3, after: first.endCursor });
  const third = await users({ search: tag, sortField: 'firstName', pageSize: 3, after: second.endCursor });
  expect([...names(first), ...names(second), ...names(third)]).toEqual(['B', 'D', 'F', 'H', 'J', 'L', 'N'].map((c) => `${tag}${c}`));
  expect(third.hasNextPage).toBe(false);
  // Every page of a search counts all its matches, the one who joined too.
  expect([second.total, third.total]).toEqual([8, 8]);
  // Whole-table walk without search, by cursor against page numbers.
  const byPage = [
    ...names(await users({ pageSize: 5, sortField: 'email' })),
    ...names(await users({ pageSize: 5, page: 2, sortField: 'email' })),
  ];
  const one = await users({ pageSize: 5, sortField: 'email' });
  expect([...names(one), ...names(await users({ pageSize: 5, sortField: 'email', after: one.endCursor }))]).toEqual(byPage);
});

it('refuses a cursor from another sort, a forged one and page numbers past the bound, as bad input', async () => {
  const page = await users({ pageSize: 2, sortField: 'firstName' });
  const refused = async (variables: Record<string, unknown>) =>
    (await t.gql(USERS, variables, { token: admin.token })).errors?.[0].extensions?.code;
  expect(await refused({ after: page.endCursor, sortField: 'lastName' })).toBe('BAD_USER_INPUT');
  expect(await refused({ after: page.endCursor, sortField: 'firstName', sortDirection: 'DESC' })).toBe('BAD_USER_INPUT');
  for (const after of [
    '%%%',
    Buffer.from('{"a":1}').toString('base64url'),
    Buffer.from('["firstName","asc",["x\\u0000",1,2]]').toString('base64url'),
    'x'.repeat(3000),
  ])
    expect(await refused({ after, sortField: 'firstName' })).toBe('BAD_USER_INPUT');
  expect(await refused({ page: 500, pageSize: 100 })).toBe('BAD_USER_INPUT');
  // A nullable variable sent as null for an argument that has a default: the client's input, not a server error.
  const nullSort = await t.gql(`query($d: SortDirection) { users(sortDirection: $d) { endCursor } }`, { d: null }, { token: admin.token });
  expect(nullSort.errors?.[0]).toMatchObject({
    message: 'Argument "sortDirection" of non-null type "SortDirection!" must not be null.',
    extensions: { code: 'BAD_USER_INPUT' },
  });
});

it('reads a page in at most 4 statements, the total counted only when asked for', async () => {
  const counter = statementCounter(t);
  try {
    await users({ pageSize: 100 });
    expect(counter.count()).toBeLessThanOrEqual(4);
    counter.reset();
    await t.gql(`{ users(pageSize: 100) { endCursor items { id waiverSigned membershipStatus } } }`, {}, { token: admin.token });
    expect(counter.count()).toBeLessThanOrEqual(2);
    counter.reset();
    await t.gql(STUDENTS, { pageSize: 100 }, { token: admin.token });
    expect(counter.count()).toBeLessThanOrEqual(4);
  } finally {
    counter.stop();
  }
});

it('keeps each student’s attendance figures with every booking change, and shows the parent', async () => {
  const tag = tagged();
  const parent = await makeUser(t, { role: Role.parent, lastName: tag });
  const kid = await makeFamilyMember(t, parent.user, 9, `${tag}Kid`);
  const ids = [];
  for (let i = 0; i < 3; i += 1) ids.push((await buildBooking(t, { attendee: kid.id })).id);
  const e = em(t);
  const [a, b, c] = await Promise.all(ids.map((id) => e.findOneOrFail('Booking', id)));
  const at = new Date(Date.now() - 86_400_000);
  Object.assign(a, { checkedInAt: at });
  Object.assign(b, { status: BookingStatus.no_show });
  Object.assign(c, { status: BookingStatus.cancelled });
  await e.flush();
  const read = async () => (await t.gql(STUDENTS, { search: `${tag}kid` }, { token: admin.token })).data?.adminStudents.items[0];
  expect(await read()).toMatchObject({
    guardian: { name: `${parent.user.firstName} ${tag}` },
    bookings: 2,
    attended: 1,
    noShows: 1,
    lastAttendedAt: at.toISOString(),
  });
  // Undoing the check-in takes the visit back.
  Object.assign(a, { checkedInAt: null });
  await e.flush();
  expect(await read()).toMatchObject({ bookings: 2, attended: 0, lastAttendedAt: null });
});

it('exports every account the filters match as CSV, past one page, and refuses a bad filter as 400', async () => {
  const tag = tagged();
  for (let i = 0; i < 3; i += 1) await makeUser(t, { firstName: `${tag}${i}`, lastName: tag, signed: i === 1 });
  const csv = await fetch(`${t.url}/api/admin/users.csv?search=${tag}&waiver=missing&sortField=firstName`, {
    headers: { authorization: `Bearer ${admin.token}` },
  });
  expect(csv.status).toBe(200);
  const lines = (await csv.text()).trim().split('\n');
  expect(lines[0]).toBe('First name,Last name,Username,Email,Phone,Role,Status,Birthday,Waiver,Membership,Last visit,Joined');
  expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual([`${tag}0`, `${tag}2`]);
  // All of them, however many pages: the whole table by cursor.
  const all = await (await fetch(`${t.url}/api/admin/users.csv`, { headers: { authorization: `Bearer ${admin.token}` } })).text();
  expect(all.trim().split('\n').length - 1).toBe((await users({})).total);
  const bad = await fetch(`${t.url}/api/admin/users.csv?visitedWithinDays=soon`, { headers: { authorization: `Bearer ${admin.token}` } });
  expect(bad.status).toBe(400);
  const student = await makeUser(t);
  expect((await fetch(`${t.url}/api/admin/users.csv`, { headers: { authorization: `Bearer ${student.token}` } })).status).toBe(403);
});
