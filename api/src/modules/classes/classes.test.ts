import { addDays, format } from 'date-fns';
import { startTestApp, type TestApp } from '../../../test/app.js';
import { makeClass } from '../../../test/classes.js';
import { em, makeUser, Role } from '../../../test/factories.js';
import { Notification } from '../notifications/notification.entity.js';
import { Apparatus } from './apparatus.entity.js';
import { ClassInstance } from './class-instance.entity.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof makeUser>>;
let instructor: Awaited<ReturnType<typeof makeUser>>;
let lyraId: string;
beforeAll(async () => {
  t = await startTestApp();
  admin = await makeUser(t, { role: Role.admin, signed: true });
  instructor = await makeUser(t, { role: Role.instructor, firstName: 'Iris' });
  lyraId = (await em(t).findOneOrFail(Apparatus, { name: 'Lyra' })).id;
});
afterAll(() => t.close());

const day = (offset: number) => format(addDays(new Date(), offset), 'yyyy-MM-dd');
const CREATE_BLUEPRINT = `mutation($i: BlueprintInput!) { createClassBlueprint(input: $i) { id name level price } }`;
const CREATE_SERIES = `mutation($i: SeriesInput!) { createClassSeries(input: $i) { series { id weekdays } instances { id date startTime endTime } skippedDates } }`;

async function blueprint(overrides: Record<string, unknown> = {}) {
  const res = await t.gql(CREATE_BLUEPRINT, {
    i: { name: 'Lyra Level 1', apparatusId: lyraId, level: 1, durationMinutes: 75, defaultCapacity: 8, dropInPriceCents: 2800, defaultInstructorId: instructor.user.id, ...overrides },
  }, { token: admin.token });
  expect(res.errors).toBeUndefined();
  return res.data?.createClassBlueprint as { id: string; price: string };
}

it('keeps schedule management to admins', async () => {
  const member = await makeUser(t);
  expect((await t.gql(CREATE_BLUEPRINT, { i: { name: 'x', apparatusId: lyraId, level: 1, durationMinutes: 60, defaultCapacity: 5, dropInPriceCents: 0 } }, { token: member.token })).errors?.[0].extensions?.code).toBe('FORBIDDEN');
  expect((await t.gql(`{ adminClassInstances { total } }`, {}, { token: instructor.token })).errors?.[0].extensions?.code).toBe('FORBIDDEN');
});

it('validates class types field by field', async () => {
  const res = await t.gql(CREATE_BLUEPRINT, { i: { name: '', apparatusId: 'nope', level: 9, durationMinutes: 5, defaultCapacity: 0, dropInPriceCents: -1 } }, { token: admin.token });
  expect(Object.keys(res.errors?.[0].extensions?.fields).sort()).toEqual(['apparatusId', 'defaultCapacity', 'dropInPriceCents', 'durationMinutes', 'level', 'name']);
  expect((await blueprint()).price).toBe('$28.00');
});

it('creates a weekly series on the chosen weekdays, skipping studio closures', async () => {
  const bp = await blueprint();
  const start = addDays(new Date(), 2);
  const closedDay = format(addDays(start, 7), 'yyyy-MM-dd');
  await t.gql(`mutation($i: ClosureInput!) { addStudioClosure(input: $i) { id } }`, { i: { date: closedDay, reason: 'Holiday' } }, { token: admin.token });
  const weekday = start.getDay();
  const res = await t.gql(CREATE_SERIES, {
    i: { blueprintId: bp.id, weekdays: [weekday, (weekday + 3) % 7], startTime: '18:30', startDate: format(start, 'yyyy-MM-dd'), endDate: format(addDays(start, 27), 'yyyy-MM-dd') },
  }, { token: admin.token });
  expect(res.errors).toBeUndefined();
  const { instances, skippedDates } = res.data!.createClassSeries;
  expect(skippedDates).toEqual([closedDay]);
  expect(instances).toHaveLength(7); // 4 weeks × 2 weekdays, minus the closed day
  expect(instances[0]).toMatchObject({ date: format(start, 'yyyy-MM-dd'), startTime: '18:30', endTime: '19:45' });
  expect(instances.every((i: { date: string }) => [weekday, (weekday + 3) % 7].includes(new Date(`${i.date}T12:00:00`).getDay()))).toBe(true);
});

it('refuses a series that would cross midnight or ends before it starts', async () => {
  const bp = await blueprint({ durationMinutes: 120 });
  const late = await t.gql(CREATE_SERIES, { i: { blueprintId: bp.id, weekdays: [1], startTime: '23:00', startDate: day(1), endDate: day(30) } }, { token: admin.token });
  expect(late.errors?.[0].extensions?.fields).toEqual({ startTime: 'Too late for a class of this length.' });
  const backwards = await t.gql(CREATE_SERIES, { i: { blueprintId: bp.id, weekdays: [1], startTime: '10:00', startDate: day(10), endDate: day(1) } }, { token: admin.token });
  expect(backwards.errors?.[0].extensions?.fields).toEqual({ endDate: 'Must be on or after the first date.' });
});

it('edits one class or this-and-following, substituting the instructor and moving the time', async () => {
  const bp = await blueprint();
  const sub = await makeUser(t, { role: Role.teacher, firstName: 'Sub' });
  const res = await t.gql(CREATE_SERIES, { i: { blueprintId: bp.id, weekdays: [0, 1, 2, 3, 4, 5, 6], startTime: '10:00', startDate: day(3), endDate: day(6) } }, { token: admin.token });
  const ids: string[] = res.data?.createClassSeries.instances.map((i: { id: string }) => i.id);
  const EDIT = `mutation($id: ID!, $i: InstanceChangesInput!, $s: EditScope!) { updateClassInstance(id: $id, input: $i, scope: $s) { id startTime endTime instructor { name } } }`;
  const one = await t.gql(EDIT, { id: ids[0], i: { instructorId: sub.user.id }, s: 'THIS' }, { token: admin.token });
  expect(one.data?.updateClassInstance).toEqual([{ id: ids[0], startTime: '10:00', endTime: '11:15', instructor: { name: `Sub ${sub.user.lastName}` } }]);
  const following = await t.gql(EDIT, { id: ids[2], i: { startTime: '11:00' }, s: 'THIS_AND_FOLLOWING' }, { token: admin.token });
  expect(following.data?.updateClassInstance.map((i: { id: string }) => i.id)).toEqual(ids.slice(2));
  const times = await em(t).find(ClassInstance, { id: { $in: ids } }, { orderBy: { date: 'asc' } });
  expect(times.map((i) => i.startTime)).toEqual(['10:00', '10:00', '11:00', '11:00']);
  expect(times[2].endsAt.getTime() - times[2].startsAt.getTime()).toBe(75 * 60_000);
});

it('will not drop capacity below the spots taken', async () => {
  const c = await makeClass(t, { capacity: 2 });
  const [a, b] = [await makeUser(t, { signed: true }), await makeUser(t, { signed: true })];
  for (const m of [a, b]) await t.gql(`mutation($c: ID!, $a: ID!) { bookClass(classInstanceId: $c, attendeeId: $a) { id } }`, { c: c.id, a: m.user.id }, { token: m.token });
  const res = await t.gql(`mutation($id: ID!) { updateClassInstance(id: $id, input: { capacity: 1 }) { id } }`, { id: c.id }, { token: admin.token });
  expect(res.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', fields: { capacity: 'At least 2.' } });
});

it('cancelling a class releases every spot and tells each booked family', async () => {
  const c = await makeClass(t, { capacity: 5 });
  const m = await makeUser(t, { signed: true });
  await t.gql(`mutation($c: ID!, $a: ID!) { bookClass(classInstanceId: $c, attendeeId: $a) { id } }`, { c: c.id, a: m.user.id }, { token: m.token });
  const res = await t.gql(`mutation($id: ID!) { cancelClassInstance(id: $id, reason: "Instructor unwell") { status spotsLeft } }`, { id: c.id }, { token: admin.token });
  expect(res.data?.cancelClassInstance).toEqual({ status: 'cancelled', spotsLeft: 5 });
  const note = await em(t).findOneOrFail(Notification, { user: m.user.id, title: 'Class cancelled' });
  expect(note.message).toContain('Instructor unwell');
  expect((await t.gql(`{ myBookings { id } }`, {}, { token: m.token })).data?.myBookings).toEqual([]);
});

it('serves the public schedule with filters and only names of instructors', async () => {
  const silks = await makeClass(t, { usesRigPoints: true, level: 3, startsInMinutes: 4 * 24 * 60 });
  const lyra = await makeClass(t, { level: 1, startsInMinutes: 4 * 24 * 60 + 120 });
  const Q = `query($from: String!, $to: String!, $f: ScheduleFilter) { classSchedule(from: $from, to: $to, filter: $f) { id spotsLeft waitlistLength bookable blueprint { level apparatus { name } } instructor { name } } }`;
  const all = await t.gql(Q, { from: day(3), to: day(5) });
  const ids = all.data?.classSchedule.map((c: { id: string }) => c.id);
  expect(ids).toEqual(expect.arrayContaining([silks.id, lyra.id]));
  const onlySilks = await t.gql(Q, { from: day(3), to: day(5), f: { apparatusIds: [silks.blueprint.apparatus.id], levels: [3] } });
  expect(onlySilks.data?.classSchedule.map((c: { id: string }) => c.id)).toEqual([silks.id]);
  const byInstructor = await t.gql(Q, { from: day(3), to: day(5), f: { instructorIds: [lyra.instructor.id] } });
  expect(byInstructor.data?.classSchedule.map((c: { id: string }) => c.id)).toEqual([lyra.id]);
  expect((await t.gql(`{ classSchedule(from: "${day(0)}", to: "${day(3)}") { instructor { email } } }`)).errors?.[0].extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
  expect((await t.gql(Q, { from: day(0), to: day(90) })).errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
});

it('loads an admin table page in at most 4 SQL statements, whatever the page size', async () => {
  for (let i = 0; i < 30; i++) await makeClass(t, { startsInMinutes: 10 * 24 * 60 + i * 90, instructorId: instructor.user.id });
  const connection = t.app.services.orm.em.getDriver().getConnection();
  const spy = jest.spyOn(connection, 'execute');
  const count = async (pageSize: number) => {
    spy.mockClear();
    const res = await t.gql(`query($n: Int!) { adminClassInstances(pageSize: $n, sortField: startsAt) { total items { id date startTime endTime capacity spotsTaken notes spotsLeft waitlistLength series { id } blueprint { id name apparatus { id name } } instructor { id name } } } }`, { n: pageSize }, { token: admin.token });
    expect(res.data?.adminClassInstances.items.length).toBe(pageSize);
    return spy.mock.calls.length;
  };
  const small = await count(5);
  const large = await count(30);
  spy.mockRestore();
  expect(small).toBe(large);
  expect(large).toBeLessThanOrEqual(4);
});
