import { addDays } from 'date-fns';
import { startTestApp, type TestApp } from '../../../test/app.js';
import { makeClass } from '../../../test/classes.js';
import { em, makeFamilyMember, makeUser } from '../../../test/factories.js';
import { BillingInterval, ClassPack, Membership, MembershipPlan } from '../memberships/membership.entity.js';
import { User } from '../users/user.entity.js';

/** What the booking dialog says will pay, before the member books: a membership, a pack, or the price. */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const COVERS = `query($c: ID!) { bookingCovers(classInstanceId: $c) { attendeeId paidWith classesLeft priceCents } }`;
const BOOK = `mutation($c: ID!, $a: ID!) { bookClass(classInstanceId: $c, attendeeId: $a) { booking { status coveredBy } } }`;
const covers = async (token: string | undefined, classId: string) => t.gql(COVERS, { c: classId }, token ? { token } : {});
const member = () => makeUser(t, { signed: true });
const paidClass = (startsInMinutes = 2 * 24 * 60) => makeClass(t, { priceCents: 2800, startsInMinutes });

async function subscribe(holder: User, fields: Partial<MembershipPlan>): Promise<void> {
  const e = em(t);
  const plan = e.create(MembershipPlan, { name: 'Plan', priceCents: 12000, interval: BillingInterval.month, ...fields });
  const now = new Date();
  e.create(Membership, {
    holder: e.getReference(User, holder.id),
    plan,
    currentPeriodStart: addDays(now, -1),
    currentPeriodEnd: addDays(now, 29),
  });
  await e.flush();
}

it('needs a signed-in member', async () => {
  const res = await covers(undefined, (await paidClass()).id);
  expect(res.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
});

it('answers the drop-in price when nothing pays, and no price for a free class', async () => {
  const m = await member();
  expect((await covers(m.token, (await paidClass()).id)).data?.bookingCovers).toEqual([
    { attendeeId: m.user.id, paidWith: null, classesLeft: null, priceCents: 2800 },
  ]);
  const free = await makeClass(t, { priceCents: 0 });
  expect((await covers(m.token, free.id)).data?.bookingCovers).toEqual([
    { attendeeId: m.user.id, paidWith: null, classesLeft: null, priceCents: 0 },
  ]);
});

it('names a limited membership with the classes it has left, using none of them', async () => {
  const m = await member();
  await subscribe(m.user, { name: 'Eight a month', classesPerPeriod: 8 });
  const first = await paidClass();
  expect((await t.gql(BOOK, { c: first.id, a: m.user.id }, { token: m.token })).data?.bookClass.booking).toEqual({
    status: 'confirmed',
    coveredBy: 'Eight a month membership',
  });
  const next = await paidClass(2 * 24 * 60 + 180);
  const expected = [{ attendeeId: m.user.id, paidWith: 'Eight a month', classesLeft: 7, priceCents: 0 }];
  expect((await covers(m.token, next.id)).data?.bookingCovers).toEqual(expected);
  // Asking again finds the same: the dry run left nothing behind.
  expect((await covers(m.token, next.id)).data?.bookingCovers).toEqual(expected);
});

it('names an unlimited membership without a count', async () => {
  const m = await member();
  await subscribe(m.user, { name: 'Unlimited' });
  expect((await covers(m.token, (await paidClass()).id)).data?.bookingCovers).toEqual([
    { attendeeId: m.user.id, paidWith: 'Unlimited', classesLeft: null, priceCents: 0 },
  ]);
});

it('names a class pack with the classes it has left, using none of them', async () => {
  const m = await member();
  const e = em(t);
  t.app.services.memberships.grantPack(e, m.user.id, 'Five-class pack', 5, 30);
  await e.flush();
  expect((await covers(m.token, (await paidClass()).id)).data?.bookingCovers).toEqual([
    { attendeeId: m.user.id, paidWith: 'Five-class pack', classesLeft: 5, priceCents: 0 },
  ]);
  expect((await em(t).findOneOrFail(ClassPack, { owner: m.user.id })).used).toBe(0);
});

it("answers for each child the parent may book: the parent's family plan covers the first child, not the second", async () => {
  const parent = await member();
  const first = await makeFamilyMember(t, parent.user, 9, 'Ada');
  const second = await makeFamilyMember(t, parent.user, 7, 'Bea');
  await makeFamilyMember(t, parent.user, 20, 'Grown'); // books with their own account: not listed
  await subscribe(parent.user, { name: 'Family four', classesPerPeriod: 4, familyMembers: 1 });
  const someoneElse = await member();
  await makeFamilyMember(t, someoneElse.user, 8, 'Other');
  const res = await covers(parent.token, (await paidClass()).id);
  expect(res.data?.bookingCovers).toEqual([
    { attendeeId: parent.user.id, paidWith: 'Family four', classesLeft: 4, priceCents: 0 },
    { attendeeId: first.id, paidWith: 'Family four', classesLeft: 4, priceCents: 0 },
    { attendeeId: second.id, paidWith: null, classesLeft: null, priceCents: 2800 },
  ]);
});
