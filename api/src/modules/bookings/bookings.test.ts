import { startTestApp, type TestApp } from '../../../test/app.js';
import { makeClass } from '../../../test/classes.js';
import { em, makeFamilyMember, makeUser, Role } from '../../../test/factories.js';
import { collect, wsClient } from '../../../test/ws.js';
import { Notification } from '../notifications/notification.entity.js';
import { Booking, BookingStatus } from './booking.entity.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const BOOK = `mutation($c: ID!, $a: ID!, $r: ID) { bookClass(classInstanceId: $c, attendeeId: $a, rigPointId: $r) { booking { id status holdExpiresAt paymentStatus priceCents source attendee { id } } } }`;
const CANCEL = `mutation($id: ID!) { cancelBooking(bookingId: $id) { id status lateCancel cancelReason } }`;
const JOIN = `mutation($c: ID!, $a: ID!) { joinWaitlist(classInstanceId: $c, attendeeId: $a) { id status position } }`;
const SPOTS = `query($id: ID!) { classInstance(id: $id) { spotsLeft waitlistLength } }`;
const member = (opts: Parameters<typeof makeUser>[1] = {}) => makeUser(t, { signed: true, ...opts });
const book = (token: string, c: string, a: string, r?: string) => t.gql(BOOK, { c, a, r }, { token });
const code = (res: { errors?: { extensions?: Record<string, any> }[] }) => res.errors?.[0].extensions?.code;

describe('booking a spot', () => {
  it('needs a signed-in member', async () => {
    const c = await makeClass(t);
    const { user } = await member();
    expect(code(await t.gql(BOOK, { c: c.id, a: user.id }))).toBe('UNAUTHENTICATED');
  });

  it('confirms a free class at once and counts the spot', async () => {
    const c = await makeClass(t, { capacity: 3 });
    const m = await member();
    const res = await book(m.token, c.id, m.user.id);
    expect(res.data?.bookClass.booking).toMatchObject({
      status: 'confirmed',
      paymentStatus: 'free',
      holdExpiresAt: null,
      source: 'member',
    });
    expect((await t.gql(SPOTS, { id: c.id })).data?.classInstance).toEqual({ spotsLeft: 2, waitlistLength: 0 });
    const mine = await t.gql(`{ myBookings { id classInstance { id } } }`, {}, { token: m.token });
    expect(mine.data?.myBookings).toEqual([{ id: res.data?.bookClass.booking.id, classInstance: { id: c.id } }]);
  });

  it('holds a paid class in the cart for 15 minutes', async () => {
    const c = await makeClass(t, { priceCents: 2500 });
    const m = await member();
    const res = await book(m.token, c.id, m.user.id);
    expect(res.data?.bookClass.booking).toMatchObject({ status: 'held', paymentStatus: 'unpaid', priceCents: 2500 });
    const minutes = (new Date(res.data?.bookClass.booking.holdExpiresAt).getTime() - Date.now()) / 60000;
    expect(minutes).toBeGreaterThan(14);
    expect(minutes).toBeLessThanOrEqual(15);
    const cart = await t.gql(`{ cart { totalItems totalPriceCents items { classInstanceId priceCents } } }`, {}, { token: m.token });
    expect(cart.data?.cart).toEqual({ totalItems: 1, totalPriceCents: 2500, items: [{ classInstanceId: c.id, priceCents: 2500 }] });
  });

  it('names the person whose waiver is missing', async () => {
    const c = await makeClass(t);
    const m = await makeUser(t, { firstName: 'Unsigned' });
    const res = await book(m.token, c.id, m.user.id);
    expect(res.errors?.[0]).toMatchObject({ extensions: { code: 'FORBIDDEN' } });
    expect(res.errors?.[0].message).toBe(`Unsigned ${m.user.lastName} needs a signed waiver before booking. Sign it on the waiver page.`);
  });

  it('lets a parent book a minor but not an adult child or a stranger', async () => {
    const c = await makeClass(t);
    const parent = await member({ role: Role.parent });
    const minor = await makeFamilyMember(t, parent.user, 9, 'Ivy');
    const adult = await makeFamilyMember(t, parent.user, 20, 'Max');
    const stranger = await member();
    expect(code(await book(parent.token, c.id, minor.id))).toBe('FORBIDDEN'); // Ivy's waiver is not signed yet
    await t.app.services.waivers.sign(em(t), parent.user, [minor.id], { ip: null, userAgent: null });
    expect((await book(parent.token, c.id, minor.id)).data?.bookClass.booking.attendee.id).toBe(minor.id);
    const adultRes = await book(parent.token, c.id, adult.id);
    expect(adultRes.errors?.[0].message).toBe(`Max ${parent.user.lastName} is 18 or older and must book with their own account.`);
    expect(code(await book(parent.token, c.id, stranger.user.id))).toBe('FORBIDDEN');
  });

  it('refuses double and overlapping bookings', async () => {
    const first = await makeClass(t, { startsInMinutes: 3 * 24 * 60 });
    const overlapping = await makeClass(t, { startsInMinutes: 3 * 24 * 60 + 30 });
    const m = await member();
    await book(m.token, first.id, m.user.id);
    const again = await book(m.token, first.id, m.user.id);
    expect(again.errors?.[0].extensions).toMatchObject({ code: 'CONFLICT', reason: 'ALREADY_BOOKED' });
    const clash = await book(m.token, overlapping.id, m.user.id);
    expect(clash.errors?.[0].extensions).toMatchObject({ code: 'CONFLICT', reason: 'OVERLAP' });
    expect(clash.errors?.[0].message).toContain(first.blueprint.name);
  });

  it('opens booking 30 days ahead and closes it at the start', async () => {
    const far = await makeClass(t, { startsInMinutes: 40 * 24 * 60 });
    const started = await makeClass(t, { startsInMinutes: -10 });
    const m = await member();
    expect((await book(m.token, far.id, m.user.id)).errors?.[0].message).toMatch(
      /^Booking for this class opens 30 days before it starts, on /,
    );
    expect((await book(m.token, started.id, m.user.id)).errors?.[0].message).toBe('This class has already started.');
  });

  it('needs a free rig point when the class uses them', async () => {
    const c = await makeClass(t, { usesRigPoints: true });
    const points = await t.gql(`query($id: ID!) { classInstance(id: $id) { rigPoints { taken rigPoint { id name } } } }`, { id: c.id });
    const [first, second] = points.data!.classInstance.rigPoints;
    expect(first.rigPoint.name).toBe('Silks 1');
    const a = await member();
    const b = await member();
    expect((await book(a.token, c.id, a.user.id)).errors?.[0].extensions?.fields).toEqual({ rigPointId: 'Choose a rig point.' });
    expect((await book(a.token, c.id, a.user.id, first.rigPoint.id)).data?.bookClass.booking.status).toBe('confirmed');
    expect((await book(b.token, c.id, b.user.id, first.rigPoint.id)).errors?.[0].extensions?.code).toBe('CONFLICT');
    expect((await book(b.token, c.id, b.user.id, second.rigPoint.id)).data?.bookClass.booking.status).toBe('confirmed');
    const after = await t.gql(`query($id: ID!) { classInstance(id: $id) { rigPoints { taken } } }`, { id: c.id });
    expect(after.data?.classInstance.rigPoints.slice(0, 3).map((p: { taken: boolean }) => p.taken)).toEqual([true, true, false]);
  });
});

describe('capacity under concurrency', () => {
  it('gives exactly 10 spots to 200 simultaneous members and puts the other 190 in line', async () => {
    const c = await makeClass(t, { capacity: 10 });
    const members = await Promise.all(Array.from({ length: 200 }, () => member()));
    const outcomes = await Promise.all(
      members.map(async (m) => {
        const res = await book(m.token, c.id, m.user.id);
        if (res.data?.bookClass) return 'booked';
        expect(res.errors?.[0].extensions?.reason).toBe('CLASS_FULL');
        const joined = await t.gql(JOIN, { c: c.id, a: m.user.id }, { token: m.token });
        expect(joined.errors).toBeUndefined();
        return 'waiting';
      }),
    );
    expect(outcomes.filter((o) => o === 'booked')).toHaveLength(10);
    expect(outcomes.filter((o) => o === 'waiting')).toHaveLength(190);
    expect(await em(t).count(Booking, { classInstance: c.id, status: { $in: [BookingStatus.held, BookingStatus.confirmed] } })).toBe(10);
    expect((await t.gql(SPOTS, { id: c.id })).data?.classInstance).toEqual({ spotsLeft: 0, waitlistLength: 190 });
  }, 120_000); // 400 requests on a shared two-core machine: correctness is asserted, not speed
});

describe('waitlist', () => {
  async function fullClass(opts: { priceCents?: number } = {}) {
    const c = await makeClass(t, { capacity: 1, ...opts });
    const holder = await member();
    const booked = await book(holder.token, c.id, holder.user.id);
    return { c, holder, bookingId: booked.data?.bookClass.booking.id as string };
  }

  it('is only for full classes and shows each place in line', async () => {
    const open = await makeClass(t, { capacity: 5 });
    const m = await member();
    expect((await t.gql(JOIN, { c: open.id, a: m.user.id }, { token: m.token })).errors?.[0].extensions?.reason).toBe('SPOTS_AVAILABLE');
    const { c } = await fullClass();
    const [a, b] = [await member(), await member()];
    expect((await t.gql(JOIN, { c: c.id, a: a.user.id }, { token: a.token })).data?.joinWaitlist).toMatchObject({
      status: 'waiting',
      position: 1,
    });
    expect((await t.gql(JOIN, { c: c.id, a: b.user.id }, { token: b.token })).data?.joinWaitlist.position).toBe(2);
    expect(code(await t.gql(JOIN, { c: c.id, a: a.user.id }, { token: a.token }))).toBe('CONFLICT');
  });

  it('offers a freed spot to the first in line, then to the next when the offer lapses', async () => {
    const { c, holder, bookingId } = await fullClass();
    const [first, second] = [await member(), await member()];
    await t.gql(JOIN, { c: c.id, a: first.user.id }, { token: first.token });
    await t.gql(JOIN, { c: c.id, a: second.user.id }, { token: second.token });

    expect((await t.gql(CANCEL, { id: bookingId }, { token: holder.token })).data?.cancelBooking.status).toBe('cancelled');
    const offered = await em(t).findOneOrFail(Booking, { classInstance: c.id, attendee: first.user.id });
    expect(offered).toMatchObject({ status: BookingStatus.held, source: 'waitlist' });
    // Held until 12 hours from now or 2 hours before class, whichever comes first.
    expect(offered.holdExpiresAt!.getTime()).toBeLessThanOrEqual(c.startsAt.getTime() - 2 * 3600_000);
    expect(await em(t).count(Notification, { user: first.user.id, title: 'A spot opened up' })).toBe(1);
    const line = await t.gql(`{ myWaitlist { status position } }`, {}, { token: second.token });
    expect(line.data?.myWaitlist).toEqual([{ status: 'waiting', position: 1 }]);

    // The first person lets the offer lapse: the hold-expiry job moves the spot on.
    await t.app.services.bookings.expireHolds(em(t), new Date(offered.holdExpiresAt!.getTime() + 1000));
    expect((await em(t).findOneOrFail(Booking, { id: offered.id })).status).toBe(BookingStatus.cancelled);
    expect((await em(t).findOneOrFail(Booking, { classInstance: c.id, attendee: second.user.id })).status).toBe(BookingStatus.held);
    expect((await t.gql(SPOTS, { id: c.id })).data?.classInstance).toEqual({ spotsLeft: 0, waitlistLength: 0 });
  });

  it('lets the promoted member claim a free spot', async () => {
    const { c, holder, bookingId } = await fullClass();
    const next = await member();
    await t.gql(JOIN, { c: c.id, a: next.user.id }, { token: next.token });
    await t.gql(CANCEL, { id: bookingId }, { token: holder.token });
    const offer = await em(t).findOneOrFail(Booking, { classInstance: c.id, attendee: next.user.id });
    const claimed = await t.gql(
      `mutation($id: ID!) { claimSpot(bookingId: $id) { status holdExpiresAt } }`,
      { id: offer.id },
      { token: next.token },
    );
    expect(claimed.data?.claimSpot).toEqual({ status: 'confirmed', holdExpiresAt: null });
  });

  it('promotes when a cart hold expires and when capacity is raised', async () => {
    const { c } = await fullClass({ priceCents: 1500 });
    const [a, b] = [await member(), await member()];
    await t.gql(JOIN, { c: c.id, a: a.user.id }, { token: a.token });
    await t.gql(JOIN, { c: c.id, a: b.user.id }, { token: b.token });
    await t.app.services.bookings.expireHolds(em(t), new Date(Date.now() + 16 * 60_000));
    expect((await em(t).findOneOrFail(Booking, { classInstance: c.id, attendee: a.user.id })).status).toBe(BookingStatus.held);
    const admin = await member({ role: Role.admin });
    await t.gql(
      `mutation($id: ID!) { updateClassInstance(id: $id, input: { capacity: 2 }) { capacity } }`,
      { id: c.id },
      { token: admin.token },
    );
    expect((await em(t).findOneOrFail(Booking, { classInstance: c.id, attendee: b.user.id })).status).toBe(BookingStatus.held);
  });
});

describe('cancelling', () => {
  it('records a cancellation inside the 12-hour cutoff as late', async () => {
    const soon = await makeClass(t, { startsInMinutes: 6 * 60 });
    const later = await makeClass(t, { startsInMinutes: 20 * 60 });
    const m = await member();
    const a = await book(m.token, soon.id, m.user.id);
    const b = await book(m.token, later.id, m.user.id);
    expect((await t.gql(CANCEL, { id: a.data?.bookClass.booking.id }, { token: m.token })).data?.cancelBooking).toMatchObject({
      lateCancel: true,
      cancelReason: 'member',
    });
    expect((await t.gql(CANCEL, { id: b.data?.bookClass.booking.id }, { token: m.token })).data?.cancelBooking.lateCancel).toBe(false);
    expect((await t.gql(SPOTS, { id: soon.id })).data?.classInstance.spotsLeft).toBe(10);
  });

  it('says until when cancelling is free, and asks again when a cancellation would be late unannounced', async () => {
    const soon = await makeClass(t, { startsInMinutes: 6 * 60 });
    const m = await member();
    const id = (await book(m.token, soon.id, m.user.id)).data?.bookClass.booking.id;
    const until = (await t.gql(`query($id: ID!) { classInstance(id: $id) { freeCancellationUntil } }`, { id: soon.id })).data?.classInstance
      .freeCancellationUntil;
    expect(new Date(until).getTime()).toBe(soon.startsAt.getTime() - 12 * 3600_000);
    const CANCEL_AS_TOLD = `mutation($id: ID!, $late: Boolean) { cancelBooking(bookingId: $id, lateCancelAccepted: $late) { status lateCancel } }`;
    const unannounced = await t.gql(CANCEL_AS_TOLD, { id, late: false }, { token: m.token });
    expect(unannounced.errors?.[0].extensions).toMatchObject({ code: 'CONFLICT', reason: 'LATE_CANCEL' });
    expect(unannounced.errors?.[0].message).toMatch(
      /^Free cancellation ended \w{3}, \w{3} \d+ at \d+:\d\d [AP]M: cancelling now counts as a late cancellation\.$/,
    );
    expect((await em(t).findOneOrFail(Booking, { id })).status).toBe(BookingStatus.confirmed);
    expect((await t.gql(CANCEL_AS_TOLD, { id, late: true }, { token: m.token })).data?.cancelBooking).toEqual({
      status: 'cancelled',
      lateCancel: true,
    });
    // Before the cutoff, "not told it is late" is simply true.
    const later = await makeClass(t, { startsInMinutes: 20 * 60 });
    const early = (await book(m.token, later.id, m.user.id)).data?.bookClass.booking.id;
    expect((await t.gql(CANCEL_AS_TOLD, { id: early, late: false }, { token: m.token })).data?.cancelBooking.lateCancel).toBe(false);
  });

  it("hides other members' bookings; a parent manages their child's", async () => {
    const c = await makeClass(t);
    const owner = await member();
    const other = await member();
    const booking = await book(owner.token, c.id, owner.user.id);
    expect(code(await t.gql(CANCEL, { id: booking.data?.bookClass.booking.id }, { token: other.token }))).toBe('NOT_FOUND');
    expect((await t.gql(`{ myBookings { id } }`, {}, { token: other.token })).data?.myBookings).toEqual([]);

    const parent = await member({ role: Role.parent });
    const kid = await makeFamilyMember(t, parent.user, 8);
    await t.app.services.waivers.sign(em(t), parent.user, [kid.id], { ip: null, userAgent: null });
    const kidBooking = await book(parent.token, c.id, kid.id);
    expect((await t.gql(`{ myBookings { attendee { id } } }`, {}, { token: parent.token })).data?.myBookings).toEqual([
      { attendee: { id: kid.id } },
    ]);
    expect((await t.gql(CANCEL, { id: kidBooking.data?.bookClass.booking.id }, { token: parent.token })).data?.cancelBooking.status).toBe(
      'cancelled',
    );
  });

  it("shows a class's bookings and waitlist places to the attendee's family only", async () => {
    const c = await makeClass(t, { capacity: 1 });
    const parent = await member({ role: Role.parent });
    const kid = await makeFamilyMember(t, parent.user, 8);
    await t.app.services.waivers.sign(em(t), parent.user, [kid.id], { ip: null, userAgent: null });
    const kidBooking = await book(parent.token, c.id, kid.id);
    const [waiting, stranger] = [await member(), await member()];
    const entry = await t.gql(JOIN, { c: c.id, a: waiting.user.id }, { token: waiting.token });
    const MINE = `query($id: ID!) { classInstance(id: $id) { myBookings { id } myWaitlistEntries { id } } }`;
    expect((await t.gql(MINE, { id: c.id }, { token: parent.token })).data?.classInstance).toEqual({
      myBookings: [{ id: kidBooking.data?.bookClass.booking.id }],
      myWaitlistEntries: [],
    });
    expect((await t.gql(MINE, { id: c.id }, { token: waiting.token })).data?.classInstance).toEqual({
      myBookings: [],
      myWaitlistEntries: [{ id: entry.data?.joinWaitlist.id }],
    });
    expect((await t.gql(MINE, { id: c.id }, { token: stranger.token })).data?.classInstance).toEqual({
      myBookings: [],
      myWaitlistEntries: [],
    });
    expect((await t.gql(`{ myWaitlist { id } }`, {}, { token: stranger.token })).data?.myWaitlist).toEqual([]);
    const LEAVE = `mutation($id: ID!) { leaveWaitlist(entryId: $id) { status } }`;
    expect(code(await t.gql(LEAVE, { id: entry.data?.joinWaitlist.id }, { token: stranger.token }))).toBe('NOT_FOUND');
    expect((await t.gql(LEAVE, { id: entry.data?.joinWaitlist.id }, { token: waiting.token })).data?.leaveWaitlist.status).toBe('left');
  });

  it('marks confirmed attendees who did not check in as no-shows once the class ends', async () => {
    const c = await makeClass(t, { startsInMinutes: 30 });
    const [came, missed] = [await member(), await member()];
    const a = await book(came.token, c.id, came.user.id);
    await book(missed.token, c.id, missed.user.id);
    await em(t).nativeUpdate(Booking, { id: a.data?.bookClass.booking.id }, { checkedInAt: new Date() });
    await t.app.services.bookings.markNoShows(em(t), new Date(c.endsAt.getTime() + 1000));
    expect((await em(t).findOneOrFail(Booking, { attendee: missed.user.id, classInstance: c.id })).status).toBe(BookingStatus.no_show);
    expect((await em(t).findOneOrFail(Booking, { attendee: came.user.id, classInstance: c.id })).status).toBe(BookingStatus.confirmed);
  });
});

describe('cart paths', () => {
  async function rest(method: string, path: string, token: string) {
    const res = await fetch(`${t.url}/api${path}`, { method, headers: { authorization: `Bearer ${token}` } });
    return { status: res.status, body: res.status === 204 ? null : await res.json().catch(() => null) };
  }

  it('GET /api/cart answers the spec shape; DELETE frees spots one class at a time or all at once', async () => {
    const c1 = await makeClass(t, { priceCents: 2000, startsInMinutes: 5 * 24 * 60 });
    const c2 = await makeClass(t, { priceCents: 1250, startsInMinutes: 6 * 24 * 60 });
    const m = await member();
    await book(m.token, c1.id, m.user.id);
    await book(m.token, c2.id, m.user.id);
    const cart = await rest('GET', '/cart', m.token);
    expect(cart.status).toBe(200);
    expect(cart.body).toMatchObject({ totalPrice: 32.5, totalItems: 2 });
    expect(cart.body.items[0]).toEqual({
      id: expect.any(String),
      classInstanceId: c1.id,
      totalPrice: 20,
      classInstance: {
        date: c1.date,
        startTime: c1.startTime,
        endTime: c1.endTime,
        instructor: { name: `${c1.instructor.firstName} ${c1.instructor.lastName}` },
        blueprint: { name: c1.blueprint.name, description: '', apparatus: { name: 'Lyra' } },
      },
    });
    expect((await rest('DELETE', `/cart/${c1.id}`, m.token)).status).toBe(204);
    expect((await t.gql(SPOTS, { id: c1.id })).data?.classInstance.spotsLeft).toBe(10);
    expect((await rest('GET', '/cart', m.token)).body.totalItems).toBe(1);
    expect((await rest('DELETE', '/cart', m.token)).status).toBe(204);
    expect((await rest('GET', '/cart', m.token)).body).toEqual({ items: [], totalPrice: 0, totalItems: 0 });
    expect((await fetch(`${t.url}/api/cart`)).status).toBe(401);
  });
});

describe('live seat counts', () => {
  it('pushes spotsChanged to subscribers when someone books', async () => {
    const c = await makeClass(t, { capacity: 4 });
    const client = wsClient(t.url);
    const sub = collect(
      client,
      `subscription { spotsChanged(classInstanceIds: ["${c.id}"]) { classInstanceId spotsLeft waitlistLength } }`,
    );
    await new Promise((r) => setTimeout(r, 300));
    const m = await member();
    await book(m.token, c.id, m.user.id);
    expect((await sub.next()).data.spotsChanged).toEqual({ classInstanceId: c.id, spotsLeft: 3, waitlistLength: 0 });
    sub.stop();
    await client.dispose();
  });

  it('tells subscribers which rig points are taken, so pickers elsewhere update', async () => {
    const c = await makeClass(t, { capacity: 4, usesRigPoints: true });
    const points = (
      await t.gql(`query($id: ID!) { classInstance(id: $id) { rigPoints { rigPoint { id } } } }`, { id: c.id })
    ).data?.classInstance.rigPoints.map((p: { rigPoint: { id: string } }) => p.rigPoint.id);
    const client = wsClient(t.url);
    const sub = collect(client, `subscription { spotsChanged(classInstanceIds: ["${c.id}"]) { spotsLeft takenRigPointIds } }`);
    await new Promise((r) => setTimeout(r, 300));
    const [a, b] = [await member(), await member()];
    await book(a.token, c.id, a.user.id, points[2]);
    expect((await sub.next()).data.spotsChanged).toEqual({ spotsLeft: 3, takenRigPointIds: [points[2]] });
    const second = await book(b.token, c.id, b.user.id, points[0]);
    expect((await sub.next()).data.spotsChanged.takenRigPointIds.sort()).toEqual([points[0], points[2]].sort());
    await t.gql(
      `mutation($id: ID!) { cancelBooking(bookingId: $id) { id } }`,
      { id: second.data?.bookClass.booking.id },
      { token: b.token },
    );
    expect((await sub.next()).data.spotsChanged.takenRigPointIds).toEqual([points[2]]);
    sub.stop();
    await client.dispose();
  });
});
