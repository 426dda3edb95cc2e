import { randomBytes } from 'node:crypto';
import type { TestApp } from '../../../test/app.js';
import { buildMembershipPlan, em, makeUser } from '../../../test/factories.js';
import { deliverEvent, startStripeTestApp, StripeStandin } from '../../../test/stripe-standin.js';
import { Notification } from '../notifications/notification.entity.js';
import { Membership, MembershipStatus } from './membership.entity.js';

const stripe = new StripeStandin();
let t: TestApp;
beforeAll(async () => {
  t = await startStripeTestApp(stripe);
});
afterAll(() => t.close());

const DAY = 86_400;
const now = () => Math.floor(Date.now() / 1000);
const event = (type: string, object: object, created = now()) => ({
  id: `evt_${randomBytes(10).toString('hex')}`,
  object: 'event',
  type,
  created,
  livemode: false,
  data: { object },
});
const shuffle = <T>(items: T[]) =>
  items
    .map((v) => [Math.random(), v] as const)
    .sort((a, b) => a[0] - b[0])
    .map(([, v]) => v);
const deliverAll = async (events: object[]) => {
  const answers = await Promise.all(shuffle(events).map((e) => deliverEvent(t.url, e)));
  expect(answers.map((a) => a.status)).toEqual(events.map(() => 200));
};

async function setup() {
  const plan = await buildMembershipPlan(t, { name: 'Unlimited', priceCents: 15000 });
  const member = await makeUser(t, { signed: true });
  const sub = `sub_${randomBytes(8).toString('hex')}`;
  const meta = { userId: member.user.id, planId: plan.id };
  const start = now() - DAY;
  const period = (n: number) => ({ start: start + n * 30 * DAY, end: start + (n + 1) * 30 * DAY });
  const invoice = (n: number) => ({
    id: `in_${sub}_${n}`,
    object: 'invoice',
    parent: { type: 'subscription_details', subscription_details: { subscription: sub, metadata: meta } },
    lines: { data: [{ period: period(n) }] },
  });
  const completed = event('checkout.session.completed', {
    id: `cs_${sub}`,
    object: 'checkout.session',
    mode: 'subscription',
    payment_status: 'paid',
    subscription: sub,
    metadata: meta,
  });
  const membership = async () => em(t).findOneOrFail(Membership, { providerSubscriptionId: sub });
  return { member, sub, meta, period, invoice, completed, membership };
}

it('a subscription is a membership once its checkout completes, whichever of its events comes first, however often', async () => {
  const s = await setup();
  const firstInvoice = event('invoice.paid', s.invoice(0));
  await deliverAll([s.completed, firstInvoice, s.completed, firstInvoice]);
  const m = await s.membership();
  expect(m).toMatchObject({ status: MembershipStatus.active, failedPayments: 0 });
  expect(m.currentPeriodEnd.getTime() / 1000).toBe(s.period(0).end);
  expect(await em(t).count(Membership, { holder: s.member.user.id })).toBe(1);
  const mine = await t.gql(`{ myMemberships { status plan { name } } }`, {}, { token: s.member.token });
  expect(mine.data?.myMemberships).toEqual([{ status: 'active', plan: { name: 'Unlimited' } }]);
});

it("takes the provider's period over its own reckoning when the checkout event comes before the first invoice's", async () => {
  for (const order of [
    ['completed', 'invoice'],
    ['invoice', 'completed'],
  ]) {
    const s = await setup();
    const byName = { completed: s.completed, invoice: event('invoice.paid', s.invoice(0)) } as Record<string, object>;
    for (const name of order) expect((await deliverEvent(t.url, byName[name])).status).toBe(200);
    const m = await s.membership();
    expect([order, m.currentPeriodStart.getTime() / 1000, m.currentPeriodEnd.getTime() / 1000]).toEqual([
      order,
      s.period(0).start,
      s.period(0).end,
    ]);
    expect(m).toMatchObject({ status: MembershipStatus.active, failedPayments: 0 });
  }
});

it('renewal → failed payment → grace → suspended → paid → active, events out of order and repeated', async () => {
  const s = await setup();
  await deliverAll([s.completed, event('invoice.paid', s.invoice(0))]);

  // The renewal for period 1 is paid; the one for period 2 fails (delivered in any order, each twice).
  const renewed = event('invoice.paid', s.invoice(1), now() - 10);
  const failed = event('invoice.payment_failed', s.invoice(2), now());
  await deliverAll([failed, renewed, failed, renewed]);
  let m = await s.membership();
  expect(m.status).toBe(MembershipStatus.past_due);
  expect(m.failedPayments).toBe(1);
  expect(m.currentPeriodEnd.getTime() / 1000).toBe(s.period(2).end);
  const told = await em(t).find(Notification, { user: s.member.user.id, title: 'Membership payment failed' });
  expect(told).toHaveLength(1);

  // Within the grace period (3 days) nothing changes; after it, the job suspends.
  const webhooks = t.app.services.memberships.webhooks;
  expect(await webhooks.suspendOverdue(em(t), 3, new Date(Date.now() + 2 * DAY * 1000))).toBe(0);
  expect(await webhooks.suspendOverdue(em(t), 3, new Date(Date.now() + 4 * DAY * 1000))).toBe(1);
  expect((await s.membership()).status).toBe(MembershipStatus.suspended);

  // The retry is paid: active again; the old failure and renewal arriving again (or late) change nothing.
  const recovered = event('invoice.paid', { ...s.invoice(2), id: `${s.invoice(2).id}` }, now() + 5);
  await deliverAll([recovered, failed, renewed, event('invoice.payment_failed', s.invoice(2), now() + 1)]);
  m = await s.membership();
  expect(m).toMatchObject({ status: MembershipStatus.active, failedPayments: 0, pastDueSince: null });
  expect(m.paidThrough!.getTime() / 1000).toBe(s.period(2).end);
});

it('subscription updates: cancel at period end, resume, deleted; an older state arriving late is ignored', async () => {
  const s = await setup();
  await deliverAll([s.completed]);
  const sub = (fields: object) => ({
    id: s.sub,
    object: 'subscription',
    status: 'active',
    cancel_at_period_end: false,
    metadata: s.meta,
    items: { data: [{ current_period_start: s.period(0).start, current_period_end: s.period(0).end }] },
    ...fields,
  });
  const cancelling = event('customer.subscription.updated', sub({ cancel_at_period_end: true }), now() + 10);
  const older = event('customer.subscription.updated', sub({ cancel_at_period_end: false }), now());
  await deliverAll([cancelling, older, older]);
  expect((await s.membership()).cancelAtPeriodEnd).toBe(true);

  const deleted = event('customer.subscription.deleted', sub({ status: 'canceled', canceled_at: now() + 20 }), now() + 20);
  const resumed = event('customer.subscription.updated', sub({ cancel_at_period_end: false }), now() + 15);
  await deliverAll([deleted, resumed, deleted]);
  const m = await s.membership();
  expect(m.status).toBe(MembershipStatus.canceled);
  expect(m.canceledAt).not.toBeNull();
});

it('events about subscriptions that are not memberships are recorded and change nothing', async () => {
  const before = await em(t).count(Membership, {});
  const stray = event('invoice.paid', { id: 'in_stray', object: 'invoice', parent: null, lines: { data: [] } });
  expect((await deliverEvent(t.url, stray)).status).toBe(200);
  expect(await em(t).count(Membership, {})).toBe(before);
});
