import { TZDate } from '@date-fns/tz';
import { randomUUID } from 'node:crypto';
import { startTestApp, type TestApp } from '../../../test/app.js';
import {
  buildBooking,
  buildClassBlueprint,
  buildClassPack,
  buildMembership,
  em,
  makeClass,
  makeUser,
  Role,
} from '../../../test/factories.js';
import { makeProduct } from '../../../test/shop.js';
import { collect, wsClient } from '../../../test/ws.js';
import { Booking, BookingStatus } from '../bookings/booking.entity.js';
import { Apparatus } from '../classes/apparatus.entity.js';
import { ClassInstance, ClassStatus } from '../classes/class-instance.entity.js';
import { Invoice, InvoicePaymentMethod, InvoiceStatus } from '../invoices/invoice.entity.js';
import { MembershipStatus } from '../memberships/membership.entity.js';
import { Order, OrderLine, OrderLineKind, OrderStatus } from '../payments/order.entity.js';
import { Product, ProductCategory, ProductVariant } from '../products/product.entity.js';
import { User } from '../users/user.entity.js';
import { DashboardPeriod, resolveRange } from './dashboard.range.js';
import { LevelAchievement } from '../moves/level-achievement.entity.js';
import { DASHBOARD_QUOTA } from './dashboard.service.js';

const ZONE = 'America/Los_Angeles';
let t: TestApp;
let admin: Awaited<ReturnType<typeof makeUser>>;
beforeAll(async () => {
  t = await startTestApp({ STUDIO_TIME_ZONE: ZONE });
  admin = await makeUser(t, { role: Role.admin });
});
afterAll(() => t.close());

const DASHBOARD = `query($period: DashboardPeriod, $from: String, $to: String) {
  dashboard(period: $period, from: $from, to: $to) {
    from to previousFrom previousTo timeZone
    bookings {
      current { classes capacity booked attended noShows lateCancellations fillRate }
      previous { classes capacity booked attended noShows lateCancellations fillRate }
      byClassType { label classes booked fillRate previousBooked previousFillRate }
      byHour { label hour classes booked fillRate previousBooked }
    }
    revenue { totalCents previousTotalCents byCategory { category cents previousCents } }
    members { members newMembers previousNewMembers visitors previousVisitors trialNotBack }
    atRisk { noRecentVisit lowPacks pastDueMemberships unpaidInvoices unpaidCents overdueInvoices waiversMissing }
    levels { levelsReached previousLevelsReached medianDaysToNext stuck }
  } }`;

type Figures = Record<string, any>;
const dashboard = async (variables: Record<string, unknown> = {}): Promise<Figures> => {
  const res = await t.gql(DASHBOARD, variables, { token: admin.token });
  if (res.errors) throw new Error(JSON.stringify(res.errors));
  return res.data!.dashboard;
};
const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY);

/** A scheduled class at a wall-clock time of the studio's zone, on a blueprint of its own. */
async function classAt(date: string, time: string, opts: { capacity?: number; name?: string; status?: ClassStatus } = {}) {
  const [y, m, d] = date.split('-').map(Number);
  const [hh, mm] = time.split(':').map(Number);
  const startsAt = new Date(new TZDate(y, m - 1, d, hh, mm, ZONE).getTime());
  const blueprint = await buildClassBlueprint(t, { name: opts.name ?? `Type ${date} ${time}` });
  const instructor = await makeUser(t, { role: Role.instructor });
  const e = em(t);
  const instance = e.create(ClassInstance, {
    blueprint: blueprint.id,
    date,
    startTime: time,
    endTime: `${String(hh + 1).padStart(2, '0')}:${String(mm).padStart(2, '0')}`,
    startsAt,
    endsAt: new Date(startsAt.getTime() + 3600_000),
    instructor: instructor.user.id,
    capacity: opts.capacity ?? 10,
    ...(opts.status ? { status: opts.status } : {}),
  });
  await e.flush();
  return instance;
}

async function book(classInstance: ClassInstance, count: number, extra: Parameters<typeof buildBooking>[1] = {}) {
  for (let i = 0; i < count; i += 1) await buildBooking(t, { classInstance, ...extra });
}

it('is for admins only, and a custom period must be one', async () => {
  expect((await t.gql(DASHBOARD)).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  for (const role of [Role.student, Role.parent, Role.instructor, Role.teacher]) {
    const { token } = await makeUser(t, { role });
    expect((await t.gql(DASHBOARD, {}, { token })).errors?.[0].extensions?.code).toBe('FORBIDDEN');
  }
  for (const [from, to, message] of [
    [null, '2031-01-01', 'Choose a start and an end date (YYYY-MM-DD).'],
    ['2031-02-30', '2031-03-01', 'Choose a start and an end date (YYYY-MM-DD).'],
    ['2031-03-02', '2031-03-01', 'The start date must not be after the end date.'],
    ['2030-01-01', '2031-06-01', 'Choose at most 366 days.'],
    ['x\u0000', '\ud800', 'Please correct the highlighted fields.'],
  ]) {
    const res = await t.gql(DASHBOARD, { period: 'custom', from, to }, { token: admin.token });
    expect(res.errors?.[0]).toMatchObject({ message, extensions: { code: 'BAD_USER_INPUT' } });
  }
});

it('stops an admin who reads it more often than an open page would, and only them', async () => {
  const looping = await makeUser(t, { role: Role.admin });
  const read = () => t.gql(`{ dashboard(period: this_week) { from } }`, {}, { token: looping.token });
  for (let i = 0; i < DASHBOARD_QUOTA.points; i += 20)
    for (const res of await Promise.all(Array.from({ length: 20 }, read))) expect(res.errors).toBeUndefined();
  const refused = await read();
  expect(refused.errors?.[0]).toMatchObject({
    message: expect.stringMatching(/^Too many dashboard reads in a short time\. Please wait \d+ seconds? and try again\.$/),
    extensions: { code: 'RATE_LIMITED', retryAfterSeconds: expect.any(Number) },
  });
  expect((await t.gql(`{ dashboard(period: this_week) { from } }`, {}, { token: admin.token })).errors).toBeUndefined();
});

it("resolves each period in the studio's dates, against the period before", () => {
  // 2026-12-02 is a Wednesday.
  expect(resolveRange(DashboardPeriod.this_week, '2026-12-02', {})).toEqual({
    from: '2026-11-30',
    to: '2026-12-06',
    previousFrom: '2026-11-23',
    previousTo: '2026-11-29',
  });
  // A Sunday and a Monday are in different weeks.
  expect(resolveRange(DashboardPeriod.this_week, '2026-12-06', {})).toMatchObject({ from: '2026-11-30', to: '2026-12-06' });
  expect(resolveRange(DashboardPeriod.this_week, '2026-12-07', {})).toMatchObject({ from: '2026-12-07', to: '2026-12-13' });
  expect(resolveRange(DashboardPeriod.last_4_weeks, '2026-12-02', {})).toEqual({
    from: '2026-11-05',
    to: '2026-12-02',
    previousFrom: '2026-10-08',
    previousTo: '2026-11-04',
  });
  expect(resolveRange(DashboardPeriod.this_quarter, '2026-12-02', {})).toEqual({
    from: '2026-10-01',
    to: '2026-12-31',
    previousFrom: '2026-07-01',
    previousTo: '2026-09-30',
  });
  expect(resolveRange(DashboardPeriod.this_quarter, '2027-01-01', {})).toMatchObject({
    previousFrom: '2026-10-01',
    previousTo: '2026-12-31',
  });
  // Across the spring daylight-saving change (2031-03-09 in Los Angeles) the days stay whole.
  expect(resolveRange(DashboardPeriod.custom, '2026-12-02', { from: '2031-03-03', to: '2031-03-16' })).toEqual({
    from: '2031-03-03',
    to: '2031-03-16',
    previousFrom: '2031-02-17',
    previousTo: '2031-03-02',
  });
});

it('counts bookings, fill, no-shows and late cancellations of the week, to the minute at its edges', async () => {
  // The week of 2031-03-03 (Monday) to 2031-03-09 (Sunday, the day clocks go forward in Los Angeles).
  const sundayLate = await classAt('2031-03-09', '23:30', { capacity: 8, name: 'Edge Lyra' });
  const mondayEarly = await classAt('2031-03-03', '00:15', { capacity: 4, name: 'Dawn Silks' });
  const nextWeek = await classAt('2031-03-10', '00:30');
  const weekBefore = await classAt('2031-03-02', '23:45', { capacity: 5, name: 'Edge Lyra' });
  const cancelled = await classAt('2031-03-05', '18:00', { status: ClassStatus.cancelled });
  await book(sundayLate, 2);
  await book(sundayLate, 1, { checkedInAt: new Date() });
  await book(sundayLate, 1, { status: BookingStatus.no_show });
  await book(sundayLate, 1, { status: BookingStatus.held });
  await book(sundayLate, 1, { status: BookingStatus.cancelled, lateCancel: true, cancelledAt: new Date() });
  await book(sundayLate, 1, { status: BookingStatus.cancelled, cancelledAt: new Date() });
  await book(mondayEarly, 2);
  await book(nextWeek, 5);
  await book(weekBefore, 4);
  await book(cancelled, 3);

  const figures = await dashboard({ period: 'custom', from: '2031-03-03', to: '2031-03-09' });
  expect(figures).toMatchObject({
    from: '2031-03-03',
    to: '2031-03-09',
    previousFrom: '2031-02-24',
    previousTo: '2031-03-02',
    timeZone: ZONE,
  });
  expect(figures.bookings.current).toEqual({
    classes: 2,
    capacity: 12,
    booked: 6,
    attended: 1,
    noShows: 1,
    lateCancellations: 1,
    fillRate: 0.5,
  });
  // One person checked in this week, nobody the week before.
  expect(figures.members).toMatchObject({ visitors: 1, previousVisitors: 0 });
  expect(figures.bookings.previous).toEqual({
    classes: 1,
    capacity: 5,
    booked: 4,
    attended: 0,
    noShows: 0,
    lateCancellations: 0,
    fillRate: 0.8,
  });
  expect(figures.bookings.byClassType).toEqual([
    { label: 'Edge Lyra', classes: 1, booked: 4, fillRate: 0.5, previousBooked: 4, previousFillRate: 0.8 },
    { label: 'Dawn Silks', classes: 1, booked: 2, fillRate: 0.5, previousBooked: 0, previousFillRate: 0 },
  ]);
  expect(figures.bookings.byHour).toEqual([
    { label: '00:00', hour: 0, classes: 1, booked: 2, fillRate: 0.5, previousBooked: 0 },
    { label: '23:00', hour: 23, classes: 1, booked: 4, fillRate: 0.5, previousBooked: 4 },
  ]);
});

/** An order paid at `at`, with lines of a kind or a product of a category, as the payments module records them. */
async function order(
  at: Date,
  lines: { kind?: OrderLineKind; category?: ProductCategory; pack?: boolean; cents: number; refunded?: number }[],
  opts: { totalCents?: number; refundedCents?: number; status?: OrderStatus } = {},
) {
  const e = em(t);
  const owner = (await makeUser(t)).user;
  const gross = lines.reduce((sum, l) => sum + l.cents, 0);
  const o = e.create(Order, {
    owner: owner.id,
    checkoutSession: null,
    totalCents: opts.totalCents ?? gross,
    refundedCents: opts.refundedCents ?? 0,
    status: opts.status ?? OrderStatus.paid,
    createdAt: at,
  });
  let position = 0;
  for (const line of lines) {
    const product = line.category ? await makeProduct(t, { category: line.category, priceCents: line.cents }) : null;
    if (product && line.pack) await e.nativeUpdate(Product, { id: product.id }, { packClasses: 5, packValidDays: 60 });
    const variantId = product ? (await e.findOneOrFail(ProductVariant, { product: product.id })).id : null;
    e.create(OrderLine, {
      order: o,
      position: position++,
      kind: line.kind ?? OrderLineKind.product,
      description: 'line',
      quantity: 1,
      unitCents: line.cents,
      refundedCents: line.refunded ?? 0,
      variantId,
    });
  }
  await e.flush();
  return o;
}

it('adds up money received by category, exactly, net of refunds, shared across a discounted order', async () => {
  const inWeek = new Date(new TZDate(2031, 3, 16, 12, 0, ZONE).getTime()); // Wednesday 2031-04-16
  const lastWeek = new Date(new TZDate(2031, 3, 9, 12, 0, ZONE).getTime());
  await order(inWeek, [
    { kind: OrderLineKind.class, cents: 2000 },
    { category: ProductCategory.merchandise, cents: 3000 },
  ]);
  // A front-desk discount of 333 cents: 1,000 shared 333 : 1,000 is 249.81… and 750.18…, the cent left over to the
  // larger remainder.
  await order(
    inWeek,
    [
      { category: ProductCategory.snacks, cents: 333 },
      { category: ProductCategory.membership, pack: true, cents: 1000 },
    ],
    { totalCents: 1000 },
  );
  await order(inWeek, [{ kind: OrderLineKind.membership, cents: 4500, refunded: 1500 }], {
    refundedCents: 1500,
    status: OrderStatus.partially_refunded,
  });
  await order(inWeek, [{ category: ProductCategory.invoice, cents: 1200 }]);
  await order(inWeek, [{ category: ProductCategory.merchandise, cents: 9999 }], { status: OrderStatus.on_account });
  await order(inWeek, [{ category: ProductCategory.merchandise, cents: 700, refunded: 700 }], {
    refundedCents: 700,
    status: OrderStatus.refunded,
  });
  await order(lastWeek, [{ category: ProductCategory.merchandise, cents: 1000 }]);
  const e = em(t);
  const member = (await makeUser(t)).user;
  for (const [method, paidAt] of [
    [InvoicePaymentMethod.cash, inWeek],
    [InvoicePaymentMethod.bank_transfer, lastWeek],
    // Paid online: its money is the order above, not counted twice.
    [InvoicePaymentMethod.card, inWeek],
  ] as const)
    e.create(Invoice, {
      number: Math.floor(Math.random() * 1e9),
      member: member.id,
      status: InvoiceStatus.paid,
      dueDate: '2031-04-30',
      totalCents: 2500,
      sentAt: paidAt,
      paidAt,
      paymentMethod: method,
    });
  await e.flush();

  const { revenue } = await dashboard({ period: 'custom', from: '2031-04-14', to: '2031-04-20' });
  const cents = Object.fromEntries(revenue.byCategory.map((c: Figures) => [c.category, [c.cents, c.previousCents]]));
  expect(cents).toEqual({
    drop_ins: [2000, 0],
    merch: [3000, 1000],
    snacks: [250, 0],
    packs: [750, 0],
    memberships: [3000, 0],
    invoices: [1200 + 2500, 2500],
  });
  expect(revenue.totalCents).toBe(2000 + 3000 + 1000 + 3000 + 1200 + 2500);
  expect(revenue.previousTotalCents).toBe(3500);
  expect(revenue.byCategory.map((c: Figures) => c.category)).toEqual(['invoices', 'merch', 'memberships', 'drop_ins', 'packs', 'snacks']);
});

it("counts a product's past sales in its new category once an admin moves it", async () => {
  const at = new Date(new TZDate(2033, 2, 16, 12, 0, ZONE).getTime());
  const week = { period: 'custom', from: '2033-03-14', to: '2033-03-20' };
  const sold = await order(at, [{ category: ProductCategory.merchandise, cents: 1800 }]);
  const byCategory = async () =>
    Object.fromEntries(
      (await dashboard(week)).revenue.byCategory.filter((c: Figures) => c.cents).map((c: Figures) => [c.category, c.cents]),
    );
  expect(await byCategory()).toEqual({ merch: 1800 });
  const [{ variant_id }] = await em(t).getConnection().execute(`select variant_id from order_line where order_id = ?`, [sold.id]);
  const variant = await em(t).findOneOrFail(ProductVariant, { id: variant_id }, { populate: ['product'] });
  await em(t).nativeUpdate(Product, { id: variant.product.id }, { category: ProductCategory.snacks });
  expect(await byCategory()).toEqual({ snacks: 1800 });
});

it('shares a discounted order in whole cents, the cent left over to the largest remainder (ties by category)', async () => {
  // 100 cents for three lines of 100: a third each is 33.33…; rounding each would lose a cent.
  const at = new Date(new TZDate(2032, 0, 14, 12, 0, ZONE).getTime());
  await order(
    at,
    [
      { kind: OrderLineKind.class, cents: 100 },
      { category: ProductCategory.merchandise, cents: 100 },
      { category: ProductCategory.snacks, cents: 100 },
    ],
    { totalCents: 100 },
  );
  const { revenue } = await dashboard({ period: 'custom', from: '2032-01-14', to: '2032-01-14' });
  const cents = Object.fromEntries(revenue.byCategory.map((c: Figures) => [c.category, c.cents]));
  expect(cents).toMatchObject({ drop_ins: 34, merch: 33, snacks: 33 });
  expect(revenue.totalCents).toBe(100);
});

it('counts members, sign-ups, trial members who did not come back and the members at risk, as of now', async () => {
  // The classes below share one instructor, who has signed: the waiver count moves by this test's new accounts only.
  const instructorId = (await makeUser(t, { role: Role.instructor, signed: true })).user.id;
  const before = await dashboard();
  const at = (user: User, patch: Partial<User>) => em(t).nativeUpdate(User, { id: user.id }, patch);

  // Holds an active membership, last came 30 days ago: at risk.
  const lapsing = (await makeUser(t, { signed: true })).user;
  await buildMembership(t, { holder: lapsing, status: MembershipStatus.active });
  await at(lapsing, { lastVisitAt: daysAgo(30) });
  // Past due, came yesterday: past due, not lapsing, and not counted as a member with an active membership.
  const pastDue = (await makeUser(t, { signed: true })).user;
  await buildMembership(t, { holder: pastDue, status: MembershipStatus.past_due });
  await at(pastDue, { lastVisitAt: daysAgo(1) });
  // Came twice, last 20 days ago, no membership: a trial member who did not come back. One like them with a class
  // booked, and one who came 4 times, are not.
  const trial = (await makeUser(t, { signed: true })).user;
  const booked = (await makeUser(t, { signed: true })).user;
  const regular = (await makeUser(t, { signed: true })).user;
  for (const [user, visits] of [
    [trial, 2],
    [booked, 2],
    [regular, 4],
  ] as const)
    for (let i = 0; i < visits; i += 1) {
      const past = await makeClass(t, { startsInMinutes: -(20 + i) * 24 * 60, instructorId });
      await buildBooking(t, { classInstance: past, attendee: user, checkedInAt: past.startsAt });
    }
  await buildBooking(t, { classInstance: await makeClass(t, { startsInMinutes: 3 * 24 * 60, instructorId }), attendee: booked });
  // Packs: 2 left (low), 0 left and 3 left but expired (not).
  await buildClassPack(t, { owner: trial, classes: 5, used: 3 });
  await buildClassPack(t, { owner: regular, classes: 5, used: 5 });
  await buildClassPack(t, { owner: booked, classes: 5, used: 2, expiresAt: daysAgo(1) });
  // Invoices: one open and overdue, one open and due later, one draft.
  const e = em(t);
  for (const [status, dueDate, totalCents] of [
    [InvoiceStatus.open, '2020-01-01', 1234],
    [InvoiceStatus.open, '2099-01-01', 1000],
    [InvoiceStatus.draft, '2020-01-01', 5000],
  ] as const)
    e.create(Invoice, { number: Math.floor(Math.random() * 1e9), member: trial.id, status, dueDate, totalCents, sentAt: new Date() });
  await e.flush();
  // Two new accounts without a waiver (a parent and an instructor; only the parent is a new member), one student
  // signed.
  await makeUser(t, { role: Role.parent });
  await makeUser(t, { role: Role.instructor });

  const after = await dashboard();
  const delta = (part: string) =>
    Object.fromEntries(Object.entries(after[part] as Figures).map(([k, v]) => [k, (v as number) - (before[part] as Figures)[k]]));
  // The visits of the four classes each student came to were 20+ days ago: in this week's figures only if this week
  // reaches back that far, which it never does.
  expect(delta('members')).toEqual({ members: 1, newMembers: 6, previousNewMembers: 0, visitors: 0, previousVisitors: 0, trialNotBack: 1 });
  expect(delta('atRisk')).toEqual({
    noRecentVisit: 1,
    lowPacks: 1,
    pastDueMemberships: 1,
    unpaidInvoices: 2,
    unpaidCents: 2234,
    overdueInvoices: 1,
    waiversMissing: 2,
  });
  // The table each figure links to, filtered by the same segment, counts as many and lists these very people.
  expect(await segment('adminStudents', 'trial_not_back')).toMatchObject({
    total: after.members.trialNotBack,
    ids: expect.arrayContaining([trial.id]),
  });
  expect((await segment('adminStudents', 'trial_not_back')).ids).not.toEqual(expect.arrayContaining([booked.id]));
  expect((await segment('adminStudents', 'trial_not_back')).ids).not.toEqual(expect.arrayContaining([regular.id]));
  expect(await segment('users', 'low_pack')).toMatchObject({ total: after.atRisk.lowPacks, ids: expect.arrayContaining([trial.id]) });
  expect((await segment('users', 'low_pack')).ids).not.toEqual(expect.arrayContaining([regular.id]));
  expect((await segment('users', 'low_pack')).ids).not.toEqual(expect.arrayContaining([booked.id]));
});

/** Everyone the users or students table lists for a dashboard segment (up to 100), and its total. */
async function segment(table: 'users' | 'adminStudents', name: string): Promise<{ total: number; ids: string[] }> {
  const items = table === 'users' ? 'items { id }' : 'items { user { id } }';
  const res = await t.gql<Record<string, { total: number; items: { id?: string; user?: { id: string } }[] }>>(
    `query($s: PeopleSegment) { ${table}(segment: $s, pageSize: 100) { total ${items} } }`,
    { s: name },
    { token: admin.token },
  );
  expect(res.errors).toBeUndefined();
  const page = res.data![table];
  return { total: page.total, ids: page.items.map((i) => i.id ?? i.user!.id) };
}

it('records levels as students reach them: levels reached, the median time to the next one, and students stuck', async () => {
  const apparatus = await em(t).findOneOrFail(Apparatus, { name: 'Lyra' });
  const reach = async (student: User, level: number, at: Date) =>
    em(t).insert(LevelAchievement, { id: randomUUID(), student: student.id, apparatus: apparatus.id, level, by: 'sign_off', at });
  const a = (await makeUser(t)).user;
  const b = (await makeUser(t)).user;
  await reach(a, 1, daysAgo(40));
  await reach(a, 2, daysAgo(10)); // 30 days after level 1
  await reach(b, 1, daysAgo(25));
  await reach(b, 2, daysAgo(5)); // 20 days after level 1
  // Comes to class, a student for 100 days, no level in 90 days: stuck (a and b reached one lately).
  const stuck = (await makeUser(t)).user;
  await em(t).nativeUpdate(User, { id: stuck.id }, { createdAt: daysAgo(100), lastVisitAt: daysAgo(2) });
  for (const u of [a, b]) await em(t).nativeUpdate(User, { id: u.id }, { createdAt: daysAgo(100), lastVisitAt: daysAgo(2) });

  const { levels } = await dashboard({ period: 'last_4_weeks' });
  // In the last 28 days: b's level 1 and both level 2s (a's level 1 was 40 days ago, in the 28 days before).
  expect(levels).toEqual({ levelsReached: 3, previousLevelsReached: 1, medianDaysToNext: 25, stuck: 1 });
  expect(await segment('adminStudents', 'stuck')).toEqual({ total: 1, ids: [stuck.id] });

  // A placement by an admin is recorded through level.achieved.
  const placed = (await makeUser(t)).user;
  const res = await t.gql(
    `mutation($s: ID!, $a: ID!) { placeAtLevel(studentId: $s, apparatusId: $a, level: 2, reason: "Trained elsewhere") { level } }`,
    { s: placed.id, a: apparatus.id },
    { token: admin.token },
  );
  expect(res.errors).toBeUndefined();
  expect(await em(t).find(LevelAchievement, { student: placed.id }, { fields: ['level', 'by'] })).toMatchObject([
    { level: 2, by: 'placement' },
  ]);
});

it('tells open dashboards, on every change the figures count, to read them again', async () => {
  const client = wsClient(t.url, admin.token);
  const live = collect(client, 'subscription { dashboardChanged { kind at } }');
  // The next change of this kind (a booking's several transactions each tell once).
  const nextOf = async (kind: string) => {
    for (;;) if ((await live.next()).data.dashboardChanged.kind === kind) return;
  };
  try {
    await new Promise((r) => setTimeout(r, 300));
    const member = await makeUser(t, { signed: true });
    const next = await makeClass(t, { startsInMinutes: 10 });
    const res = await t.gql(
      `mutation($c: ID!, $a: ID!) { bookClass(classInstanceId: $c, attendeeId: $a) { __typename } }`,
      { c: next.id, a: member.user.id },
      { token: member.token },
    );
    expect(res.errors).toBeUndefined();
    await nextOf('booking');
    const [booking] = await em(t).find(Booking, { classInstance: next.id });
    const marked = await t.gql(
      `mutation($b: ID!) { markAttendance(bookingId: $b, present: true) { id } }`,
      { b: booking.id },
      { token: admin.token },
    );
    expect(marked.errors).toBeUndefined();
    await nextOf('booking');
    // A sign-up, told through member.created.
    await t.gql(
      `mutation { createMember(input: { firstName: "Live", lastName: "Signup", email: "live.signup@example.test", birthday: "1990-01-01", sendPasswordLink: false }) { id } }`,
      {},
      { token: admin.token },
    );
    await nextOf('member.created');
    // Refused to anyone but admins.
    const student = wsClient(t.url, member.token);
    const refused = collect(student, 'subscription { dashboardChanged { kind } }');
    expect(JSON.stringify(await refused.next())).toMatch(/FORBIDDEN|Access denied|not authorized/i);
    refused.stop();
    await student.dispose();
  } finally {
    live.stop();
    await client.dispose();
  }
});
