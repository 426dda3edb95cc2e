import { addDays, addMonths } from 'date-fns';
import { randomBytes } from 'node:crypto';
import type { TestApp } from '../../../test/app.js';
import { buildMembership, buildMembershipPlan, em, makeUser, Role } from '../../../test/factories.js';
import { deliverEvent, startStripeTestApp, StripeStandin } from '../../../test/stripe-standin.js';
import { Notification } from '../notifications/notification.entity.js';
import { Order, OrderStatus, Refund } from '../payments/order.entity.js';
import { BillingInterval, Membership, MembershipPlan, MembershipStatus } from './membership.entity.js';

// Plans as Stripe products and prices, and membership changes sent to Stripe subscriptions, against the Stripe
// stand-in at the network boundary (the real stripe SDK talks HTTP to it).
const stripe = new StripeStandin();
let t: TestApp;
let admin: Awaited<ReturnType<typeof makeUser>>;
beforeAll(async () => {
  t = await startStripeTestApp(stripe);
  admin = await makeUser(t, { role: Role.admin });
});
afterAll(() => t.close());
afterEach(() => {
  stripe.outage = null;
});

const code = (res: { errors?: { extensions?: Record<string, any> }[] }) => res.errors?.[0].extensions?.code;
const message = (res: { errors?: { message: string }[] }) => res.errors?.[0].message;
const asAdmin = (query: string, variables: Record<string, unknown>) => t.gql(query, variables, { token: admin.token });

const PLAN_FIELDS = `id name priceCents interval`;
const CREATE = `mutation($i: MembershipPlanInput!) { createMembershipPlan(input: $i) { ${PLAN_FIELDS} } }`;
const UPDATE = `mutation($id: ID!, $i: MembershipPlanInput!) { updateMembershipPlan(id: $id, input: $i) { ${PLAN_FIELDS} } }`;
const input = (fields: Record<string, unknown> = {}) => ({
  name: `Unlimited ${randomBytes(3).toString('hex')}`,
  description: 'Every class, every week',
  priceCents: 15000,
  interval: 'month',
  ...fields,
});
const stored = (id: string) => em(t).findOneOrFail(MembershipPlan, { id });

async function createPlan(fields: Record<string, unknown> = {}): Promise<MembershipPlan> {
  const res = await asAdmin(CREATE, { i: input(fields) });
  if (!res.data?.createMembershipPlan) throw new Error(JSON.stringify(res.errors));
  return stored(res.data.createMembershipPlan.id);
}

describe('plans synced to Stripe', () => {
  it('a new plan is a Stripe product with a recurring price, and subscription Checkout uses that price', async () => {
    const plan = await createPlan();
    expect(plan.stripeProductId).toMatch(/^prod_/);
    expect(plan.stripePriceId).toMatch(/^price_/);
    expect(stripe.products.get(plan.stripeProductId!)).toMatchObject({
      name: plan.name,
      description: 'Every class, every week',
      active: true,
      metadata: { planId: plan.id },
    });
    expect(stripe.prices.get(plan.stripePriceId!)).toMatchObject({
      product: plan.stripeProductId,
      unit_amount: 15000,
      recurring: { interval: 'month' },
      active: true,
    });

    const m = await makeUser(t, { signed: true });
    const res = await t.gql(`mutation($p: ID!) { subscribeToPlan(planId: $p) { url sessionId } }`, { p: plan.id }, { token: m.token });
    const session = stripe.sessions.get(res.data?.subscribeToPlan.sessionId);
    expect(session).toMatchObject({ mode: 'subscription', line_prices: [plan.stripePriceId], amount_total: 15000 });
  });

  it('a new name changes the product; a new price makes a new Stripe price and archives the old one', async () => {
    const plan = await createPlan();
    const first = plan.stripePriceId!;
    const renamed = await asAdmin(UPDATE, { id: plan.id, i: input({ name: 'Unlimited Plus', active: false }) });
    expect(renamed.errors).toBeUndefined();
    expect(stripe.products.get(plan.stripeProductId!)).toMatchObject({ name: 'Unlimited Plus', active: false });
    expect((await stored(plan.id)).stripePriceId).toBe(first);

    await asAdmin(UPDATE, { id: plan.id, i: input({ name: 'Unlimited Plus', priceCents: 16500 }) });
    const after = await stored(plan.id);
    expect(after.stripeProductId).toBe(plan.stripeProductId);
    expect(after.stripePriceId).not.toBe(first);
    expect(stripe.prices.get(after.stripePriceId!)).toMatchObject({ unit_amount: 16500, active: true });
    expect(stripe.prices.get(first)).toMatchObject({ unit_amount: 15000, active: false });

    // Back to the first amount: a third price (an archived one is never revived).
    await asAdmin(UPDATE, { id: plan.id, i: input({ name: 'Unlimited Plus', priceCents: 15000 }) });
    const third = await stored(plan.id);
    expect([first, after.stripePriceId]).not.toContain(third.stripePriceId);
    expect(stripe.prices.get(third.stripePriceId!)).toMatchObject({ unit_amount: 15000, active: true });
    expect(stripe.prices.get(after.stripePriceId!)?.active).toBe(false);
  });

  it('when Stripe cannot be reached the plan is not saved, with a clear error, and a retry syncs it', async () => {
    stripe.outage = /^POST \/v1\/products$/;
    const name = `Aerial Hoop ${randomBytes(3).toString('hex')}`;
    const refused = await asAdmin(CREATE, { i: input({ name }) });
    expect(code(refused)).toBe('SERVICE_UNAVAILABLE');
    expect(message(refused)).toBe('Stripe could not be reached, so the plan was not saved. Please try again in a moment.');
    expect(await em(t).count(MembershipPlan, { name })).toBe(0);

    stripe.outage = null;
    const plan = await createPlan({ name });
    stripe.outage = /^POST \/v1\/prices/;
    const failed = await asAdmin(UPDATE, { id: plan.id, i: input({ name: 'Renamed', priceCents: 20000 }) });
    expect(code(failed)).toBe('SERVICE_UNAVAILABLE');
    // Nothing changed here: the stored plan still names the price Stripe bills.
    expect(await stored(plan.id)).toMatchObject({ name, priceCents: 15000, stripePriceId: plan.stripePriceId });
    expect(stripe.prices.get(plan.stripePriceId!)?.active).toBe(true);

    stripe.outage = null;
    await asAdmin(UPDATE, { id: plan.id, i: input({ name: 'Renamed', priceCents: 20000 }) });
    const synced = await stored(plan.id);
    expect(synced).toMatchObject({ name: 'Renamed', priceCents: 20000 });
    expect(stripe.prices.get(synced.stripePriceId!)).toMatchObject({ unit_amount: 20000, active: true });
    expect(stripe.prices.get(plan.stripePriceId!)?.active).toBe(false);
  });

  it('a plan made before Stripe was connected gets its product and price when a member subscribes', async () => {
    const plan = await buildMembershipPlan(t, { name: 'Legacy plan', priceCents: 9000, interval: BillingInterval.year });
    const m = await makeUser(t, { signed: true });
    const res = await t.gql(`mutation($p: ID!) { subscribeToPlan(planId: $p) { sessionId } }`, { p: plan.id }, { token: m.token });
    const synced = await stored(plan.id);
    expect(stripe.prices.get(synced.stripePriceId!)).toMatchObject({ unit_amount: 9000, recurring: { interval: 'year' } });
    expect(stripe.sessions.get(res.data?.subscribeToPlan.sessionId)?.line_prices).toEqual([synced.stripePriceId]);
  });
});

describe("changes to a member's membership reach the Stripe subscription", () => {
  async function subscribed(plan: MembershipPlan) {
    const holder = await makeUser(t, { signed: true });
    const sub = stripe.addSubscription(plan.stripePriceId, { userId: holder.user.id, planId: plan.id });
    const m = await buildMembership(t, { holder: holder.user, plan, providerSubscriptionId: sub.id, periodFromProvider: true });
    return { holder, sub, m };
  }
  const load = (id: string) => em(t).findOneOrFail(Membership, { id }, { populate: ['nextPlan'] });
  const echo = (type: string, sub: object, created: number) => ({ ...stripe.event(type, structuredClone(sub)), created });

  it('cancel at period end and resume; late echoes of earlier states do not undo the newest', async () => {
    const plan = await createPlan();
    const { holder, sub, m } = await subscribed(plan);
    const CANCEL = `mutation($id: ID!) { cancelMembershipAtPeriodEnd(id: $id) { cancelAtPeriodEnd } }`;
    const RESUME = `mutation($id: ID!) { resumeMembership(id: $id) { cancelAtPeriodEnd } }`;
    const before = Math.floor(Date.now() / 1000) - 1;

    expect((await t.gql(CANCEL, { id: m.id }, { token: holder.token })).data?.cancelMembershipAtPeriodEnd.cancelAtPeriodEnd).toBe(true);
    expect(sub.cancel_at_period_end).toBe(true);
    const cancelEcho = echo('customer.subscription.updated', sub, before);
    expect((await t.gql(RESUME, { id: m.id }, { token: holder.token })).data?.resumeMembership.cancelAtPeriodEnd).toBe(false);
    expect(sub.cancel_at_period_end).toBe(false);
    const resumeEcho = echo('customer.subscription.updated', sub, before);

    // The echoes arrive after both changes, out of order and twice.
    for (const e of [resumeEcho, cancelEcho, cancelEcho, resumeEcho]) expect((await deliverEvent(t.url, e)).status).toBe(200);
    expect(await load(m.id)).toMatchObject({ cancelAtPeriodEnd: false, status: MembershipStatus.active });

    // A change made at Stripe itself later (the dashboard) is still followed.
    sub.cancel_at_period_end = true;
    expect((await deliverEvent(t.url, echo('customer.subscription.updated', sub, Math.floor(Date.now() / 1000) + 2))).status).toBe(200);
    expect((await load(m.id)).cancelAtPeriodEnd).toBe(true);
  });

  it('when Stripe cannot be reached the member is told and nothing changes', async () => {
    const plan = await createPlan();
    const { holder, sub, m } = await subscribed(plan);
    stripe.outage = /^POST \/v1\/subscriptions\//;
    const res = await t.gql(`mutation($id: ID!) { cancelMembershipAtPeriodEnd(id: $id) { id } }`, { id: m.id }, { token: holder.token });
    expect(code(res)).toBe('SERVICE_UNAVAILABLE');
    expect(message(res)).toBe('Stripe could not be reached, so the membership was not changed. Please try again in a moment.');
    expect((await load(m.id)).cancelAtPeriodEnd).toBe(false);
    expect(sub.cancel_at_period_end).toBe(false);
  });

  it("admin: change plan from the next period swaps the subscription's price without proration", async () => {
    const plan = await createPlan();
    const other = await createPlan({ priceCents: 9900 });
    const { sub, m } = await subscribed(plan);
    const CHANGE = `mutation($id: ID!, $p: ID!) { changeMembershipPlan(id: $id, planId: $p) { plan { id } nextPlan { id } } }`;

    stripe.outage = /^POST \/v1\/subscriptions\//;
    expect(code(await asAdmin(CHANGE, { id: m.id, p: other.id }))).toBe('SERVICE_UNAVAILABLE');
    expect((await load(m.id)).nextPlan).toBeNull();
    stripe.outage = null;

    const res = await asAdmin(CHANGE, { id: m.id, p: other.id });
    expect(res.data?.changeMembershipPlan).toEqual({ plan: { id: plan.id }, nextPlan: { id: other.id } });
    expect(sub.items.data[0].price.id).toBe(other.stripePriceId);
    expect(sub.last_proration_behavior).toBe('none');

    // Choosing the current plan again swaps the price back.
    await asAdmin(CHANGE, { id: m.id, p: plan.id });
    expect(sub.items.data[0].price.id).toBe(plan.stripePriceId);
    expect((await load(m.id)).nextPlan).toBeNull();
  });

  const PAUSE = `mutation($id: ID!, $f: DateTimeISO!, $u: DateTimeISO!) { pauseMembership(id: $id, from: $f, until: $u) { id status } }`;
  const pauseRequests = (subId: string) => stripe.requests.filter((r) => r === `POST /v1/subscriptions/${subId}`).length;

  it('admin: a pause that starts later pauses collection when it starts (the job), until it ends; an outage is retried', async () => {
    const plan = await createPlan();
    const { sub, m } = await subscribed(plan);
    const now = new Date();
    const from = addDays(now, 3);
    const until = addDays(now, 17);
    const res = await asAdmin(PAUSE, { id: m.id, f: from.toISOString(), u: until.toISOString() });
    expect(res.errors).toBeUndefined();
    expect(res.data?.pauseMembership.status).toBe('active');
    // A renewal before the pause starts is still charged: collection is not paused yet.
    expect(sub.pause_collection).toBeNull();
    const jobs = t.app.services.memberships;
    await jobs.startDuePauses(em(t), addDays(now, 1));
    expect(sub.pause_collection).toBeNull();
    expect(pauseRequests(sub.id)).toBe(0);

    // The pause has started but Stripe cannot be reached: nothing changes here, the next run tries again.
    stripe.outage = /^POST \/v1\/subscriptions\//;
    await jobs.startDuePauses(em(t), addDays(now, 4));
    expect(sub.pause_collection).toBeNull();
    expect(await em(t).findOneOrFail(Membership, { id: m.id })).toMatchObject({
      status: MembershipStatus.active,
      providerPausedUntil: null,
    });
    stripe.outage = null;

    expect(await jobs.startDuePauses(em(t), addDays(now, 4))).toBeGreaterThanOrEqual(1);
    expect(sub.pause_collection).toEqual({ behavior: 'void', resumes_at: Math.floor(until.getTime() / 1000) });
    expect(await em(t).findOneOrFail(Membership, { id: m.id })).toMatchObject({
      status: MembershipStatus.paused,
      providerPausedUntil: until,
    });
    // Idempotent: later runs during and after the pause (Stripe resumes by itself at resumes_at) ask nothing more.
    const asked = pauseRequests(sub.id);
    await jobs.startDuePauses(em(t), addDays(now, 5));
    await jobs.startDuePauses(em(t), addDays(now, 18));
    expect(pauseRequests(sub.id)).toBe(asked);
  });

  it('admin: a pause that has started pauses collection at once; moving it later takes that back until it starts', async () => {
    const plan = await createPlan();
    const { sub, m } = await subscribed(plan);
    const now = new Date();
    const until = addDays(now, 10);
    const started = await asAdmin(PAUSE, { id: m.id, f: addDays(now, -1).toISOString(), u: until.toISOString() });
    expect(started.data?.pauseMembership.status).toBe('paused');
    expect(sub.pause_collection).toEqual({ behavior: 'void', resumes_at: Math.floor(until.getTime() / 1000) });

    // Unreachable Stripe: the pause is not moved.
    stripe.outage = /^POST \/v1\/subscriptions\//;
    const later = { id: m.id, f: addDays(now, 5).toISOString(), u: addDays(now, 12).toISOString() };
    expect(code(await asAdmin(PAUSE, later))).toBe('SERVICE_UNAVAILABLE');
    expect(sub.pause_collection).not.toBeNull();
    stripe.outage = null;

    const moved = await asAdmin(PAUSE, later);
    expect(moved.data?.pauseMembership.status).toBe('active');
    expect(sub.pause_collection).toBeNull();
    await t.app.services.memberships.startDuePauses(em(t), addDays(now, 6));
    expect(sub.pause_collection).toEqual({ behavior: 'void', resumes_at: Math.floor(addDays(now, 12).getTime() / 1000) });
  });

  it('admin: end now cancels the subscription; its deleted echo changes nothing, however often', async () => {
    const plan = await createPlan();
    const { sub, m } = await subscribed(plan);
    const END = `mutation($id: ID!) { cancelMembershipNow(id: $id) { status canceledAt } }`;

    stripe.outage = /^DELETE \/v1\/subscriptions\//;
    expect(code(await asAdmin(END, { id: m.id }))).toBe('SERVICE_UNAVAILABLE');
    expect((await load(m.id)).status).toBe(MembershipStatus.active);
    stripe.outage = null;

    const ended = await asAdmin(END, { id: m.id });
    expect(ended.data?.cancelMembershipNow.status).toBe('canceled');
    expect(sub.status).toBe('canceled');
    const canceledAt = (await load(m.id)).canceledAt;
    const deleted = stripe.event('customer.subscription.deleted', structuredClone({ ...sub, canceled_at: sub.canceled_at! + 60 }));
    for (const e of [deleted, deleted]) expect((await deliverEvent(t.url, e)).status).toBe(200);
    expect(await load(m.id)).toMatchObject({ status: MembershipStatus.canceled, canceledAt });
    expect(code(await asAdmin(END, { id: m.id }))).toBe('CONFLICT');
  });
});

describe('comp memberships', () => {
  const COMP = `mutation($u: ID!, $p: ID!, $r: Boolean) { compMembership(userId: $u, planId: $p, replace: $r) { id status comp } }`;

  it('are refused for a member with a live membership, unless replacing it (which ends its subscription)', async () => {
    const plan = await createPlan();
    const holder = await makeUser(t, { signed: true, firstName: 'Ana', lastName: 'Lima' });
    const sub = stripe.addSubscription(plan.stripePriceId);
    const paid = await buildMembership(t, {
      holder: holder.user,
      plan,
      providerSubscriptionId: sub.id,
      currentPeriodStart: new Date(),
      currentPeriodEnd: addMonths(new Date(), 1),
    });

    const refused = await asAdmin(COMP, { u: holder.user.id, p: plan.id });
    expect(code(refused)).toBe('CONFLICT');
    expect(message(refused)).toBe(`Ana Lima already has a ${plan.name} membership (active). End it first, or choose to replace it.`);

    stripe.outage = /^DELETE /;
    expect(code(await asAdmin(COMP, { u: holder.user.id, p: plan.id, r: true }))).toBe('SERVICE_UNAVAILABLE');
    expect(await em(t).count(Membership, { holder: holder.user.id })).toBe(1);
    stripe.outage = null;

    const comped = await asAdmin(COMP, { u: holder.user.id, p: plan.id, r: true });
    expect(comped.data?.compMembership).toMatchObject({ status: 'active', comp: true });
    expect(await em(t).findOneOrFail(Membership, { id: paid.id })).toMatchObject({ status: MembershipStatus.canceled });
    expect(sub.status).toBe('canceled');
    // Now the comp is the live one.
    expect(code(await asAdmin(COMP, { u: holder.user.id, p: plan.id }))).toBe('CONFLICT');
  });

  it('two comps at once for one member: exactly one is made', async () => {
    const plan = await createPlan();
    const holder = await makeUser(t, { signed: true });
    const answers = await Promise.all([1, 2, 3, 4].map(() => asAdmin(COMP, { u: holder.user.id, p: plan.id })));
    expect(answers.filter((a) => a.data?.compMembership).length).toBe(1);
    expect(answers.filter((a) => code(a) === 'CONFLICT').length).toBe(3);
  });

  it('move to their next period when it is over, so the usage of the period starts again', async () => {
    const plan = await createPlan();
    const next = await createPlan();
    const holder = await makeUser(t, { signed: true });
    const start = addMonths(new Date(), -2);
    const period = { currentPeriodStart: start, currentPeriodEnd: addMonths(start, 1) };
    const m = await buildMembership(t, { holder: holder.user, plan, nextPlan: next, comp: true, ...period });
    const ending = await buildMembership(t, { plan, comp: true, cancelAtPeriodEnd: true, ...period });

    const now = new Date();
    expect(await t.app.services.memberships.advanceCompPeriods(em(t), now)).toBeGreaterThanOrEqual(2);
    const moved = await em(t).findOneOrFail(Membership, { id: m.id }, { populate: ['plan'] });
    expect(moved.currentPeriodStart.getTime()).toBe(addMonths(start, 2).getTime());
    expect(moved.currentPeriodEnd.getTime()).toBe(addMonths(start, 3).getTime());
    expect(moved.currentPeriodStart <= now && now < moved.currentPeriodEnd).toBe(true);
    expect(moved.plan.id).toBe(next.id);
    expect(await em(t).findOneOrFail(Membership, { id: ending.id })).toMatchObject({
      status: MembershipStatus.canceled,
      canceledAt: addMonths(start, 1),
    });
    // Run again: nothing more to do for these two.
    await t.app.services.memberships.advanceCompPeriods(em(t), now);
    expect((await em(t).findOneOrFail(Membership, { id: m.id })).currentPeriodEnd.getTime()).toBe(addMonths(start, 3).getTime());
  });
});

describe('admin: end now with a refund', () => {
  const END = `mutation($id: ID!, $r: Boolean) { cancelMembershipNow(id: $id, refund: $r) { status } }`;
  const DAY = 86_400;

  /**
   * A member subscribed through Stripe Checkout 10 days into a 30-day period, the first invoice paid with a sign-up
   * fee (`again`: the same member subscribing to the same plan once more).
   */
  async function paidMembership(again?: { plan: MembershipPlan; holderId: string }) {
    const plan = again?.plan ?? (await createPlan({ priceCents: 15000, signUpFeeCents: 2500 }));
    const holder = again ? { user: { id: again.holderId } } : await makeUser(t, { signed: true });
    const meta = { userId: holder.user.id, planId: plan.id };
    const sub = stripe.addSubscription(plan.stripePriceId, meta);
    const now = Math.floor(Date.now() / 1000);
    const invoice = {
      id: `in_${randomBytes(8).toString('hex')}`,
      object: 'invoice',
      amount_paid: 17500,
      parent: { type: 'subscription_details', subscription_details: { subscription: sub.id, metadata: meta } },
      lines: { data: [{ period: { start: now - 10 * DAY, end: now + 20 * DAY } }] },
      payments: { data: [{ payment: { type: 'payment_intent', payment_intent: `pi_${randomBytes(8).toString('hex')}` } }] },
    };
    const completed = stripe.event('checkout.session.completed', {
      id: `cs_${sub.id}`,
      object: 'checkout.session',
      mode: 'subscription',
      subscription: sub.id,
      metadata: meta,
    });
    const paid = stripe.event('invoice.paid', invoice);
    // Repeated, in any order: one membership, one order for the invoice.
    for (const e of [paid, completed, paid]) expect((await deliverEvent(t.url, e)).status).toBe(200);
    const m = await em(t).findOneOrFail(Membership, { providerSubscriptionId: sub.id }, { populate: ['plan'] });
    const orders = await em(t).find(Order, { providerSubscriptionId: sub.id }, { populate: ['lines', 'refunds'] });
    expect(orders.map((o) => [o.totalCents, o.paymentIntentId, o.owner?.id])).toEqual([
      [17500, invoice.payments.data[0].payment.payment_intent, holder.user.id],
    ]);
    expect(orders[0].lines.map((l) => [l.kind, l.unitCents])).toEqual([['membership', 17500]]);
    return { m, sub, order: orders[0], paymentIntent: invoice.payments.data[0].payment.payment_intent };
  }

  it("refunds the unused days of the plan's price from the last payment, recorded on its order, once", async () => {
    const { m, sub, order, paymentIntent } = await paidMembership();

    stripe.outage = /^POST \/v1\/refunds$/;
    const failed = await asAdmin(END, { id: m.id, r: true });
    expect(code(failed)).toBe('SERVICE_UNAVAILABLE');
    expect(message(failed)).toBe('The payment provider could not make the refund. Please try again in a moment.');
    expect((await em(t).findOneOrFail(Membership, { id: m.id })).status).toBe(MembershipStatus.active);
    expect(sub.status).toBe('active');

    // The refund is made, then ending the subscription fails: nothing is recorded, and the retry is the same refund.
    stripe.outage = /^DELETE \/v1\/subscriptions\//;
    expect(code(await asAdmin(END, { id: m.id, r: true }))).toBe('SERVICE_UNAVAILABLE');
    expect(await em(t).count(Refund, { order: order.id })).toBe(0);
    stripe.outage = null;

    const ended = await asAdmin(END, { id: m.id, r: true });
    expect(ended.data?.cancelMembershipNow.status).toBe('canceled');
    expect(sub.status).toBe('canceled');
    const made = stripe.refunds.filter((r) => r.payment_intent === paymentIntent);
    expect(made).toHaveLength(1);
    // 20 of 30 days unused, of the $150.00 plan (not the sign-up fee): $100.00, less the seconds since.
    expect(made[0].amount).toBeGreaterThan(9990);
    expect(made[0].amount).toBeLessThanOrEqual(10000);
    const after = await em(t).findOneOrFail(Order, { id: order.id }, { populate: ['refunds', 'lines'] });
    expect(after).toMatchObject({ status: OrderStatus.partially_refunded, refundedCents: made[0].amount });
    expect(after.lines[0].refundedCents).toBe(made[0].amount);
    expect(after.refunds.map((r) => [r.amountCents, r.providerRefundId, r.reason])).toEqual([
      [made[0].amount, made[0].id, 'Membership ended early: the unused days refunded'],
    ]);
    // Again: the membership has ended, nothing more is refunded.
    expect(code(await asAdmin(END, { id: m.id, r: true }))).toBe('CONFLICT');
    expect(stripe.refunds.filter((r) => r.payment_intent === paymentIntent)).toHaveLength(1);
  });

  it('refunds from the payment of the latest period, not the latest recorded; the answer says how much', async () => {
    const { m, sub, paymentIntent } = await paidMembership();
    // The invoice of an older period arrives late: it is recorded, but the current period's payment is refunded.
    const now = Math.floor(Date.now() / 1000);
    const meta = { userId: m.holder.id, planId: m.plan.id };
    const olderIntent = `pi_${randomBytes(8).toString('hex')}`;
    const older = stripe.event('invoice.paid', {
      id: `in_${randomBytes(8).toString('hex')}`,
      object: 'invoice',
      amount_paid: 15000,
      parent: { type: 'subscription_details', subscription_details: { subscription: sub.id, metadata: meta } },
      lines: { data: [{ period: { start: now - 40 * DAY, end: now - 10 * DAY } }] },
      payments: { data: [{ payment: { type: 'payment_intent', payment_intent: olderIntent } }] },
    });
    expect((await deliverEvent(t.url, older)).status).toBe(200);
    expect(await em(t).count(Order, { providerSubscriptionId: sub.id })).toBe(2);

    const ended = await asAdmin(`mutation($id: ID!) { cancelMembershipNow(id: $id, refund: true) { status refundedCents } }`, { id: m.id });
    expect(ended.errors).toBeUndefined();
    expect(stripe.refunds.filter((r) => r.payment_intent === olderIntent)).toHaveLength(0);
    const made = stripe.refunds.filter((r) => r.payment_intent === paymentIntent);
    expect(made).toHaveLength(1);
    expect(ended.data?.cancelMembershipNow).toEqual({ status: 'canceled', refundedCents: made[0].amount });
    expect((await em(t).findOneOrFail(Membership, { id: m.id })).refundedCents).toBe(made[0].amount);
  });

  it('a renewal into a changed plan is recorded as an order on the new plan', async () => {
    const { m, sub } = await paidMembership();
    const next = await createPlan({ priceCents: 9900 });
    await asAdmin(`mutation($id: ID!, $p: ID!) { changeMembershipPlan(id: $id, planId: $p) { id } }`, { id: m.id, p: next.id });
    const end = Math.floor(m.currentPeriodEnd.getTime() / 1000);
    const renewal = stripe.event('invoice.paid', {
      id: `in_${randomBytes(8).toString('hex')}`,
      object: 'invoice',
      amount_paid: 9900,
      subscription: sub.id,
      payment_intent: `pi_${randomBytes(8).toString('hex')}`,
      lines: { data: [{ period: { start: end, end: end + 30 * DAY } }] },
    });
    for (const e of [renewal, renewal]) expect((await deliverEvent(t.url, e)).status).toBe(200);
    const renewed = await em(t).findOneOrFail(Membership, { id: m.id }, { populate: ['plan'] });
    expect(renewed.plan.id).toBe(next.id);
    const orders = await em(t).find(Order, { providerSubscriptionId: sub.id }, { populate: ['lines'], orderBy: { createdAt: 'asc' } });
    expect(orders.map((o) => [o.totalCents, o.lines[0].description.split(',')[0]])).toEqual([
      [17500, `${m.plan.name} membership`],
      [9900, `${next.name} membership`],
    ]);
  });

  it('a second subscription to a plan already held is ended at Stripe and refunded in full; member and admins told', async () => {
    const first = await paidMembership();
    const second = await paidMembership({ plan: first.m.plan, holderId: first.m.holder.id });
    expect(second.m.id).not.toBe(first.m.id);
    expect(second.m).toMatchObject({ duplicate: true, status: MembershipStatus.canceled });
    expect(second.sub.status).toBe('canceled');
    expect(first.sub.status).toBe('active');
    expect((await em(t).findOneOrFail(Membership, { id: first.m.id })).status).toBe(MembershipStatus.active);
    expect(stripe.refunds.filter((r) => r.payment_intent === second.paymentIntent).map((r) => r.amount)).toEqual([17500]);
    expect(stripe.refunds.filter((r) => r.payment_intent === first.paymentIntent)).toEqual([]);
    const order = await em(t).findOneOrFail(Order, { id: second.order.id }, { populate: ['refunds'] });
    expect(order.status).toBe(OrderStatus.refunded);
    expect(order.refunds.map((r) => r.reason)).toEqual([expect.stringMatching(/^Refunded automatically: .+ already had a .+ membership$/)]);
    const told = await em(t).find(Notification, { title: 'Refund on its way', user: first.m.holder.id });
    expect(told.map((n) => n.message)).toEqual([expect.stringContaining('$175.00 goes back to the card you paid with')]);
    expect(
      await em(t).count(Notification, { title: 'Payment refunded automatically', user: admin.user.id, link: '/admin/memberships' }),
    ).toBeGreaterThan(0);
  });

  it('is refused for a membership without a payment (a comp); without a refund it just ends', async () => {
    const plan = await createPlan();
    const holder = await makeUser(t, { signed: true });
    const comped = await asAdmin(`mutation($u: ID!, $p: ID!) { compMembership(userId: $u, planId: $p) { id } }`, {
      u: holder.user.id,
      p: plan.id,
    });
    const id = comped.data?.compMembership.id;
    const refused = await asAdmin(END, { id, r: true });
    expect(code(refused)).toBe('CONFLICT');
    expect(message(refused)).toBe('No payment of this membership was found to refund: end it without a refund.');
    expect((await asAdmin(END, { id })).data?.cancelMembershipNow.status).toBe('canceled');
  });
});
