import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import Stripe from 'stripe';
import type { TestApp } from '../../../test/app.js';
import { makeClass } from '../../../test/classes.js';
import { em, makeUser, Role, type MadeUser } from '../../../test/factories.js';
import { makeProduct } from '../../../test/shop.js';
import { deliverEvent, STANDIN_WEBHOOK_SECRET, startStripeTestApp, StripeStandin } from '../../../test/stripe-standin.js';
import { collect, wsClient } from '../../../test/ws.js';
import { Booking, BookingStatus, PaymentStatus } from '../bookings/booking.entity.js';
import { OutboxEmail } from '../email/outbox-email.entity.js';
import { Notification, NotificationType } from '../notifications/notification.entity.js';
import { ProductVariant, type Product } from '../products/product.entity.js';
import { CheckoutSession, CheckoutStatus } from './checkout-session.entity.js';
import { Order } from './order.entity.js';
import { PaymentEvent } from './payment-event.entity.js';
import { EMPTY_CART_MESSAGE } from './checkout/checkout.service.js';

const stripe = new StripeStandin();
let t: TestApp;
beforeAll(async () => {
  t = await startStripeTestApp(stripe);
});
afterAll(() => t.close());

const CHECKOUT = `mutation { createCheckoutSession { url sessionId } }`;
const ADD = `mutation($productId: ID!, $quantity: Int!) { addProductToCart(productId: $productId, quantity: $quantity) { id } }`;

const variantOf = async (product: Product) => (await em(t).findOneOrFail(ProductVariant, { product: product.id })).id;
const stockOf = async (product: Product) => t.app.services.products.stockOf(em(t), await variantOf(product));
const checkoutRest = (token: string | null) =>
  fetch(`${t.url}/api/stripe/create-checkout-session`, { method: 'POST', headers: token ? { authorization: `Bearer ${token}` } : {} });

/** A member with a paid class held in the cart and `quantity` of a product (stock `stock`). */
async function memberWithCart(opts: { stock?: number; quantity?: number; classPriceCents?: number } = {}) {
  const member = await makeUser(t, { signed: true });
  const instance = await makeClass(t, { priceCents: opts.classPriceCents ?? 2800 });
  const booked = await t.gql(
    `mutation($c: ID!, $a: ID!) { bookClass(classInstanceId: $c, attendeeId: $a) { booking { id status } } }`,
    { c: instance.id, a: member.user.id },
    { token: member.token },
  );
  const product = await makeProduct(t, { stock: opts.stock ?? 5, priceCents: 2500 });
  await t.gql(ADD, { productId: product.id, quantity: opts.quantity ?? 2 }, { token: member.token });
  return { member, bookingId: booked.data?.bookClass.booking.id as string, product, instance };
}

async function checkout(member: MadeUser): Promise<{ url: string; sessionId: string }> {
  const res = await t.gql(CHECKOUT, {}, { token: member.token });
  expect(res.errors).toBeUndefined();
  return res.data?.createCheckoutSession;
}

const shuffle = <T>(items: T[]) =>
  items
    .map((v) => [Math.random(), v] as const)
    .sort((a, b) => a[0] - b[0])
    .map(([, v]) => v);

describe('checkout', () => {
  it('is refused when signed out', async () => {
    expect((await t.gql(CHECKOUT)).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    expect((await checkoutRest(null)).status).toBe(401);
  });

  it(`answers '${EMPTY_CART_MESSAGE}' for an empty cart (GraphQL and REST)`, async () => {
    const member = await makeUser(t);
    const res = await t.gql(CHECKOUT, {}, { token: member.token });
    expect(res.errors?.[0]).toMatchObject({ message: EMPTY_CART_MESSAGE, extensions: { code: 'BAD_USER_INPUT' } });
    const rest = await checkoutRest(member.token);
    expect(rest.status).toBe(400);
    expect(await rest.text()).toBe(EMPTY_CART_MESSAGE);
  });

  it('makes a Stripe Checkout session for held spots and products, reserves the stock and holds the spots while it is open', async () => {
    const { member, bookingId, product } = await memberWithCart({ stock: 5, quantity: 2 });
    const rest = await checkoutRest(member.token);
    expect(rest.status).toBe(200);
    const { url } = (await rest.json()) as { url: string };
    const session = [...stripe.sessions.values()].find((s) => s.url === url)!;
    expect(session).toMatchObject({
      amount_total: 2800 + 2 * 2500,
      status: 'open',
      success_url: 'http://studio.test/payment-success?session_id={CHECKOUT_SESSION_ID}',
    });
    expect(await stockOf(product)).toBe(3);
    const booking = await em(t).findOneOrFail(Booking, { id: bookingId });
    expect(booking.holdExpiresAt!.getTime()).toBeGreaterThanOrEqual(session.expires_at * 1000);
  });

  it('double-submitted checkout makes one session (same cart, same session)', async () => {
    const { member, product } = await memberWithCart();
    const before = stripe.sessions.size;
    const answers = await Promise.all(Array.from({ length: 4 }, () => t.gql(CHECKOUT, {}, { token: member.token })));
    const urls = new Set(answers.map((a) => a.data?.createCheckoutSession.url));
    expect(urls.size).toBe(1);
    expect(stripe.sessions.size).toBe(before + 1);
    expect(await stockOf(product)).toBe(3); // reserved once
  });

  it('a changed cart gets a new session; the old one is expired at Stripe and its stock returned', async () => {
    const { member, product } = await memberWithCart({ stock: 5, quantity: 2 });
    const first = await checkout(member);
    await t.gql(ADD, { productId: product.id, quantity: 1 }, { token: member.token });
    const second = await checkout(member);
    expect(second.sessionId).not.toBe(first.sessionId);
    expect(stripe.sessions.get(first.sessionId)?.status).toBe('expired');
    expect(await stockOf(product)).toBe(2); // 5 - 3, the first reservation of 2 returned
  });

  it('checks stock again at checkout: the last item goes to whoever checks out first', async () => {
    const product = await makeProduct(t, { stock: 1 });
    const buyers = await Promise.all(Array.from({ length: 5 }, () => makeUser(t)));
    for (const b of buyers) await t.gql(ADD, { productId: product.id, quantity: 1 }, { token: b.token });
    const answers = await Promise.all(buyers.map((b) => t.gql(CHECKOUT, {}, { token: b.token })));
    expect(answers.filter((a) => a.data?.createCheckoutSession)).toHaveLength(1);
    for (const refused of answers.filter((a) => a.errors))
      expect(refused.errors?.[0]).toMatchObject({ message: `${product.name} is sold out.`, extensions: { code: 'CONFLICT' } });
    expect(await stockOf(product)).toBe(0);
  });

  it('refuses a product archived while it sat in the cart, naming it; nothing is reserved', async () => {
    const { member, product } = await memberWithCart({ stock: 5, quantity: 1 });
    const admin = await makeUser(t, { role: Role.admin });
    await t.gql(`mutation($id: ID!) { archiveProduct(id: $id) { id } }`, { id: product.id }, { token: admin.token });
    const res = await t.gql(CHECKOUT, {}, { token: member.token });
    expect(res.errors?.[0]).toMatchObject({
      message: `${product.name} is no longer sold: remove it from your cart.`,
      extensions: { code: 'CONFLICT', reason: 'NO_LONGER_SOLD' },
    });
    expect(await stockOf(product)).toBe(5);
  });

  it('hold expiry during an open session: the spot stays held until the session expires', async () => {
    const { member, bookingId } = await memberWithCart();
    await checkout(member);
    const bookings = t.app.services.bookings;
    await bookings.expireHolds(em(t), new Date(Date.now() + 20 * 60_000)); // the 15-minute hold alone would be over
    expect((await em(t).findOneOrFail(Booking, { id: bookingId })).status).toBe(BookingStatus.held);
    await bookings.expireHolds(em(t), new Date(Date.now() + 45 * 60_000)); // past the session (30 min) and its grace
    expect((await em(t).findOneOrFail(Booking, { id: bookingId })).status).toBe(BookingStatus.cancelled);
  });

  it('returns the stock of sessions past their expiry whose ending never arrived', async () => {
    const { member, product } = await memberWithCart({ stock: 5, quantity: 2 });
    const { sessionId } = await checkout(member);
    stripe.sessions.get(sessionId)!.status = 'expired';
    await t.app.services.payments.settleOverdue(new Date(Date.now() + 31 * 60_000));
    expect(await stockOf(product)).toBe(5);
    expect((await em(t).findOneOrFail(CheckoutSession, { providerSessionId: sessionId })).status).toBe(CheckoutStatus.expired);
  });
});

describe('webhook', () => {
  it('every event delivered 3 times in shuffled order: one order, one stock decrement, one email, one notification', async () => {
    const admin = await makeUser(t, { role: Role.admin });
    const { member, bookingId, product, instance } = await memberWithCart({ stock: 5, quantity: 2 });
    const { sessionId } = await checkout(member);
    const completed = stripe.pay(sessionId);
    const expired = stripe.event('checkout.session.expired', { ...stripe.sessions.get(sessionId)!, status: 'expired' });
    const other = stripe.event('payment_intent.succeeded', { id: 'pi_other', object: 'payment_intent' });
    const deliveries = shuffle([completed, expired, other, completed, expired, other, completed, expired, other]);
    const answers = await Promise.all(deliveries.map((e) => deliverEvent(t.url, e)));
    expect(answers.map((a) => a.status)).toEqual(Array(9).fill(200));

    const orders = await em(t).find(Order, { owner: member.user.id }, { populate: ['lines'] });
    expect(orders).toHaveLength(1);
    expect(orders[0].totalCents).toBe(2800 + 5000);
    expect(orders[0].lines.getItems().map((l) => [l.kind, l.quantity, l.unitCents])).toEqual([
      ['class', 1, 2800],
      ['product', 2, 2500],
    ]);
    expect(await stockOf(product)).toBe(3);
    expect(await em(t).count(OutboxEmail, { to: member.user.email!, kind: 'receipt' })).toBe(1);
    expect(await em(t).count(Notification, { user: member.user.id, type: NotificationType.payment_success })).toBe(1);
    expect(await em(t).count(Notification, { user: admin.user.id, type: NotificationType.checkout, title: 'New order paid' })).toBe(1);
    const booking = await em(t).findOneOrFail(Booking, { id: bookingId });
    expect([booking.status, booking.paymentStatus, booking.holdExpiresAt]).toEqual([BookingStatus.confirmed, PaymentStatus.paid, null]);
    expect((await t.gql(`{ productCart { id } }`, {}, { token: member.token })).data?.productCart).toEqual([]);
    const events = await em(t).find(PaymentEvent, { id: { $in: [completed.id, expired.id, other.id] } });
    expect(events.map((e) => [e.status, e.duplicates]).sort()).toEqual([
      ['processed', 2],
      ['processed', 2],
      ['processed', 2],
    ]);
    expect(instance.id).toBeTruthy();
  });

  it('refuses forged, stale and unsigned events with 400 and no effect', async () => {
    const { member } = await memberWithCart();
    const { sessionId } = await checkout(member);
    const completed = stripe.pay(sessionId);
    const forged = await deliverEvent(t.url, completed, { secret: 'whsec_someone_else' });
    const stale = await deliverEvent(t.url, completed, { timestamp: Math.floor(Date.now() / 1000) - 301 });
    const unsigned = await deliverEvent(t.url, completed, { signature: null });
    const garbage = await deliverEvent(t.url, completed, { signature: 't=1,v1=abc' });
    expect([forged.status, stale.status, unsigned.status, garbage.status]).toEqual([400, 400, 400, 400]);
    expect(forged.body).toBe('Webhook signature verification failed.');
    expect(await em(t).count(PaymentEvent, { id: completed.id })).toBe(0);
    expect(await em(t).count(Order, { owner: member.user.id })).toBe(0);
    // Within the tolerance, the same event is taken.
    expect((await deliverEvent(t.url, completed, { timestamp: Math.floor(Date.now() / 1000) - 200 })).status).toBe(200);
    expect(await em(t).count(Order, { owner: member.user.id })).toBe(1);
  });

  it('the webhook (served ahead of Express) answers with the API headers, its body limit, and takes compressed bodies too', async () => {
    const event = stripe.event('checkout.session.expired', {
      id: 'cs_unknown_to_the_studio',
      object: 'checkout.session',
      status: 'expired',
    });
    const payload = JSON.stringify(event);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: STANDIN_WEBHOOK_SECRET });
    const post = (body: Blob | string, headers: Record<string, string> = {}, path = '/api/stripe/webhook') =>
      fetch(`${t.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature, ...headers },
        body,
      });

    const first = await post(payload, { 'x-request-id': 'stripe-delivery-0001' });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: true, outcome: 'processed' });
    expect(first.headers.get('x-request-id')).toBe('stripe-delivery-0001');
    expect(first.headers.get('cache-control')).toBe('no-store');
    expect(first.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(first.headers.get('x-content-type-options')).toBe('nosniff');
    expect(first.headers.get('permissions-policy')).toContain('camera=(self)');
    expect(first.headers.get('content-type')).toMatch(/^application\/json/);
    // A query string, and a gzipped body (left to Express, which inflates it), reach the same handler: duplicates now.
    expect(await (await post(payload, {}, '/api/stripe/webhook?from=stripe')).json()).toEqual({ received: true, outcome: 'duplicate' });
    const zipped = await post(new Blob([new Uint8Array(gzipSync(payload))]), { 'content-encoding': 'gzip' });
    expect([zipped.status, await zipped.json()]).toEqual([200, { received: true, outcome: 'duplicate' }]);
    expect((await em(t).findOneOrFail(PaymentEvent, { id: event.id })).duplicates).toBe(2);

    // Over 1 MB: 413 with the API's message, whether the length is announced or not; nothing recorded.
    const big = JSON.stringify({ ...event, id: 'evt_too_big', padding: 'x'.repeat(1024 * 1024) });
    const tooLarge = await post(big);
    expect([tooLarge.status, await tooLarge.text()]).toEqual([413, 'The request is too large (limit 1 MB).']);
    const streamed = await fetch(`${t.url}/api/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: new Blob([big]).stream(),
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
    expect(await em(t).count(PaymentEvent, { id: 'evt_too_big' })).toBe(0);
  });

  it('the one webhook entry point inflates deflate and br bodies too, and refuses what it cannot read', async () => {
    const event = stripe.event('checkout.session.expired', { id: 'cs_also_unknown', object: 'checkout.session', status: 'expired' });
    const payload = JSON.stringify(event);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: STANDIN_WEBHOOK_SECRET });
    const post = (body: Buffer | string, encoding: string) =>
      fetch(`${t.url}/api/stripe/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature, 'content-encoding': encoding },
        body: typeof body === 'string' ? body : new Blob([new Uint8Array(body)]),
      });
    const deflated = await post(deflateSync(payload), 'deflate');
    expect([deflated.status, await deflated.json()]).toEqual([200, { received: true, outcome: 'processed' }]);
    const brotli = await post(brotliCompressSync(payload), 'br');
    expect([brotli.status, await brotli.json()]).toEqual([200, { received: true, outcome: 'duplicate' }]);
    expect(deflated.headers.get('x-content-type-options')).toBe('nosniff');
    const unknown = await post(payload, 'compress');
    expect(unknown.status).toBe(415);
    const broken = await post('not gzip at all', 'gzip');
    expect([broken.status, await broken.text()]).toEqual([400, 'The request body could not be decompressed.']);
    // Over 1 MB once inflated, however small it came: 413.
    const bomb = gzipSync(JSON.stringify({ ...event, id: 'evt_bomb', padding: 'x'.repeat(2 * 1024 * 1024) }));
    expect((await post(bomb, 'gzip')).status).toBe(413);
    expect(await em(t).count(PaymentEvent, { id: 'evt_bomb' })).toBe(0);
    expect((await em(t).findOneOrFail(PaymentEvent, { id: event.id })).duplicates).toBe(1);
  });

  it('a handler failure answers 5xx with nothing kept (the admins are told once); the redelivery succeeds once', async () => {
    const admin = await makeUser(t, { role: Role.admin });
    const { member, product } = await memberWithCart({ stock: 5, quantity: 2 });
    const { sessionId } = await checkout(member);
    const completed = stripe.pay(sessionId);
    const connection = em(t).getConnection();
    await connection.execute(
      `create function fail_orders() returns trigger language plpgsql as $$ begin raise exception 'orders are down'; end $$`,
    );
    await connection.execute(`create trigger fail_orders before insert on shop_order for each row execute function fail_orders()`);
    try {
      const failed = await deliverEvent(t.url, completed);
      expect(failed.status).toBe(500);
      expect(failed.body).not.toMatch(/orders are down/);
      expect((await deliverEvent(t.url, completed)).status).toBe(500); // failing again: the admins are told once
    } finally {
      await connection.execute(`drop trigger fail_orders on shop_order`);
      await connection.execute(`drop function fail_orders()`);
    }
    const recorded = await em(t).findOneOrFail(PaymentEvent, { id: completed.id });
    expect([recorded.status, recorded.lastError]).toEqual(['failed', expect.stringMatching(/orders are down/)]);
    expect(await em(t).count(Order, { owner: member.user.id })).toBe(0);
    expect(await em(t).count(Notification, { user: member.user.id, type: NotificationType.payment_success })).toBe(0);
    const told = await em(t).find(Notification, { user: admin.user.id, title: 'A payment webhook failed' });
    expect(told.map((n) => [n.type, n.link, n.message.startsWith(`checkout.session.completed (${completed.id})`)])).toEqual([
      [NotificationType.other, '/admin/stripe', true],
    ]);

    expect((await deliverEvent(t.url, completed)).status).toBe(200);
    expect((await deliverEvent(t.url, completed)).status).toBe(200);
    expect(await em(t).count(Order, { owner: member.user.id })).toBe(1);
    expect(await stockOf(product)).toBe(3);
    const processed = await em(t).findOneOrFail(PaymentEvent, { id: completed.id });
    expect([processed.status, processed.attempts, processed.duplicates, processed.lastError]).toEqual(['processed', 2, 1, null]);
  });

  it('an expired session returns its stock; the spot stays until its hold runs out', async () => {
    const { member, product } = await memberWithCart({ stock: 5, quantity: 2 });
    const { sessionId } = await checkout(member);
    expect(await stockOf(product)).toBe(3);
    const expired = stripe.event('checkout.session.expired', { ...stripe.sessions.get(sessionId)!, status: 'expired' });
    // Delivered six times at once (recorded and handled in one statement each): the stock comes back once.
    const answers = await Promise.all(Array.from({ length: 6 }, () => deliverEvent(t.url, expired)));
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(200));
    expect(await stockOf(product)).toBe(5);
    expect(await em(t).findOneOrFail(PaymentEvent, { id: expired.id })).toMatchObject({ status: 'processed', duplicates: 5 });
    // A late completed event for the same session still makes the order (stock is taken again).
    expect((await deliverEvent(t.url, stripe.pay(sessionId))).status).toBe(200);
    expect(await em(t).count(Order, { owner: member.user.id })).toBe(1);
    expect(await stockOf(product)).toBe(3);
  });

  it('a burst of endings for several sessions, each delivered twice: each session closes and returns its stock once', async () => {
    const carts = await Promise.all([1, 2, 3].map((quantity) => memberWithCart({ stock: 5, quantity })));
    const sessions = await Promise.all(carts.map((c) => checkout(c.member)));
    expect(await Promise.all(carts.map((c) => stockOf(c.product)))).toEqual([4, 3, 2]);
    const endings = sessions.map(({ sessionId }, i) =>
      stripe.event(i === 2 ? 'checkout.session.async_payment_failed' : 'checkout.session.expired', {
        ...stripe.sessions.get(sessionId)!,
        status: i === 2 ? 'complete' : 'expired',
      }),
    );
    const recordedOnly = stripe.event('customer.created', { id: 'cus_burst', object: 'customer' });
    // Each ending twice and an event we only record, all at once.
    const burst = shuffle([...endings, ...endings, recordedOnly]);
    const answers = await Promise.all(burst.map((event) => deliverEvent(t.url, event)));
    expect(answers.map((a) => a.status)).toEqual(Array(burst.length).fill(200));
    expect(await Promise.all(carts.map((c) => stockOf(c.product)))).toEqual([5, 5, 5]);
    const statuses = await Promise.all(
      sessions.map(({ sessionId }) => em(t).findOneOrFail(CheckoutSession, { providerSessionId: sessionId })),
    );
    expect(statuses.map((s) => s.status)).toEqual([CheckoutStatus.expired, CheckoutStatus.expired, CheckoutStatus.failed]);
    const rows = await em(t).find(PaymentEvent, { id: [...endings, recordedOnly].map((e) => e.id) }, { orderBy: { id: 'asc' } });
    expect(rows).toHaveLength(4);
    expect(rows.every((r) => r.status === 'processed')).toBe(true);
    expect(rows.map((r) => r.duplicates).sort()).toEqual([0, 1, 1, 1]);
  });

  it('an asynchronous payment: completed unpaid does nothing, async_payment_succeeded fulfils, failed returns the stock', async () => {
    const paid = await memberWithCart();
    const { sessionId } = await checkout(paid.member);
    const session = stripe.sessions.get(sessionId)!;
    await deliverEvent(t.url, stripe.event('checkout.session.completed', { ...session, status: 'complete', payment_status: 'unpaid' }));
    expect(await em(t).count(Order, { owner: paid.member.user.id })).toBe(0);
    await deliverEvent(
      t.url,
      stripe.event('checkout.session.async_payment_succeeded', {
        ...session,
        status: 'complete',
        payment_status: 'paid',
        payment_intent: 'pi_async',
      }),
    );
    expect(await em(t).count(Order, { owner: paid.member.user.id, paymentIntentId: 'pi_async' })).toBe(1);

    const failed = await memberWithCart({ stock: 4, quantity: 1 });
    const other = await checkout(failed.member);
    expect(await stockOf(failed.product)).toBe(3);
    await deliverEvent(
      t.url,
      stripe.event('checkout.session.async_payment_failed', { ...stripe.sessions.get(other.sessionId)!, status: 'complete' }),
    );
    expect(await stockOf(failed.product)).toBe(4);
    expect((await em(t).findOneOrFail(CheckoutSession, { providerSessionId: other.sessionId })).status).toBe(CheckoutStatus.failed);
  });

  it('charge.refunded keeps the order in step with refunds made in Stripe', async () => {
    const { member } = await memberWithCart();
    const { sessionId } = await checkout(member);
    const completed = stripe.pay(sessionId);
    await deliverEvent(t.url, completed);
    const pi = stripe.sessions.get(sessionId)!.payment_intent!;
    await deliverEvent(t.url, stripe.event('charge.refunded', { id: 'ch_1', object: 'charge', payment_intent: pi, amount_refunded: 2500 }));
    const order = await em(t).findOneOrFail(Order, { paymentIntentId: pi });
    expect([order.status, order.refundedCents]).toEqual(['partially_refunded', 2500]);
  });
});

describe('/payment-success', () => {
  const RESULT = `query($s: String!) { checkoutResult(sessionId: $s) { status order { id totalCents checkoutSessionId lines { description quantity totalCents } } } }`;

  it("answers the session's order once paid; someone else's session is not found", async () => {
    const { member } = await memberWithCart({ quantity: 1 });
    const { sessionId } = await checkout(member);
    const before = await t.gql(RESULT, { s: sessionId }, { token: member.token });
    expect(before.data?.checkoutResult).toEqual({ status: 'open', order: null });
    await deliverEvent(t.url, stripe.pay(sessionId));
    const after = (await t.gql(RESULT, { s: sessionId }, { token: member.token })).data?.checkoutResult;
    expect(after).toMatchObject({ status: 'completed', order: { totalCents: 5300, checkoutSessionId: sessionId } });
    expect(after.order.lines).toHaveLength(2);
    const stranger = await makeUser(t);
    expect((await t.gql(RESULT, { s: sessionId }, { token: stranger.token })).errors?.[0].extensions?.code).toBe('NOT_FOUND');
    const mine = await t.gql(`{ myOrders { id totalCents } }`, {}, { token: member.token });
    expect(mine.data?.myOrders).toEqual([{ id: after.order.id, totalCents: 5300 }]);
  });

  it('a browser that arrives before the webhook gets the order live, once it is paid', async () => {
    const { member } = await memberWithCart({ quantity: 1 });
    const { sessionId } = await checkout(member);
    const client = wsClient(t.url, member.token);
    const sub = collect(client, `subscription { orderPaid(sessionId: "${sessionId}") { id totalCents checkoutSessionId } }`);
    try {
      await new Promise((r) => setTimeout(r, 300));
      expect(sub.results).toEqual([]);
      await deliverEvent(t.url, stripe.pay(sessionId));
      const result = await sub.next();
      expect(result.data.orderPaid).toMatchObject({ totalCents: 5300, checkoutSessionId: sessionId });
      // Subscribing after the payment answers at once.
      const late = collect(client, `subscription { orderPaid(sessionId: "${sessionId}") { id } }`);
      expect((await late.next()).data.orderPaid.id).toBe(result.data.orderPaid.id);
      late.stop();
    } finally {
      sub.stop();
      await client.dispose();
    }
  });
});

describe('notifications of a paid spot', () => {
  it('paying marks "Spot held in your cart" read and tells the attendee the booking is confirmed', async () => {
    const { member, instance } = await memberWithCart({ quantity: 1 });
    const mine = () => em(t).find(Notification, { user: member.user.id }, { orderBy: { createdAt: 'asc' } });
    expect((await mine()).map((n) => [n.title, n.isRead])).toEqual([['Spot held in your cart', false]]);

    const { sessionId } = await checkout(member);
    await deliverEvent(t.url, stripe.pay(sessionId));
    const after = await mine();
    expect(after.find((n) => n.title === 'Spot held in your cart')?.isRead).toBe(true);
    const confirmed = after.filter((n) => n.title === 'Booking confirmed');
    expect(confirmed).toHaveLength(1);
    expect(confirmed[0]).toMatchObject({ isRead: false, message: expect.stringContaining(`is booked into ${instance.blueprint.name}`) });
    expect(
      after
        .filter((n) => !n.isRead)
        .map((n) => n.title)
        .sort(),
    ).toEqual(['Booking confirmed', 'Payment received']);

    // A repeated webhook changes nothing.
    await deliverEvent(t.url, stripe.pay(sessionId));
    expect((await mine()).filter((n) => n.title === 'Booking confirmed')).toHaveLength(1);
  });
});

describe('refunds and Admin → Stripe', () => {
  const REFUND = `mutation($o: ID!, $l: [ID!]) { refundOrder(orderId: $o, lineIds: $l) { status refundedCents refunds { amountCents reason } lines { id refundedCents } } }`;

  async function paidOrder(opts: { quantity?: number; classPriceCents?: number } = {}) {
    const cart = await memberWithCart({ stock: 5, quantity: opts.quantity ?? 2, classPriceCents: opts.classPriceCents });
    const { sessionId } = await checkout(cart.member);
    await deliverEvent(t.url, stripe.pay(sessionId));
    const order = await em(t).findOneOrFail(Order, { owner: cart.member.user.id }, { populate: ['lines'] });
    return { ...cart, order, sessionId };
  }

  it('only admins refund; a line refund frees the spot, a whole-order refund the rest; stock goes back; twice is refused', async () => {
    const { member, order, bookingId, product, instance } = await paidOrder();
    const admin = await makeUser(t, { role: Role.admin, firstName: 'Avery', lastName: 'Stone' });
    expect((await t.gql(REFUND, { o: order.id }, { token: member.token })).errors?.[0].extensions?.code).toBe('FORBIDDEN');

    const [classLine, productLine] = order.lines.getItems();
    const partial = await t.gql(REFUND, { o: order.id, l: [classLine.id] }, { token: admin.token });
    expect(partial.data?.refundOrder).toMatchObject({
      status: 'partially_refunded',
      refundedCents: 2800,
      refunds: [{ amountCents: 2800, reason: 'Refunded by Avery Stone' }],
    });
    expect(stripe.refunds.at(-1)).toMatchObject({ amount: 2800, payment_intent: order.paymentIntentId });
    expect((await em(t).findOneOrFail(Booking, { id: bookingId })).status).toBe(BookingStatus.cancelled);
    const spots = await t.gql(`query($d: String!) { classSchedule(from: $d, to: $d) { id spotsLeft } }`, { d: instance.date });
    expect(spots.data?.classSchedule.find((c: { id: string }) => c.id === instance.id).spotsLeft).toBe(10);

    const rest = await t.gql(
      `mutation($o: ID!, $r: String) { refundOrder(orderId: $o, reason: $r) { status refundedCents refunds { amountCents reason } lines { id refundedCents } } }`,
      { o: order.id, r: '  Tee arrived torn ' },
      { token: admin.token },
    );
    expect(rest.data?.refundOrder).toMatchObject({ status: 'refunded', refundedCents: 7800 });
    expect(rest.data?.refundOrder.refunds.map((r: { reason: string }) => r.reason)).toContain('Tee arrived torn (refunded by Avery Stone)');
    expect(rest.data?.refundOrder.lines.find((l: { id: string }) => l.id === productLine.id).refundedCents).toBe(5000);
    expect(await stockOf(product)).toBe(5);
    const again = await t.gql(REFUND, { o: order.id }, { token: admin.token });
    expect(again.errors?.[0]).toMatchObject({ message: 'Everything chosen has already been refunded.', extensions: { code: 'CONFLICT' } });
    // charge.refunded from Stripe afterwards keeps the same figures.
    await deliverEvent(
      t.url,
      stripe.event('charge.refunded', { id: 'ch_2', object: 'charge', payment_intent: order.paymentIntentId, amount_refunded: 7800 }),
    );
    expect((await em(t).findOneOrFail(Order, { id: order.id })).refundedCents).toBe(7800);
  });

  it('cancelling a paid class before the cutoff refunds it; a late cancellation does not', async () => {
    const { member, order, bookingId } = await paidOrder({ quantity: 1 });
    const cancelled = await t.gql(
      `mutation($b: ID!) { cancelBooking(bookingId: $b) { status lateCancel } }`,
      { b: bookingId },
      { token: member.token },
    );
    expect(cancelled.data?.cancelBooking).toEqual({ status: 'cancelled', lateCancel: false });
    const refunded = await em(t).findOneOrFail(Order, { id: order.id }, { populate: ['refunds'] });
    expect([refunded.status, refunded.refundedCents, refunded.refunds.getItems().map((r) => r.reason)]).toEqual([
      'partially_refunded',
      2800,
      ['Class cancelled before the cutoff'],
    ]);

    const late = await makeUser(t, { signed: true });
    const soon = await makeClass(t, { priceCents: 2800, startsInMinutes: 120 });
    const booked = await t.gql(
      `mutation($c: ID!, $a: ID!) { bookClass(classInstanceId: $c, attendeeId: $a) { booking { id } } }`,
      { c: soon.id, a: late.user.id },
      { token: late.token },
    );
    const lateSession = await checkout(late);
    await deliverEvent(t.url, stripe.pay(lateSession.sessionId));
    const lateCancel = await t.gql(
      `mutation($b: ID!) { cancelBooking(bookingId: $b) { lateCancel } }`,
      { b: booked.data?.bookClass.booking.id },
      { token: late.token },
    );
    expect(lateCancel.data?.cancelBooking.lateCancel).toBe(true);
    expect((await em(t).findOneOrFail(Order, { owner: late.user.id })).refundedCents).toBe(0);
  });

  it('Admin → Stripe shows the mode, which keys are set (never the keys), events with their state, orders; a failed event can be replayed', async () => {
    const admin = await makeUser(t, { role: Role.admin });
    const member = await makeUser(t);
    const OVERVIEW = `{ paymentsOverview { mode secretKeySet webhookSecretSet webhookUrl events { id type status attempts duplicates lastError } orders { id totalCents owner { name } } } }`;
    expect((await t.gql(OVERVIEW, {}, { token: member.token })).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    const { sessionId, order } = await paidOrder({ quantity: 1 });
    const overview = (await t.gql(OVERVIEW, {}, { token: admin.token })).data?.paymentsOverview;
    expect(overview).toMatchObject({
      mode: 'stripe_test',
      secretKeySet: true,
      webhookSecretSet: true,
      webhookUrl: 'http://studio.test/api/stripe/webhook',
    });
    expect(JSON.stringify(overview)).not.toContain('sk_test_standin');
    expect(overview.orders.map((o: { id: string }) => o.id)).toContain(order.id);
    expect(overview.events.find((e: { type: string }) => e.type === 'checkout.session.completed')).toMatchObject({ status: 'processed' });

    // An event that failed (its order table refused it) is replayed by the admin once the cause is gone.
    const other = await memberWithCart({ quantity: 1 });
    const session = await checkout(other.member);
    const completed = stripe.pay(session.sessionId);
    const connection = em(t).getConnection();
    await connection.execute(
      `create function fail_orders2() returns trigger language plpgsql as $$ begin raise exception 'disk full'; end $$`,
    );
    await connection.execute(`create trigger fail_orders2 before insert on shop_order for each row execute function fail_orders2()`);
    try {
      expect((await deliverEvent(t.url, completed)).status).toBe(500);
      const REPLAY = `mutation($id: String!) { replayPaymentEvent(eventId: $id) { status lastError } }`;
      const stillFailing = await t.gql(REPLAY, { id: completed.id }, { token: admin.token });
      expect(stillFailing.errors?.[0].extensions?.code).toBe('CONFLICT');
    } finally {
      await connection.execute(`drop trigger fail_orders2 on shop_order`);
      await connection.execute(`drop function fail_orders2()`);
    }
    const failed = (await t.gql(OVERVIEW, {}, { token: admin.token })).data?.paymentsOverview.events.find(
      (e: { id: string }) => e.id === completed.id,
    );
    expect(failed).toMatchObject({ status: 'failed', lastError: expect.stringMatching(/disk full/) });
    const replayed = await t.gql(
      `mutation($id: String!) { replayPaymentEvent(eventId: $id) { status lastError } }`,
      { id: completed.id },
      { token: admin.token },
    );
    expect(replayed.data?.replayPaymentEvent).toEqual({ status: 'processed', lastError: null });
    expect(await em(t).count(Order, { owner: other.member.user.id })).toBe(1);
    expect(sessionId).toBeTruthy();
  });
});
