import type { TestApp } from '../../../test/app.js';
import { makeClass } from '../../../test/classes.js';
import { buildMembershipPlan, em, makeUser, Role } from '../../../test/factories.js';
import { deliverEvent, startStripeTestApp, StripeStandin } from '../../../test/stripe-standin.js';
import { BillingInterval, ClassPack } from './membership.entity.js';

const stripe = new StripeStandin();
let t: TestApp;
beforeAll(async () => {
  t = await startStripeTestApp(stripe);
});
afterAll(() => t.close());

const CREATE = `mutation($i: ClassPackProductInput!) { createClassPackProduct(input: $i) { id name category packClasses packValidDays priceCents } }`;
const input = { name: '5-class pack', priceCents: 10000, classes: 5, validDays: 60 };

it('admins make class packs; members find them in the shop', async () => {
  const m = await makeUser(t, { signed: true });
  expect((await t.gql(CREATE, { i: input }, { token: m.token })).errors?.[0].extensions?.code).toBe('FORBIDDEN');
  const admin = await makeUser(t, { role: Role.admin });
  const bad = await t.gql(CREATE, { i: { ...input, classes: 0, validDays: 5000 } }, { token: admin.token });
  expect(bad.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
  const made = await t.gql(CREATE, { i: input }, { token: admin.token });
  expect(made.data?.createClassPackProduct).toMatchObject({ category: 'membership', packClasses: 5, packValidDays: 60 });
  const shop = await t.gql(`{ products { id name } }`, {}, { token: m.token });
  expect(shop.data?.products.map((p: { id: string }) => p.id)).toContain(made.data?.createClassPackProduct.id);
});

it('a pack bought through checkout becomes the member’s packs (one per unit, once however often the event comes) and pays for a class', async () => {
  const admin = await makeUser(t, { role: Role.admin });
  const product = (await t.gql(CREATE, { i: { ...input, name: 'Ten pack', classes: 10 } }, { token: admin.token })).data
    ?.createClassPackProduct;
  const m = await makeUser(t, { signed: true });
  const added = await t.gql(
    `mutation($p: ID!) { addProductToCart(productId: $p, quantity: 2) { id } }`,
    { p: product.id },
    { token: m.token },
  );
  expect(added.errors).toBeUndefined();
  const session = await t.gql(`mutation { createCheckoutSession { sessionId } }`, {}, { token: m.token });
  const paid = stripe.pay(session.data?.createCheckoutSession.sessionId);
  const answers = await Promise.all([paid, paid, paid].map((e) => deliverEvent(t.url, e)));
  expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
  const packs = await em(t).find(ClassPack, { owner: m.user.id });
  expect(packs.map((p) => [p.name, p.classes, p.used])).toEqual([
    ['Ten pack', 10, 0],
    ['Ten pack', 10, 0],
  ]);
  const days = (packs[0].expiresAt.getTime() - Date.now()) / 86_400_000;
  expect(days).toBeGreaterThan(59.9);
  expect(days).toBeLessThanOrEqual(60);

  const c = await makeClass(t, { priceCents: 2500 });
  const booked = await t.gql(
    `mutation($c: ID!, $a: ID!) { bookClass(classInstanceId: $c, attendeeId: $a) { booking { status coveredBy } } }`,
    { c: c.id, a: m.user.id },
    { token: m.token },
  );
  expect(booked.data?.bookClass.booking).toEqual({ status: 'confirmed', coveredBy: 'Ten pack' });
});

it('with Stripe, subscribing opens Checkout in subscription mode: the plan every period and the sign-up fee once', async () => {
  const plan = await buildMembershipPlan(t, { name: 'Yearly', priceCents: 120000, interval: BillingInterval.year, signUpFeeCents: 3000 });
  const m = await makeUser(t, { signed: true });
  const res = await t.gql(`mutation($p: ID!) { subscribeToPlan(planId: $p) { url sessionId } }`, { p: plan.id }, { token: m.token });
  expect(res.errors).toBeUndefined();
  const { url, sessionId } = res.data!.subscribeToPlan;
  expect(url).toBe(`https://checkout.stripe.test/c/pay/${sessionId}`);
  expect(stripe.sessions.get(sessionId)?.amount_total).toBe(123000);
});
