import { startTestApp, type TestApp } from '../../test/app.js';
import { em } from '../../test/factories.js';
import { Booking, BookingStatus } from '../modules/bookings/booking.entity.js';
import { ClassInstance } from '../modules/classes/class-instance.entity.js';
import { ClassSeries } from '../modules/classes/class-series.entity.js';
import { User } from '../modules/users/user.entity.js';
import { DEMO_PASSWORD, seedDemo } from './demo.js';
import { HISTORY_WEEKS } from './demo-history.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  await seedDemo(t.app.services);
});
afterAll(() => t.close());

/** The weeks before the schedule, as plain facts (ids are random; everything else must come out the same). */
async function historyOf(app: TestApp): Promise<string[]> {
  const e = em(app);
  const first = (await e.find(ClassInstance, {}, { orderBy: { startsAt: 'asc' }, limit: 1 }))[0].date;
  const scheduleStart = new Date(`${first}T12:00:00Z`);
  scheduleStart.setUTCDate(scheduleStart.getUTCDate() + HISTORY_WEEKS * 7);
  const before = scheduleStart.toISOString().slice(0, 10);
  const bookings = await e.find(
    Booking,
    { classInstance: { date: { $lt: before } } },
    { populate: ['classInstance.blueprint', 'attendee', 'rigPoint'] },
  );
  return bookings
    .map((b) =>
      [
        b.classInstance.date,
        b.classInstance.blueprint.name,
        `${b.attendee.firstName} ${b.attendee.lastName}`,
        b.status,
        b.lateCancel,
        Boolean(b.checkedInAt),
        b.source,
        b.rigPoint?.name ?? '',
      ].join('|'),
    )
    .sort();
}

it('adds eight weeks of finished classes before the schedule, each weekly series reaching back to them', async () => {
  const series = await em(t).find(ClassSeries, {});
  const starts = [...new Set(series.map((s) => s.startDate))];
  expect(starts).toHaveLength(1);
  const [historyStart] = starts;
  expect(await em(t).count(ClassInstance, { date: { $lt: historyStart } })).toBe(0);
  // Ten classes a week before the schedule's first week, every one of them in its series.
  const before = { date: { $lt: addDays(historyStart, HISTORY_WEEKS * 7) } };
  expect(await em(t).count(ClassInstance, before)).toBe(HISTORY_WEEKS * 10);
  expect(await em(t).count(ClassInstance, { ...before, series: null })).toBe(0);
});

it('keeps the booking invariants: seats taken match the places held, within capacity, one place per attendee and rig point', async () => {
  const rows = await em(t)
    .getConnection()
    .execute<{ id: string; capacity: number; spots_taken: number; held: number }[]>(
      `select c.id, c.capacity, c.spots_taken,
              (select count(*)::int from booking b where b.class_instance_id = c.id and b.status <> 'cancelled') as held
         from class_instance c where c.ends_at <= now()`,
    );
  expect(rows.length).toBeGreaterThanOrEqual(HISTORY_WEEKS * 10);
  for (const r of rows) {
    expect(r.spots_taken).toBe(r.held);
    expect(r.spots_taken).toBeLessThanOrEqual(r.capacity);
  }
  const finished = await em(t).find(Booking, { classInstance: { endsAt: { $lte: new Date() } } }, { populate: ['classInstance'] });
  const settings = await t.app.services.settings.get(em(t));
  for (const b of finished) {
    const start = b.classInstance.startsAt.getTime();
    if (b.checkedInAt) {
      expect(b.status).toBe(BookingStatus.confirmed);
      // Inside the check-in window: from 30 minutes before to 15 minutes after the start.
      expect(b.checkedInAt.getTime()).toBeGreaterThanOrEqual(start - 30 * 60_000);
      expect(b.checkedInAt.getTime()).toBeLessThanOrEqual(start + 15 * 60_000);
    } else expect([BookingStatus.no_show, BookingStatus.cancelled]).toContain(b.status);
    if (b.status === BookingStatus.cancelled) {
      const hoursBefore = (start - b.cancelledAt!.getTime()) / 3600_000;
      expect(b.lateCancel).toBe(hoursBefore < settings.cancellationCutoffHours);
      expect(b.createdAt.getTime()).toBeLessThan(b.cancelledAt!.getTime());
    } else expect(b.lateCancel).toBe(false);
    expect(b.createdAt.getTime()).toBeLessThanOrEqual(start);
  }
  const outcomes = new Set(finished.map((b) => (b.checkedInAt ? 'attended' : b.lateCancel ? 'late cancel' : b.status)));
  expect([...outcomes].sort()).toEqual(['attended', 'cancelled', 'late cancel', 'no_show']);
});

it('comes out the same in another database (seeded random), and leaves out people without a signed waiver', async () => {
  const other = await startTestApp();
  try {
    await seedDemo(other.app.services);
    expect(await historyOf(other)).toEqual(await historyOf(t));
  } finally {
    await other.close();
  }
  const history = await historyOf(t);
  expect(history.length).toBeGreaterThan(200);
  expect(history.some((h) => h.includes('|Leo Reyes|') || h.includes('|Paula Reyes|'))).toBe(false);
  // Children in the kids' class only, adults never in it.
  const mia = history.filter((h) => h.includes('|Mia Reyes|'));
  expect(mia.length).toBeGreaterThan(0);
  expect(mia.every((h) => h.includes('|Kids Hammock|'))).toBe(true);
  expect(history.filter((h) => h.includes('|Kids Hammock|')).every((h) => /\|(Mia Reyes|Hana Kim|Jun Kim|Lucia Alvarez)\|/.test(h))).toBe(
    true,
  );
});

it('shows real values in the admin students table; the new regulars sign in with the demo password', async () => {
  const login = async (username: string) =>
    (await t.gql(`mutation($u: String!, $p: String!) { login(username: $u, password: $p) { token } }`, { u: username, p: DEMO_PASSWORD }))
      .data?.login.token as string;
  const admin = await login('admin');
  const res = await t.gql(
    `{ adminStudents(sortField: attended, sortDirection: DESC, pageSize: 100) { total items { user { username firstName } bookings attended noShows lastAttendedAt } } }`,
    {},
    { token: admin },
  );
  expect(res.errors).toBeUndefined();
  const items = res.data?.adminStudents.items as {
    user: { username: string | null };
    attended: number;
    noShows: number;
    lastAttendedAt: string | null;
  }[];
  expect(items.filter((i) => i.attended > 0).length).toBeGreaterThanOrEqual(15);
  const sam = items.find((i) => i.user.username === 'student')!;
  expect(sam.attended).toBeGreaterThan(0);
  expect(new Date(sam.lastAttendedAt!).getTime()).toBeLessThan(Date.now());
  expect(items.reduce((n, i) => n + i.noShows, 0)).toBeGreaterThan(0);
  // The members who sign in see it too: the new regulars use the demo password.
  expect(await login('maya.brooks')).toEqual(expect.any(String));
  expect(await em(t).count(User, { username: 'grace.kim', role: 'parent' as never })).toBe(1);
});

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
