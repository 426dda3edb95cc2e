import { addDays } from 'date-fns';
import { startTestApp, type TestApp } from '../../../test/app.js';
import { makeClass } from '../../../test/classes.js';
import {
  buildClassPack,
  buildMembership,
  buildMembershipPlan,
  em,
  makeFamilyMember,
  makeUser,
  Role,
  type Overrides,
} from '../../../test/factories.js';
import { Apparatus } from '../classes/apparatus.entity.js';
import { User } from '../users/user.entity.js';
import { ClassPack, Membership, type MembershipPlan, MembershipStatus } from './membership.entity.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const BOOK = `mutation($c: ID!, $a: ID!) { bookClass(classInstanceId: $c, attendeeId: $a) { booking { id status paymentStatus coveredBy } } }`;
const CANCEL = `mutation($id: ID!) { cancelBooking(bookingId: $id) { id status lateCancel } }`;
const MINE = `{ myMemberships { id status usedThisPeriod cancelAtPeriodEnd plan { name } } myClassPacks { name classes used } }`;
const code = (res: { errors?: { extensions?: Record<string, any> }[] }) => res.errors?.[0].extensions?.code;
const member = (opts: Parameters<typeof makeUser>[1] = {}) => makeUser(t, { signed: true, ...opts });
const book = async (token: string, c: string, a: string) => {
  const res = await t.gql(BOOK, { c, a }, { token });
  if (!res.data?.bookClass) throw new Error(JSON.stringify(res.errors));
  return res.data.bookClass.booking as { id: string; status: string; paymentStatus: string; coveredBy: string | null };
};

const plan = (fields: Overrides<MembershipPlan> = {}) => buildMembershipPlan(t, fields);

const subscribe = (holder: User, p: MembershipPlan, fields: Overrides<Membership> = {}) =>
  buildMembership(t, { ...fields, holder, plan: p });

const pack = (owner: User, classes: number, days: number, name = `${classes}-class pack`) =>
  buildClassPack(t, { owner, classes, name, expiresAt: addDays(new Date(), days) });

const paidClass = (opts: Parameters<typeof makeClass>[1] = {}) => makeClass(t, { priceCents: 2500, ...opts });

describe('plans', () => {
  const CREATE = `mutation($i: MembershipPlanInput!) { createMembershipPlan(input: $i) { id name classesPerPeriod familyMembers coveredApparatus { name } } }`;
  const input = { name: 'Silks 8', priceCents: 9900, interval: 'month', classesPerPeriod: 8, familyMembers: 1 };

  it('are made by admins only', async () => {
    expect(code(await t.gql(CREATE, { i: input }))).toBe('UNAUTHENTICATED');
    const m = await member();
    expect(code(await t.gql(CREATE, { i: input }, { token: m.token }))).toBe('FORBIDDEN');
    const admin = await makeUser(t, { role: Role.admin });
    const silks = await em(t).findOneOrFail(Apparatus, { name: 'Silks' });
    const res = await t.gql(CREATE, { i: { ...input, coveredApparatusIds: [silks.id] } }, { token: admin.token });
    expect(res.data?.createMembershipPlan).toMatchObject({
      name: 'Silks 8',
      classesPerPeriod: 8,
      familyMembers: 1,
      coveredApparatus: [{ name: 'Silks' }],
    });
  });

  it('check their fields', async () => {
    const admin = await makeUser(t, { role: Role.admin });
    const res = await t.gql(CREATE, { i: { ...input, name: ' ', priceCents: -1, classesPerPeriod: 0 } }, { token: admin.token });
    expect(code(res)).toBe('BAD_USER_INPUT');
    const unknown = await t.gql(
      CREATE,
      { i: { ...input, coveredApparatusIds: ['00000000-0000-4000-8000-000000000000'] } },
      { token: admin.token },
    );
    expect(code(unknown)).toBe('BAD_USER_INPUT');
  });
});

describe('what pays for a booking', () => {
  it('without an entitlement: the cart', async () => {
    const m = await member();
    const b = await book(m.token, (await paidClass()).id, m.user.id);
    expect(b).toMatchObject({ status: 'held', paymentStatus: 'unpaid', coveredBy: null });
  });

  it('tries comp, then unlimited, then limited, then the pack with the earliest expiry', async () => {
    const m = await member();
    const unlimited = await plan({ name: 'Unlimited' });
    const limited = await plan({ name: 'Four a month', classesPerPeriod: 4 });
    const compPlan = await plan({ name: 'Staff' });
    await pack(m.user, 5, 60, 'Late pack');
    await pack(m.user, 5, 30, 'Early pack');
    const lim = await subscribe(m.user, limited);
    const unl = await subscribe(m.user, unlimited);
    const comp = await subscribe(m.user, compPlan, { comp: true });
    const start = 2 * 24 * 60;
    const next = (i: number) => paidClass({ startsInMinutes: start + i * 120 });

    expect((await book(m.token, (await next(0)).id, m.user.id)).coveredBy).toBe('Staff (complimentary)');
    await em(t).nativeUpdate(Membership, { id: comp.id }, { status: MembershipStatus.canceled, canceledAt: new Date() });
    expect((await book(m.token, (await next(1)).id, m.user.id)).coveredBy).toBe('Unlimited membership');
    await em(t).nativeUpdate(Membership, { id: unl.id }, { status: MembershipStatus.suspended });
    const covered = await book(m.token, (await next(2)).id, m.user.id);
    expect(covered).toMatchObject({ status: 'confirmed', paymentStatus: 'covered', coveredBy: 'Four a month membership' });
    await em(t).nativeUpdate(Membership, { id: lim.id }, { status: MembershipStatus.canceled });
    expect((await book(m.token, (await next(3)).id, m.user.id)).coveredBy).toBe('Early pack');

    const mine = await t.gql(MINE, {}, { token: m.token });
    expect(mine.data?.myClassPacks).toEqual([
      { name: 'Early pack', classes: 5, used: 1 },
      { name: 'Late pack', classes: 5, used: 0 },
    ]);
  });

  it('a limited plan pays for N classes a period, then the cart', async () => {
    const m = await member();
    await subscribe(m.user, await plan({ name: 'Two', classesPerPeriod: 2 }));
    const paid = [];
    for (let i = 0; i < 3; i += 1) paid.push(await book(m.token, (await paidClass({ startsInMinutes: 24 * 60 + i * 120 })).id, m.user.id));
    expect(paid.map((b) => b.paymentStatus)).toEqual(['covered', 'covered', 'unpaid']);
    const mine = await t.gql(MINE, {}, { token: m.token });
    expect(mine.data?.myMemberships[0]).toMatchObject({ usedThisPeriod: 2, status: 'active' });
  });

  it('is judged on the class date: a pause, a pack expiring before the class, a period that will not renew', async () => {
    const m = await member();
    const now = new Date();
    const inTenDays = 10 * 24 * 60;
    await subscribe(m.user, await plan(), { pausedFrom: addDays(now, 9), pausedUntil: addDays(now, 12) });
    await pack(m.user, 3, 5);
    expect((await book(m.token, (await paidClass({ startsInMinutes: inTenDays })).id, m.user.id)).paymentStatus).toBe('unpaid');
    expect((await book(m.token, (await paidClass({ startsInMinutes: 24 * 60 })).id, m.user.id)).coveredBy).toMatch(/membership$/);

    const other = await member();
    await subscribe(other.user, await plan(), { currentPeriodEnd: addDays(now, 3), cancelAtPeriodEnd: true });
    expect((await book(other.token, (await paidClass({ startsInMinutes: 5 * 24 * 60 })).id, other.user.id)).paymentStatus).toBe('unpaid');
    expect((await book(other.token, (await paidClass({ startsInMinutes: 2 * 24 * 60 })).id, other.user.id)).paymentStatus).toBe('covered');
  });

  it('covers only the class types of the plan', async () => {
    const m = await member();
    const silks = await em(t).findOneOrFail(Apparatus, { name: 'Silks' });
    await subscribe(m.user, await plan({ name: 'Silks only', coveredApparatusIds: [silks.id] }));
    expect((await book(m.token, (await paidClass({ apparatusName: 'Lyra' })).id, m.user.id)).paymentStatus).toBe('unpaid');
    expect((await book(m.token, (await paidClass({ apparatusName: 'Silks', startsInMinutes: 3000 })).id, m.user.id)).coveredBy).toBe(
      'Silks only membership',
    );
  });

  it("covers the holder's first N children with family coverage, and no one else", async () => {
    const parent = await member({ role: Role.parent });
    const first = await makeFamilyMember(t, parent.user, 8, 'Ann');
    const second = await makeFamilyMember(t, parent.user, 10, 'Bo');
    await t.app.services.waivers.sign(em(t), parent.user, [first.id, second.id], { ip: null, userAgent: null });
    await subscribe(parent.user, await plan({ name: 'Family', familyMembers: 1 }));
    const c = await paidClass();
    expect((await book(parent.token, c.id, first.id)).coveredBy).toBe('Family membership');
    expect((await book(parent.token, c.id, second.id)).paymentStatus).toBe('unpaid');

    const single = await member({ role: Role.parent });
    const kid = await makeFamilyMember(t, single.user, 8);
    await t.app.services.waivers.sign(em(t), single.user, [kid.id], { ip: null, userAgent: null });
    await subscribe(single.user, await plan({ familyMembers: 0 }));
    expect((await book(single.token, c.id, kid.id)).paymentStatus).toBe('unpaid');
  });

  it('gives the credit back on a cancellation before the cutoff, uses it up on a late one (a studio setting)', async () => {
    const m = await member();
    const p = await pack(m.user, 2, 30);
    const early = await book(m.token, (await paidClass({ startsInMinutes: 3 * 24 * 60 })).id, m.user.id);
    expect(early.paymentStatus).toBe('covered');
    expect((await t.gql(CANCEL, { id: early.id }, { token: m.token })).data?.cancelBooking).toMatchObject({
      status: 'cancelled',
      lateCancel: false,
    });
    expect((await em(t).findOneOrFail(ClassPack, { id: p.id })).used).toBe(0);

    const late = await book(m.token, (await paidClass({ startsInMinutes: 120 })).id, m.user.id);
    expect((await t.gql(CANCEL, { id: late.id }, { token: m.token })).data?.cancelBooking.lateCancel).toBe(true);
    expect((await em(t).findOneOrFail(ClassPack, { id: p.id })).used).toBe(1);

    await t.app.services.settings.update(em(t), { lateCancelUsesCredit: false });
    try {
      const forgiven = await book(m.token, (await paidClass({ startsInMinutes: 180 })).id, m.user.id);
      await t.gql(CANCEL, { id: forgiven.id }, { token: m.token });
      expect((await em(t).findOneOrFail(ClassPack, { id: p.id })).used).toBe(1);
    } finally {
      await t.app.services.settings.update(em(t), { lateCancelUsesCredit: true });
    }
  });

  it('a spot from the waitlist is confirmed without a cart when an entitlement pays', async () => {
    const c = await paidClass({ capacity: 1 });
    const first = await member();
    const waiting = await member();
    await subscribe(waiting.user, await plan({ name: 'Waiter' }));
    const taken = await book(first.token, c.id, first.user.id);
    const join = await t.gql(
      `mutation($c: ID!, $a: ID!) { joinWaitlist(classInstanceId: $c, attendeeId: $a) { id } }`,
      { c: c.id, a: waiting.user.id },
      { token: waiting.token },
    );
    expect(join.errors).toBeUndefined();
    await t.gql(CANCEL, { id: taken.id }, { token: first.token });
    const mine = await t.gql(`{ myBookings { status paymentStatus coveredBy classInstance { id } } }`, {}, { token: waiting.token });
    expect(mine.data?.myBookings).toEqual([
      { status: 'confirmed', paymentStatus: 'covered', coveredBy: 'Waiter membership', classInstance: { id: c.id } },
    ]);
  });
});

describe('the last credit under concurrency', () => {
  async function family(n: number) {
    const parent = await member({ role: Role.parent });
    const kids: User[] = [];
    for (let i = 0; i < n; i += 1) kids.push(await makeFamilyMember(t, parent.user, 8 + (i % 8), `Kid${i}`));
    await t.app.services.waivers.sign(
      em(t),
      parent.user,
      kids.map((k) => k.id),
      { ip: null, userAgent: null },
    );
    return { parent, kids };
  }

  it('20 bookings race for the last class of a pack: exactly one uses it', async () => {
    const { parent, kids } = await family(20);
    const p = await pack(parent.user, 1, 30);
    // A class each: nothing else (such as the class's seat count) serialises the bookings.
    const classes = await Promise.all(kids.map(() => paidClass()));
    const results = await Promise.all(kids.map((k, i) => book(parent.token, classes[i].id, k.id)));
    expect(results.filter((b) => b.paymentStatus === 'covered')).toHaveLength(1);
    expect(results.filter((b) => b.paymentStatus === 'unpaid')).toHaveLength(19);
    expect((await em(t).findOneOrFail(ClassPack, { id: p.id })).used).toBe(1);
  });

  it('20 bookings race for the last class of a limited plan: exactly one uses it', async () => {
    const { parent, kids } = await family(20);
    await subscribe(parent.user, await plan({ classesPerPeriod: 3, familyMembers: 20 }));
    const warmup = await paidClass();
    await book(parent.token, warmup.id, kids[0].id);
    await book(parent.token, warmup.id, kids[1].id);
    const classes = await Promise.all(kids.map(() => paidClass({ startsInMinutes: 3000 })));
    const results = await Promise.all(kids.map((k, i) => book(parent.token, classes[i].id, k.id)));
    expect(results.filter((b) => b.paymentStatus === 'covered')).toHaveLength(1);
  });
});

describe('/admin/memberships', () => {
  const LIST = `query($s: String, $status: MembershipStatus, $sort: MembershipSortField, $dir: SortDirection) {
    adminMemberships(search: $s, status: $status, sortField: $sort, sortDirection: $dir, pageSize: 10) {
      total items { status failedPayments usedThisPeriod holder { name } plan { name } currentPeriodEnd }
    }
  }`;

  it('is for admins, paged, filtered and sorted on the server, with usage this period', async () => {
    const m = await member({ firstName: 'Zelda', lastName: 'Quartermain' });
    expect((await t.gql(LIST, {}, { token: m.token })).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    const p = await plan({ name: 'Admin view', classesPerPeriod: 4 });
    await subscribe(m.user, p);
    await book(m.token, (await paidClass()).id, m.user.id);
    const other = await member({ firstName: 'Zelda', lastName: 'Abbott' });
    await subscribe(other.user, p, { status: MembershipStatus.past_due, pastDueSince: new Date(), failedPayments: 2 });
    const admin = await makeUser(t, { role: Role.admin });
    const res = await t.gql(LIST, { s: 'zelda', sort: 'member', dir: 'ASC' }, { token: admin.token });
    expect(res.data?.adminMemberships.total).toBe(2);
    expect(
      res.data?.adminMemberships.items.map((i: { holder: { name: string }; usedThisPeriod: number; failedPayments: number }) => [
        i.holder.name,
        i.usedThisPeriod,
        i.failedPayments,
      ]),
    ).toEqual([
      ['Zelda Abbott', 0, 2],
      ['Zelda Quartermain', 1, 0],
    ]);
    const pastDue = await t.gql(LIST, { s: 'zelda', status: 'past_due' }, { token: admin.token });
    expect(pastDue.data?.adminMemberships.items.map((i: { holder: { name: string } }) => i.holder.name)).toEqual(['Zelda Abbott']);
  });
});
