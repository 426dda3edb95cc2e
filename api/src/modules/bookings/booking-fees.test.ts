import { startTestApp, type TestApp } from '../../../test/app.js';
import { makeClass } from '../../../test/classes.js';
import {
  buildBooking,
  buildClassPack,
  buildMembership,
  buildMembershipPlan,
  em,
  makeFamilyMember,
  makeUser,
  Role,
  type MadeUser,
  type Overrides,
} from '../../../test/factories.js';
import type { ClassInstance } from '../classes/class-instance.entity.js';
import { Invoice, InvoiceStatus } from '../invoices/invoice.entity.js';
import { ClassPack, type Membership, type MembershipPlan } from '../memberships/membership.entity.js';
import { Notification } from '../notifications/notification.entity.js';
import { User } from '../users/user.entity.js';
import { Booking, BookingStatus, PaymentStatus } from './booking.entity.js';
import { WaitlistEntry, WaitlistStatus } from './waitlist-entry.entity.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const BOOK = `mutation($c: ID!, $a: ID!) { bookClass(classInstanceId: $c, attendeeId: $a) { booking { id status paymentStatus coveredBy } } }`;
const CANCEL = `mutation($id: ID!, $late: Boolean) { cancelBooking(bookingId: $id, lateCancelAccepted: $late) { id status lateCancel feeCents } }`;
const SETTINGS = `mutation($i: StudioSettingsInput!) { updateStudioSettings(input: $i) { lateCancelFeeCents noShowFeeCents } }`;
const JOIN = `mutation($c: ID!, $a: ID!) { joinWaitlist(classInstanceId: $c, attendeeId: $a) { id } }`;
const code = (res: { errors?: { extensions?: Record<string, any> }[] }) => res.errors?.[0].extensions?.code;
const member = (opts: Parameters<typeof makeUser>[1] = {}) => makeUser(t, { signed: true, ...opts });

async function book(m: MadeUser, c: ClassInstance) {
  const res = await t.gql(BOOK, { c: c.id, a: m.user.id }, { token: m.token });
  if (!res.data?.bookClass) throw new Error(JSON.stringify(res.errors));
  return res.data.bookClass.booking as { id: string; status: string; paymentStatus: string; coveredBy: string | null };
}

async function setFees(lateCancelFeeCents: number, noShowFeeCents: number) {
  await t.app.services.settings.update(em(t), { lateCancelFeeCents, noShowFeeCents });
}

/** The member's invoices with their lines. */
const invoicesOf = (userId: string) => em(t).find(Invoice, { member: userId }, { populate: ['lines'], orderBy: { number: 'asc' } });

const plan = (fields: Overrides<MembershipPlan> = {}) => buildMembershipPlan(t, fields);

const subscribe = (holder: User, p: MembershipPlan, fields: Overrides<Membership> = {}) =>
  buildMembership(t, { ...fields, holder, plan: p });

const pack = (owner: User, classes: number) => buildClassPack(t, { owner, classes, name: `${classes}-class pack` });

/** An invoice of this member, open and past its due date (or written off). */
async function overdueInvoice(userId: string, status = InvoiceStatus.open) {
  const admin = await makeUser(t, { role: Role.admin });
  const inv = await t.app.services.invoices.createInvoice(em(t), {
    memberId: userId,
    lines: [{ description: 'Private lesson', quantity: 1, unitCents: 6000 }],
    dueDate: '2020-01-01',
    createdBy: admin.user,
    send: true,
  });
  if (status === InvoiceStatus.uncollectible) await t.app.services.invoices.markUncollectible(em(t), inv.id, 'gone');
  return inv;
}

describe('fee settings', () => {
  it('are 0 (none) by default and changed by admins only, within limits', async () => {
    const q = `{ studioSettings { lateCancelFeeCents noShowFeeCents } }`;
    const admin = await makeUser(t, { role: Role.admin });
    expect((await t.gql(q, {}, { token: admin.token })).data?.studioSettings).toEqual({ lateCancelFeeCents: 0, noShowFeeCents: 0 });
    const m = await member();
    expect(code(await t.gql(SETTINGS, { i: { lateCancelFeeCents: 1000 } }, { token: m.token }))).toBe('FORBIDDEN');
    expect(code(await t.gql(SETTINGS, { i: { lateCancelFeeCents: -1 } }, { token: admin.token }))).toBe('BAD_USER_INPUT');
    expect(code(await t.gql(SETTINGS, { i: { noShowFeeCents: 50_001 } }, { token: admin.token }))).toBe('BAD_USER_INPUT');
    const saved = await t.gql(SETTINGS, { i: { lateCancelFeeCents: 1000, noShowFeeCents: 1500 } }, { token: admin.token });
    expect(saved.data?.updateStudioSettings).toEqual({ lateCancelFeeCents: 1000, noShowFeeCents: 1500 });
    // Every class shows them with its cancellation policy.
    const c = await makeClass(t);
    const shown = await t.gql(`query($id: ID!) { classInstance(id: $id) { lateCancelFeeCents noShowFeeCents } }`, { id: c.id });
    expect(shown.data?.classInstance).toEqual({ lateCancelFeeCents: 1000, noShowFeeCents: 1500 });
    await setFees(0, 0);
  });
});

describe('late-cancellation fee', () => {
  beforeAll(() => setFees(1000, 1500));
  afterAll(() => setFees(0, 0));

  it('is billed once as an open invoice the member pays from their profile, and the warning names it', async () => {
    const m = await member();
    const c = await makeClass(t, { startsInMinutes: 120 });
    const b = await book(m, c);
    const asked = await t.gql(CANCEL, { id: b.id, late: false }, { token: m.token });
    expect(asked.errors?.[0].extensions?.reason).toBe('LATE_CANCEL');
    expect(asked.errors?.[0].message).toContain('a $10.00 late-cancellation fee is added to your account');
    const res = await t.gql(CANCEL, { id: b.id, late: true }, { token: m.token });
    expect(res.data?.cancelBooking).toMatchObject({ status: 'cancelled', lateCancel: true, feeCents: 1000 });
    const [invoice, ...more] = await invoicesOf(m.user.id);
    expect(more).toHaveLength(0);
    expect(invoice).toMatchObject({ status: InvoiceStatus.open, totalCents: 1000 });
    expect(invoice.lines[0].description).toContain(`Late cancellation fee: ${c.blueprint.name}`);
    const booking = await em(t).findOneOrFail(Booking, { id: b.id });
    expect(booking.feeInvoiceId).toBe(invoice.id);
    const mine = await t.gql(`{ myInvoices { id status totalCents } }`, {}, { token: m.token });
    expect(mine.data?.myInvoices).toEqual([{ id: invoice.id, status: 'open', totalCents: 1000 }]);
  });

  it('is not charged for an early cancellation, a held spot, a cancellation by staff or a cancelled class', async () => {
    const m = await member();
    const early = await book(m, await makeClass(t, { startsInMinutes: 3 * 24 * 60 }));
    await t.gql(CANCEL, { id: early.id }, { token: m.token });

    const held = await book(m, await makeClass(t, { startsInMinutes: 60, priceCents: 2500 }));
    expect(held.status).toBe('held');
    await t.gql(CANCEL, { id: held.id }, { token: m.token });

    const admin = await makeUser(t, { role: Role.admin });
    const byStaff = await book(m, await makeClass(t, { startsInMinutes: 90 }));
    expect((await t.gql(CANCEL, { id: byStaff.id }, { token: admin.token })).data?.cancelBooking.lateCancel).toBe(false);

    const doomed = await makeClass(t, { startsInMinutes: 150 });
    await book(m, doomed);
    const cancelled = await t.gql(
      `mutation($id: ID!) { cancelClassInstance(id: $id, reason: "Instructor ill") { status } }`,
      { id: doomed.id },
      { token: admin.token },
    );
    expect(cancelled.data?.cancelClassInstance.status).toBe('cancelled');

    expect(await invoicesOf(m.user.id)).toHaveLength(0);
  });

  it('is not charged when a complimentary membership paid for the booking', async () => {
    const m = await member();
    await subscribe(m.user, await plan({ name: 'Staff' }), { comp: true });
    const b = await book(m, await makeClass(t, { startsInMinutes: 120, priceCents: 2500 }));
    expect(b.coveredBy).toBe('Staff (complimentary)');
    expect((await t.gql(CANCEL, { id: b.id }, { token: m.token })).data?.cancelBooking).toMatchObject({ lateCancel: true, feeCents: 0 });
    expect(await invoicesOf(m.user.id)).toHaveLength(0);
  });

  it('is billed once when the same late cancellation races itself (20 requests)', async () => {
    const m = await member();
    const b = await book(m, await makeClass(t, { startsInMinutes: 120 }));
    const results = await Promise.all(Array.from({ length: 20 }, () => t.gql(CANCEL, { id: b.id }, { token: m.token })));
    expect(results.filter((r) => r.data?.cancelBooking)).toHaveLength(1);
    expect(await invoicesOf(m.user.id)).toHaveLength(1);
  });
});

describe('no-show fee', () => {
  beforeAll(() => setFees(1000, 1500));
  afterAll(() => setFees(0, 0));

  /** A confirmed booking in a class that ended an hour ago (made directly: nobody can book a past class). */
  async function pastBooking(m: MadeUser) {
    const c = await makeClass(t, { startsInMinutes: -120 });
    const b = await buildBooking(t, { classInstance: c, attendee: m.user });
    return { c, b };
  }

  it('is billed by the job that marks no-shows, once, however often it runs at once', async () => {
    const m = await member();
    const { b } = await pastBooking(m);
    await Promise.all(Array.from({ length: 5 }, () => t.app.services.bookings.markNoShows(em(t))));
    const booking = await em(t).findOneOrFail(Booking, { id: b.id });
    expect(booking).toMatchObject({ status: BookingStatus.no_show, feeCents: 1500 });
    const invoices = await invoicesOf(m.user.id);
    expect(invoices).toHaveLength(1);
    expect(invoices[0].lines[0].description).toContain('No-show fee');
    // Charging the same booking again, concurrently, finds the fee taken.
    const again = await Promise.all(
      Array.from({ length: 10 }, () => em(t).transactional((tx) => t.app.services.bookings.chargeFees(tx, [b.id], 'no_show'))),
    );
    expect(again.reduce((a, n) => a + n, 0)).toBe(0);
    expect(await invoicesOf(m.user.id)).toHaveLength(1);
  });

  it('is billed when staff mark someone absent after class, and voided when they correct it to present', async () => {
    const m = await member();
    const { b } = await pastBooking(m);
    const admin = await makeUser(t, { role: Role.admin });
    const MARK = `mutation($id: ID!, $p: Boolean!) { markAttendance(bookingId: $id, present: $p) { status feeCents } }`;
    expect((await t.gql(MARK, { id: b.id, p: false }, { token: admin.token })).data?.markAttendance).toEqual({
      status: 'no_show',
      feeCents: 1500,
    });
    expect((await invoicesOf(m.user.id)).map((i) => i.status)).toEqual([InvoiceStatus.open]);
    expect((await t.gql(MARK, { id: b.id, p: true }, { token: admin.token })).data?.markAttendance).toEqual({
      status: 'confirmed',
      feeCents: 0,
    });
    expect((await invoicesOf(m.user.id)).map((i) => i.status)).toEqual([InvoiceStatus.void]);
    // Absent again: the booking was charged once already.
    await t.gql(MARK, { id: b.id, p: false }, { token: admin.token });
    expect(await invoicesOf(m.user.id)).toHaveLength(1);
  });

  it('is not billed at 0 (the default)', async () => {
    await setFees(0, 0);
    try {
      const m = await member();
      const { b } = await pastBooking(m);
      await t.app.services.bookings.markNoShows(em(t));
      expect((await em(t).findOneOrFail(Booking, { id: b.id })).status).toBe(BookingStatus.no_show);
      expect(await invoicesOf(m.user.id)).toHaveLength(0);
    } finally {
      await setFees(1000, 1500);
    }
  });
});

describe('waitlist offers go to those who can pay', () => {
  /** A full paid class (capacity 1) taken by someone, with these members waiting in this order. */
  async function fullClass(waiting: MadeUser[], priceCents = 2500, startsInMinutes = 3 * 24 * 60) {
    const c = await makeClass(t, { capacity: 1, priceCents, startsInMinutes });
    const first = await member();
    const taken = await book(first, c);
    if (priceCents > 0)
      await em(t).nativeUpdate(Booking, { id: taken.id }, { status: BookingStatus.confirmed, paymentStatus: PaymentStatus.paid });
    for (const w of waiting) expect((await t.gql(JOIN, { c: c.id, a: w.user.id }, { token: w.token })).errors).toBeUndefined();
    return { c, first, taken };
  }
  const entryOf = (c: ClassInstance, m: MadeUser) =>
    em(t).findOneOrFail(WaitlistEntry, { classInstance: c.id, attendee: m.user.id }, { populate: ['offeredBooking'] });
  const passedOverNotes = (m: MadeUser) =>
    em(t).count(Notification, { user: m.user.id, title: 'A spot opened up, but could not be offered' });

  it('passes over a member with an overdue invoice (they keep their place and are told once) for the next in line', async () => {
    const late = await member();
    const next = await member();
    await overdueInvoice(late.user.id);
    const { c, first, taken } = await fullClass([late, next]);
    await t.gql(CANCEL, { id: taken.id }, { token: first.token });

    expect(await entryOf(c, late)).toMatchObject({ status: WaitlistStatus.waiting, offeredBooking: null });
    const offer = await entryOf(c, next);
    expect(offer.status).toBe(WaitlistStatus.offered);
    expect(offer.offeredBooking).toMatchObject({ status: BookingStatus.held, paymentStatus: PaymentStatus.unpaid });
    expect(await passedOverNotes(late)).toBe(1);
    const note = await em(t).findOneOrFail(Notification, { user: late.user.id, title: 'A spot opened up, but could not be offered' });
    expect(note.message).toMatch(/invoice INV-\d{6} is overdue/);
    expect(await em(t).count(Booking, { attendee: late.user.id })).toBe(0);

    // The next spot that opens passes them over again, without telling them twice.
    await t.gql(`mutation($id: ID!) { leaveWaitlist(entryId: $id) { id } }`, { id: offer.id }, { token: next.token });
    expect((await entryOf(c, late)).status).toBe(WaitlistStatus.waiting);
    expect(await passedOverNotes(late)).toBe(1);
    const spots = await t.gql(`query($id: ID!) { classInstance(id: $id) { spotsLeft waitlistLength } }`, { id: c.id });
    expect(spots.data?.classInstance).toEqual({ spotsLeft: 1, waitlistLength: 1 });
  });

  it('passes over a child whose parent (who put them on the waitlist) has a written-off invoice', async () => {
    const parent = await member({ role: Role.parent });
    const kid = await makeFamilyMember(t, parent.user, 9);
    await t.app.services.waivers.sign(em(t), parent.user, [kid.id], { ip: null, userAgent: 'test' });
    const next = await member();
    await overdueInvoice(parent.user.id, InvoiceStatus.uncollectible);
    const c = await makeClass(t, { capacity: 1, priceCents: 2500, startsInMinutes: 3 * 24 * 60 });
    const first = await member();
    await book(first, c); // held in their cart
    expect((await t.gql(JOIN, { c: c.id, a: kid.id }, { token: parent.token })).errors).toBeUndefined();
    expect((await t.gql(JOIN, { c: c.id, a: next.user.id }, { token: next.token })).errors).toBeUndefined();
    await t.gql(`mutation($id: ID!) { removeFromCart(classInstanceId: $id) }`, { id: c.id }, { token: first.token });
    expect((await em(t).findOneOrFail(WaitlistEntry, { classInstance: c.id, attendee: kid.id })).status).toBe(WaitlistStatus.waiting);
    expect((await entryOf(c, next)).status).toBe(WaitlistStatus.offered);
    expect(await passedOverNotes(parent)).toBe(1);
  });

  it('still offers a free class, and confirms one an entitlement pays for, whatever is owed', async () => {
    const owesFree = await member();
    await overdueInvoice(owesFree.user.id);
    const free = await fullClass([owesFree], 0);
    await t.gql(CANCEL, { id: free.taken.id }, { token: free.first.token });
    expect((await entryOf(free.c, owesFree)).status).toBe(WaitlistStatus.offered);

    const owesMember = await member();
    await overdueInvoice(owesMember.user.id);
    await subscribe(owesMember.user, await plan({ name: 'Unlimited' }));
    const paid = await fullClass([owesMember]);
    await t.gql(CANCEL, { id: paid.taken.id }, { token: paid.first.token });
    const entry = await entryOf(paid.c, owesMember);
    expect(entry.status).toBe(WaitlistStatus.claimed);
    expect(entry.offeredBooking).toMatchObject({ status: BookingStatus.confirmed, paymentStatus: PaymentStatus.covered });
  });

  it('a last pack credit raced by two spots opening at once pays for one; the other is a paid offer in the cart', async () => {
    const w = await member();
    const p = await pack(w.user, 1);
    const a = await fullClass([w]);
    const b = await fullClass([w], 2500, 3 * 24 * 60 + 120);
    await Promise.all([
      t.gql(CANCEL, { id: a.taken.id }, { token: a.first.token }),
      t.gql(CANCEL, { id: b.taken.id }, { token: b.first.token }),
    ]);
    const bookings = await em(t).find(Booking, { attendee: w.user.id }, { orderBy: { paymentStatus: 'asc' } });
    expect(bookings.map((x) => [x.status, x.paymentStatus]).sort()).toEqual([
      [BookingStatus.confirmed, PaymentStatus.covered],
      [BookingStatus.held, PaymentStatus.unpaid],
    ]);
    expect((await em(t).findOneOrFail(ClassPack, { id: p.id })).used).toBe(1);
  });
});

describe('staff bookings', () => {
  it('are paid by the attendee’s membership or pack when one covers the class, else stay confirmed and unpaid', async () => {
    const admin = await makeUser(t, { role: Role.admin });
    const STAFF = `mutation($c: ID!, $a: ID!) { staffBookAttendee(classInstanceId: $c, attendeeId: $a, walkIn: false, overCapacity: false) { status paymentStatus coveredBy } }`;
    const withPack = await member();
    await pack(withPack.user, 3);
    const c = await makeClass(t, { priceCents: 2500 });
    expect((await t.gql(STAFF, { c: c.id, a: withPack.user.id }, { token: admin.token })).data?.staffBookAttendee).toEqual({
      status: 'confirmed',
      paymentStatus: 'covered',
      coveredBy: '3-class pack',
    });
    const without = await member();
    expect((await t.gql(STAFF, { c: c.id, a: without.user.id }, { token: admin.token })).data?.staffBookAttendee).toEqual({
      status: 'confirmed',
      paymentStatus: 'unpaid',
      coveredBy: null,
    });
  });
});
