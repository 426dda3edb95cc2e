import type { TestApp } from '../../../test/app.js';
import { em, makeUser, Role, type MadeUser } from '../../../test/factories.js';
import { makeProduct } from '../../../test/shop.js';
import { deliverEvent, startStripeTestApp, StripeStandin } from '../../../test/stripe-standin.js';
import { Notification } from '../notifications/notification.entity.js';
import { CheckoutSession, CheckoutStatus } from './checkout-session.entity.js';
import { Order } from './order.entity.js';

const stripe = new StripeStandin();
let t: TestApp;
let admin: MadeUser;
beforeAll(async () => {
  t = await startStripeTestApp(stripe);
  admin = await makeUser(t, { role: Role.admin });
});
afterAll(() => t.close());

/** A member with a product in the cart and its checkout session open at Stripe. */
async function openCheckout() {
  const member = await makeUser(t, { signed: true });
  const product = await makeProduct(t, { priceCents: 3200, stock: 5 });
  await t.gql(`mutation($p: ID!) { addProductToCart(productId: $p, quantity: 1) { id } }`, { p: product.id }, { token: member.token });
  const { sessionId } = (await t.gql(`mutation { createCheckoutSession { sessionId } }`, {}, { token: member.token })).data!
    .createCheckoutSession;
  return { member, sessionId: sessionId as string };
}

it('refuses a signature dated more than 5 minutes in the future (400, no effect); a few seconds ahead is fine', async () => {
  const { member, sessionId } = await openCheckout();
  const completed = stripe.pay(sessionId);
  // 320 s, not 301: the request's own latency must not carry the server's clock past the tolerance line.
  const ahead = await deliverEvent(t.url, completed, { timestamp: Math.floor(Date.now() / 1000) + 320 });
  expect([ahead.status, ahead.body]).toEqual([400, 'Webhook signature verification failed.']);
  expect(await em(t).count(Order, { owner: member.user.id })).toBe(0);
  expect((await deliverEvent(t.url, completed, { timestamp: Math.floor(Date.now() / 1000) + 30 })).status).toBe(200);
  expect(await em(t).count(Order, { owner: member.user.id })).toBe(1);
});

describe.each([
  ['a payment status other than "paid"', { payment_status: 'no_payment_required' }, 'its payment status is "no_payment_required"'],
  ['another amount than the session', { amount_total: 100 }, 'it paid $1.00 for a session of $32.00'],
  ['another currency', { currency: 'eur' }, 'it was paid in EUR, not USD'],
])('a completed checkout with %s', (_what, change, reason) => {
  it('is not fulfilled: the event is recorded and the admins are told what does not match', async () => {
    const { member, sessionId } = await openCheckout();
    const completed = stripe.pay(sessionId);
    Object.assign(completed.data.object, change);
    expect((await deliverEvent(t.url, completed)).status).toBe(200);
    expect(await em(t).count(Order, { owner: member.user.id })).toBe(0);
    expect((await em(t).findOneOrFail(CheckoutSession, { providerSessionId: sessionId })).status).toBe(CheckoutStatus.open);
    const told = await em(t).find(Notification, {
      user: admin.user.id,
      title: 'A payment did not match its checkout',
      message: { $like: `%${sessionId}%` },
    });
    expect(told).toHaveLength(1);
    expect(told[0].message).toContain(reason);
  });
});
