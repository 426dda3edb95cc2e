import { addDays, format } from 'date-fns';
import { startTestApp, type TestApp } from '../../../test/app.js';
import { makeClass } from '../../../test/classes.js';
import { em, makeUser, Role } from '../../../test/factories.js';
import { statementCounter } from '../../../test/statements.js';
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
  const res = await t.gql(
    CREATE_BLUEPRINT,
    {
      i: {
        name: 'Lyra Level 1',
        apparatusId: lyraId,
        level: 1,
        durationMinutes: 75,
        defaultCapacity: 8,
        dropInPriceCents: 2800,
        defaultInstructorId: instructor.user.id,
        ...overrides,
      },
    },
    { token: admin.token },
  );
  expect(res.errors).toBeUndefined();
  return res.data?.createClassBlueprint as { id: string; price: string };
}

it('keeps schedule management to admins', async () => {
  const member = await makeUser(t);
  expect(
    (
      await t.gql(
        CREATE_BLUEPRINT,
        { i: { name: 'x', apparatusId: lyraId, level: 1, durationMinutes: 60, defaultCapacity: 5, dropInPriceCents: 0 } },
        { token: member.token },
      )
    ).errors?.[0].extensions?.code,
  ).toBe('FORBIDDEN');
  expect((await t.gql(`{ adminClassInstances { total } }`, {}, { token: instructor.token })).errors?.[0].extensions?.code).toBe(
    'FORBIDDEN',
  );
});

it('validates class types field by field', async () => {
  const res = await t.gql(
    CREATE_BLUEPRINT,
    { i: { name: '', apparatusId: 'nope', level: 9, durationMinutes: 5, defaultCapacity: 0, dropInPriceCents: -1 } },
    { token: admin.token },
  );
  expect(Object.keys(res.errors?.[0].extensions?.fields).sort()).toEqual([
    'apparatusId',
    'defaultCapacity',
    'dropInPriceCents',
    'durationMinutes',
    'level',
    'name',
  ]);
  expect((await blueprint()).price).toBe('$28.00');
});

it('creates a weekly series on the chosen weekdays, skipping studio closures', async () => {
  const bp = await blueprint();
  const start = addDays(new Date(), 2);
  const closedDay = format(addDays(start, 7), 'yyyy-MM-dd');
  await t.gql(
    `mutation($i: ClosureInput!) { addStudioClosure(input: $i) { id } }`,
    { i: { date: closedDay, reason: 'Holiday' } },
    { token: admin.token },
  );
  const weekday = start.getDay();
  const res = await t.gql(
    CREATE_SERIES,
    {
      i: {
        blueprintId: bp.id,
        weekdays: [weekday, (weekday + 3) % 7],
        startTime: '18:30',
        startDate: format(start, 'yyyy-MM-dd'),
        endDate: format(addDays(start, 27), 'yyyy-MM-dd'),
      },
    },
    { token: admin.token },
  );
  expect(res.errors).toBeUndefined();
  const { instances, skippedDates } = res.data!.createClassSeries;
  expect(skippedDates).toEqual([closedDay]);
  expect(instances).toHaveLength(7); // 4 weeks × 2 weekdays, minus the closed day
  expect(instances[0]).toMatchObject({ date: format(start, 'yyyy-MM-dd'), startTime: '18:30', endTime: '19:45' });
  expect(instances.every((i: { date: string }) => [weekday, (weekday + 3) % 7].includes(new Date(`${i.date}T12:00:00`).getDay()))).toBe(
    true,
  );
});

it('refuses a series that would cross midnight or ends before it starts', async () => {
  const bp = await blueprint({ durationMinutes: 120 });
  const late = await t.gql(
    CREATE_SERIES,
    { i: { blueprintId: bp.id, weekdays: [1], startTime: '23:00', startDate: day(1), endDate: day(30) } },
    { token: admin.token },
  );
  expect(late.errors?.[0].extensions?.fields).toEqual({ startTime: 'Too late for a class of this length.' });
  const backwards = await t.gql(
    CREATE_SERIES,
    { i: { blueprintId: bp.id, weekdays: [1], startTime: '10:00', startDate: day(10), endDate: day(1) } },
    { token: admin.token },
  );
  expect(backwards.errors?.[0].extensions?.fields).toEqual({ endDate: 'Must be on or after the first date.' });
});

it('edits one class or this-and-following, substituting the instructor and moving the time', async () => {
  const bp = await blueprint();
  const sub = await makeUser(t, { role: Role.teacher, firstName: 'Sub' });
  const res = await t.gql(
    CREATE_SERIES,
    { i: { blueprintId: bp.id, weekdays: [0, 1, 2, 3, 4, 5, 6], startTime: '10:00', startDate: day(3), endDate: day(6) } },
    { token: admin.token },
  );
  const ids: string[] = res.data?.createClassSeries.instances.map((i: { id: string }) => i.id);
  const EDIT = `mutation($id: ID!, $i: InstanceChangesInput!, $s: EditScope!) { updateClassInstance(id: $id, input: $i, scope: $s) { id startTime endTime instructor { name } } }`;
  const one = await t.gql(EDIT, { id: ids[0], i: { instructorId: sub.user.id }, s: 'THIS' }, { token: admin.token });
  expect(one.data?.updateClassInstance).toEqual([
    { id: ids[0], startTime: '10:00', endTime: '11:15', instructor: { name: `Sub ${sub.user.lastName}` } },
  ]);
  const following = await t.gql(EDIT, { id: ids[2], i: { startTime: '11:00' }, s: 'THIS_AND_FOLLOWING' }, { token: admin.token });
  expect(following.data?.updateClassInstance.map((i: { id: string }) => i.id)).toEqual(ids.slice(2));
  const times = await em(t).find(ClassInstance, { id: { $in: ids } }, { orderBy: { date: 'asc' } });
  expect(times.map((i) => i.startTime)).toEqual(['10:00', '10:00', '11:00', '11:00']);
  expect(times[2].endsAt.getTime() - times[2].startsAt.getTime()).toBe(75 * 60_000);
});

it('will not drop capacity below the spots taken', async () => {
  const c = await makeClass(t, { capacity: 2 });
  const [a, b] = [await makeUser(t, { signed: true }), await makeUser(t, { signed: true })];
  for (const m of [a, b])
    await t.gql(
      `mutation($c: ID!, $a: ID!) { bookClass(classInstanceId: $c, attendeeId: $a) { booking { id } } }`,
      { c: c.id, a: m.user.id },
      { token: m.token },
    );
  const res = await t.gql(
    `mutation($id: ID!) { updateClassInstance(id: $id, input: { capacity: 1 }) { id } }`,
    { id: c.id },
    { token: admin.token },
  );
  expect(res.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', fields: { capacity: 'At least 2.' } });
});

it('cancelling a class releases every spot and tells each booked family', async () => {
  const c = await makeClass(t, { capacity: 5 });
  const m = await makeUser(t, { signed: true });
  await t.gql(
    `mutation($c: ID!, $a: ID!) { bookClass(classInstanceId: $c, attendeeId: $a) { booking { id } } }`,
    { c: c.id, a: m.user.id },
    { token: m.token },
  );
  const res = await t.gql(
    `mutation($id: ID!) { cancelClassInstance(id: $id, reason: "Instructor unwell") { status spotsLeft } }`,
    { id: c.id },
    { token: admin.token },
  );
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
  expect((await t.gql(`{ classSchedule(from: "${day(0)}", to: "${day(3)}") { instructor { email } } }`)).errors?.[0].extensions?.code).toBe(
    'GRAPHQL_VALIDATION_FAILED',
  );
  expect((await t.gql(Q, { from: day(0), to: day(90) })).errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
});

it('loads an admin table page in at most 4 SQL statements, whatever the page size', async () => {
  for (let i = 0; i < 30; i++) await makeClass(t, { startsInMinutes: 10 * 24 * 60 + i * 90, instructorId: instructor.user.id });
  const counter = statementCounter(t);
  const count = async (pageSize: number) => {
    counter.reset();
    const res = await t.gql(
      `query($n: Int!) { adminClassInstances(pageSize: $n, sortField: startsAt) { total items { id date startTime endTime capacity spotsTaken notes spotsLeft waitlistLength series { id } blueprint { id name apparatus { id name } } instructor { id name } } } }`,
      { n: pageSize },
      { token: admin.token },
    );
    expect(res.data?.adminClassInstances.items.length).toBe(pageSize);
    return counter.sql().length;
  };
  const small = await count(5);
  const large = await count(30);
  counter.stop();
  expect(small).toBe(large);
  expect(large).toBeGreaterThan(0);
  expect(large).toBeLessThanOrEqual(4);
});

describe('weekly series as a whole', () => {
  const SERIES_ROW = `id status startTime startDate endDate capacity weekdays scheduledClasses upcomingClasses nextClassDate instructor { name } blueprint { name apparatus { name } }`;
  const UPDATE = `mutation($id: ID!, $i: SeriesChangesInput!) { updateClassSeries(id: $id, input: $i) { ${SERIES_ROW} } }`;
  const CANCEL = `mutation($id: ID!, $r: String) { cancelClassSeries(id: $id, reason: $r) { ${SERIES_ROW} } }`;
  const BOOK = `mutation($c: ID!, $a: ID!) { bookClass(classInstanceId: $c, attendeeId: $a) { booking { id status } } }`;

  /** A daily series from `from` to `to` days ahead at 10:00, on a free class type. */
  async function dailySeries(from: number, to: number, overrides: Record<string, unknown> = {}) {
    const bp = await blueprint({ name: `Flow ${from}-${to}-${Math.random().toString(36).slice(2, 6)}`, dropInPriceCents: 0, ...overrides });
    const res = await t.gql(
      CREATE_SERIES,
      { i: { blueprintId: bp.id, weekdays: [0, 1, 2, 3, 4, 5, 6], startTime: '10:00', startDate: day(from), endDate: day(to) } },
      { token: admin.token },
    );
    expect(res.errors).toBeUndefined();
    return {
      seriesId: res.data!.createClassSeries.series.id as string,
      ids: res.data!.createClassSeries.instances.map((i: { id: string }) => i.id) as string[],
    };
  }

  it('keeps series management to admins', async () => {
    const { seriesId } = await dailySeries(2, 3);
    for (const [query, vars] of [
      [`{ adminClassSeries { total } }`, {}],
      [UPDATE, { id: seriesId, i: { capacity: 3 } }],
      [CANCEL, { id: seriesId }],
    ] as const) {
      expect((await t.gql(query, vars, { token: instructor.token })).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    }
  });

  it('lists series with their class counts, filtered by state and sorted, in at most 4 SQL statements', async () => {
    const { seriesId } = await dailySeries(2, 5);
    const counter = statementCounter(t);
    const res = await t.gql(
      `{ adminClassSeries(status: active, sortField: endDate, sortDirection: ASC, pageSize: 100) { total items { ${SERIES_ROW} } } }`,
      {},
      { token: admin.token },
    );
    const statements = counter.sql().length;
    counter.stop();
    expect(res.errors).toBeUndefined();
    expect(statements).toBeGreaterThan(0);
    expect(statements).toBeLessThanOrEqual(4);
    const { items, total } = res.data!.adminClassSeries;
    expect(total).toBe(items.length);
    const row = items.find((s: { id: string }) => s.id === seriesId);
    expect(row).toMatchObject({
      status: 'active',
      startTime: '10:00',
      startDate: day(2),
      endDate: day(5),
      scheduledClasses: 4,
      upcomingClasses: 4,
      nextClassDate: day(2),
      instructor: { name: `Iris ${instructor.user.lastName}` },
      blueprint: { apparatus: { name: 'Lyra' } },
    });
    const ends = items.map((s: { endDate: string }) => s.endDate);
    expect(ends).toEqual([...ends].sort());
    const cancelledOnly = await t.gql(`{ adminClassSeries(status: cancelled) { items { id } } }`, {}, { token: admin.token });
    expect(cancelledOnly.data?.adminClassSeries.items.map((s: { id: string }) => s.id)).not.toContain(seriesId);
  });

  it('changes the instructor, time and capacity of every later class, and the series remembers them', async () => {
    const { seriesId, ids } = await dailySeries(2, 5);
    const sub = await makeUser(t, { role: Role.teacher, firstName: 'Sub' });
    const member = await makeUser(t, { signed: true });
    await t.gql(BOOK, { c: ids[1], a: member.user.id }, { token: member.token });
    const res = await t.gql(
      UPDATE,
      { id: seriesId, i: { instructorId: sub.user.id, startTime: '17:15', capacity: 12 } },
      { token: admin.token },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data?.updateClassSeries).toMatchObject({
      startTime: '17:15',
      capacity: 12,
      instructor: { name: `Sub ${sub.user.lastName}` },
    });
    const classes = await em(t).find(ClassInstance, { id: { $in: ids } }, { orderBy: { date: 'asc' }, populate: ['instructor'] });
    expect(classes.map((c) => [c.startTime, c.endTime, c.capacity, c.instructor.id])).toEqual(
      ids.map(() => ['17:15', '18:30', 12, sub.user.id]),
    );
    // The booked member hears about the new time.
    expect(await em(t).count(Notification, { user: member.user.id, title: 'Class time changed' })).toBe(1);
    // A class added by a later last date follows the new values.
    const longer = await t.gql(UPDATE, { id: seriesId, i: { endDate: day(6) } }, { token: admin.token });
    expect(longer.data?.updateClassSeries).toMatchObject({ endDate: day(6), scheduledClasses: 5 });
    const added = await em(t).findOneOrFail(ClassInstance, { series: seriesId, date: day(6) }, { populate: ['instructor'] });
    expect([added.startTime, added.capacity, added.instructor.id]).toEqual(['17:15', 12, sub.user.id]);
  });

  it('a later last date adds classes but skips closures; an earlier one cancels the classes after it and tells their families', async () => {
    const { seriesId, ids } = await dailySeries(2, 4);
    await t.gql(
      `mutation($i: ClosureInput!) { addStudioClosure(input: $i) { id } }`,
      { i: { date: day(6), reason: 'Floor repairs' } },
      { token: admin.token },
    );
    const longer = await t.gql(UPDATE, { id: seriesId, i: { endDate: day(7) } }, { token: admin.token });
    expect(longer.errors).toBeUndefined();
    const dates = (await em(t).find(ClassInstance, { series: seriesId }, { orderBy: { date: 'asc' } })).map((c) => c.date);
    expect(dates).toEqual([day(2), day(3), day(4), day(5), day(7)]);

    const member = await makeUser(t, { signed: true });
    expect((await t.gql(BOOK, { c: ids[2], a: member.user.id }, { token: member.token })).data?.bookClass.booking.status).toBe('confirmed');
    const shorter = await t.gql(UPDATE, { id: seriesId, i: { endDate: day(3) } }, { token: admin.token });
    expect(shorter.data?.updateClassSeries).toMatchObject({ endDate: day(3), scheduledClasses: 2, upcomingClasses: 2 });
    const after = await em(t).find(ClassInstance, { series: seriesId, date: { $gt: day(3) } });
    expect(after.map((c) => c.status)).toEqual(['cancelled', 'cancelled', 'cancelled']);
    expect(await em(t).count(Notification, { user: member.user.id, title: 'Class cancelled' })).toBe(1);
    expect((await t.gql(`{ myBookings { id } }`, {}, { token: member.token })).data?.myBookings).toEqual([]);
  });

  it('refuses a last date in the past, before the first date or over a year away, field by field', async () => {
    const { seriesId } = await dailySeries(2, 4);
    const err = async (endDate: string) =>
      (await t.gql(UPDATE, { id: seriesId, i: { endDate } }, { token: admin.token })).errors?.[0].extensions?.fields;
    expect(await err(day(1))).toEqual({ endDate: 'Must be on or after the first date.' });
    expect(await err(day(400))).toEqual({ endDate: 'At most one year after the first date.' });
    expect(await err('2026-02-30')).toEqual({ endDate: 'Enter a valid date (YYYY-MM-DD).' });
    const running = await dailySeries(-3, 4);
    expect(
      (await t.gql(UPDATE, { id: running.seriesId, i: { endDate: day(-2) } }, { token: admin.token })).errors?.[0].extensions?.fields,
    ).toEqual({ endDate: 'Today or later.' });
  });

  it('cancelling a series cancels its later classes only, releases spots, and is final', async () => {
    const { seriesId, ids } = await dailySeries(-2, 3);
    const member = await makeUser(t, { signed: true });
    await t.gql(BOOK, { c: ids[3], a: member.user.id }, { token: member.token });
    // Whether today's class has started depends on the hour: count the classes already under way or held.
    const started = (await em(t).find(ClassInstance, { id: { $in: ids } }, { orderBy: { date: 'asc' } })).map(
      (c) => c.startsAt <= new Date(),
    );
    const res = await t.gql(CANCEL, { id: seriesId, r: 'Instructor moved away' }, { token: admin.token });
    expect(res.errors).toBeUndefined();
    expect(res.data?.cancelClassSeries).toMatchObject({
      status: 'cancelled',
      upcomingClasses: 0,
      scheduledClasses: started.filter(Boolean).length,
    });
    const classes = await em(t).find(ClassInstance, { id: { $in: ids } }, { orderBy: { date: 'asc' } });
    // Classes already held keep their status; those still to come are cancelled.
    expect(classes.map((c) => c.status)).toEqual(started.map((s) => (s ? 'scheduled' : 'cancelled')));
    expect(classes.slice(3).map((c) => c.status)).toEqual(['cancelled', 'cancelled', 'cancelled']);
    const note = await em(t).findOneOrFail(Notification, { user: member.user.id, title: 'Class cancelled' });
    expect(note.message).toContain('Instructor moved away');
    expect((await t.gql(CANCEL, { id: seriesId }, { token: admin.token })).errors?.[0].extensions?.code).toBe('CONFLICT');
    expect((await t.gql(UPDATE, { id: seriesId, i: { capacity: 3 } }, { token: admin.token })).errors?.[0]).toMatchObject({
      message: 'A cancelled series cannot be edited.',
      extensions: { code: 'CONFLICT' },
    });
    const listed = await t.gql(`{ adminClassSeries(status: cancelled) { items { id } } }`, {}, { token: admin.token });
    expect(listed.data?.adminClassSeries.items.map((s: { id: string }) => s.id)).toContain(seriesId);
  });

  it('sorts class types by any column', async () => {
    await blueprint({ name: 'Zz Sort Check', durationMinutes: 300, dropInPriceCents: 999_999 });
    const Q = `query($f: BlueprintSortField!, $d: SortDirection!) { classBlueprints(sortField: $f, sortDirection: $d, pageSize: 100) { items { name durationMinutes dropInPriceCents } } }`;
    const byPrice = await t.gql(Q, { f: 'dropInPriceCents', d: 'DESC' }, { token: admin.token });
    expect(byPrice.data?.classBlueprints.items[0].name).toBe('Zz Sort Check');
    const byName = (await t.gql(Q, { f: 'name', d: 'ASC' }, { token: admin.token })).data?.classBlueprints.items.map(
      (b: { name: string }) => b.name,
    );
    expect(byName).toEqual([...byName].sort((a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
  });
});
