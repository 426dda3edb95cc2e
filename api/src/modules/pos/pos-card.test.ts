import { startTestApp, type TestApp } from '../../../test/app.js';
import { makeClass, middayZone } from '../../../test/classes.js';
import { em, makeUser, Role, type MadeUser } from '../../../test/factories.js';
import { makeProduct, payTestLink } from '../../../test/shop.js';
import { collect, wsClient } from '../../../test/ws.js';
import { Booking, BookingStatus, PaymentStatus } from '../bookings/booking.entity.js';
import { Invoice, InvoiceStatus } from '../invoices/invoice.entity.js';
import { CheckoutSession, CheckoutStatus } from '../payments/checkout-session.entity.js';
import { Order, OrderStatus } from '../payments/order.entity.js';
import { PaymentEvent } from '../payments/payment-event.entity.js';
import { checkoutSessionObject, stripeEvent } from '../payments/test-provider.js';
import { ProductVariant } from '../products/product.entity.js';

// Card payments at the register through a checkout link shown as a QR code, with the built-in test provider (its
// hosted page is what the customer's phone opens; its Pay sends the signed webhook event the same handler takes).
let t: TestApp;
let admin: MadeUser;
beforeAll(async () => {
  // Today's drop-in classes are made minutes from now: midday in the studio's zone, whatever the hour of the run.
  t = await startTestApp({ PAYMENTS_TEST_PROVIDER: '1', PUBLIC_URL: 'http://studio.test', STUDIO_TIME_ZONE: middayZone() });
  admin = await makeUser(t, { role: Role.admin, firstName: 'Ada' });
});
afterAll(() => t.close());

const SALE = `id status paymentMethod totalCents cardPaymentUrl cardPaymentExpiresAt invoiceId member { id } lines { id description }`;
const OPEN = `mutation($m: ID) { openPosSale(memberId: $m) { ${SALE} } }`;
const ADD = `mutation($s: ID!, $v: ID, $c: ID, $q: Int) { addPosItem(saleId: $s, variantId: $v, classInstanceId: $c, quantity: $q) { ${SALE} } }`;
const DISCOUNT = `mutation($s: ID!, $l: ID, $a: Int!, $r: String) { setPosDiscount(saleId: $s, lineId: $l, amountCents: $a, reason: $r) { ${SALE} } }`;
const CARD = `mutation($s: ID!) { startPosCardPayment(saleId: $s) { ${SALE} } }`;
const CANCEL = `mutation($s: ID!) { cancelPosCardPayment(saleId: $s) { ${SALE} } }`;
const SALE_Q = `query($s: ID!) { posSale(saleId: $s) { ${SALE} } }`;
const CHARGE = `mutation($s: ID!) { chargePosSaleToAccount(saleId: $s) { ${SALE} } }`;
const REFUND = `mutation($s: ID!, $r: String!) { refundPosSale(saleId: $s, reason: $r) { ${SALE} } }`;
const REPORT = `{ posDayReport { byMethod { method sales takenCents } } }`;

const g = (query: string, vars: Record<string, unknown> = {}) => t.gql(query, vars, { token: admin.token });
const open = async (memberId?: string) => (await g(OPEN, { m: memberId ?? null })).data!.openPosSale.id as string;
const variantOf = async (productId: string) => (await em(t).findOneOrFail(ProductVariant, { product: productId })).id;
const stock = async (variantId: string) => (await em(t).findOneOrFail(ProductVariant, { id: variantId })).stock;
const providerId = (url: string) => new URL(url).pathname.split('/').pop()!;

it('a card sale: the link holds the stock, the phone pays on the hosted page, the webhook completes the sale once (live on the register)', async () => {
  const member = await makeUser(t, { signed: true, firstName: 'Carmen' });
  const tee = await makeProduct(t, { priceCents: 2500, stock: 5 });
  const teeV = await variantOf(tee.id);
  const today = await makeClass(t, { startsInMinutes: 45, priceCents: 2000, capacity: 6 });
  const sale = await open(member.user.id);
  await g(ADD, { s: sale, v: teeV, q: 2 });
  await g(ADD, { s: sale, c: today.id });
  await g(DISCOUNT, { s: sale, a: 500, r: 'Loyal member' });

  const started = await g(CARD, { s: sale });
  expect(started.errors).toBeUndefined();
  const waiting = started.data!.startPosCardPayment;
  expect(waiting).toMatchObject({ status: 'awaiting_card', totalCents: 6500 });
  expect(waiting.cardPaymentUrl).toMatch(/^http:\/\/studio\.test\/api\/stripe\/test-checkout\/cs_test_local_/);
  expect(new Date(waiting.cardPaymentExpiresAt).getTime()).toBeGreaterThan(Date.now() + 20 * 60_000);
  // The stock is held for the link; asking again answers the same link; the sale cannot change meanwhile.
  expect(await stock(teeV)).toBe(3);
  expect((await g(CARD, { s: sale })).data!.startPosCardPayment.cardPaymentUrl).toBe(waiting.cardPaymentUrl);
  const refused = await g(ADD, { s: sale, v: teeV });
  expect(refused.errors?.[0]).toMatchObject({
    message: 'This sale is waiting for a card payment: cancel the card payment to change it or take it another way.',
    extensions: { code: 'CONFLICT' },
  });
  expect(await em(t).count(Order, { owner: member.user.id })).toBe(0);

  // The register listens for the sale.
  const client = wsClient(t.url, admin.token);
  const live = collect(client, `subscription { posSaleChanged(saleId: "${sale}") { id status paymentMethod } }`);
  try {
    expect((await live.next()).data.posSaleChanged).toEqual({ id: sale, status: 'awaiting_card', paymentMethod: null });

    // The phone: the hosted page shows the sale and its total, Pay completes it and lands on the thank-you page.
    const page = await (await fetch(waiting.cardPaymentUrl.replace('http://studio.test', t.url))).text();
    expect(page).toContain('Pay $65.00');
    expect(page).toContain('-$5.00');
    const paid = await payTestLink(t, waiting.cardPaymentUrl);
    expect(paid.headers.get('location')).toBe('http://studio.test/api/stripe/front-desk/paid');
    expect(await (await fetch(`${t.url}/api/stripe/front-desk/paid`)).text()).toContain('Payment received');
    // Any other outcome, a NUL byte or a huge one is a plain 404, never a server error.
    for (const outcome of ['refunded', '%00paid', 'x'.repeat(5000)]) {
      const other = await fetch(`${t.url}/api/stripe/front-desk/${outcome}`);
      expect(other.status).toBe(404);
      expect(await other.text()).toBe('Not found');
    }

    expect((await live.next()).data.posSaleChanged).toEqual({ id: sale, status: 'completed', paymentMethod: 'card' });
  } finally {
    live.stop();
    await client.dispose();
  }
  const done = (await g(SALE_Q, { s: sale })).data!.posSale;
  expect(done).toMatchObject({ status: 'completed', paymentMethod: 'card', totalCents: 6500, cardPaymentUrl: null });
  expect(await stock(teeV)).toBe(3);
  const orders = await em(t).find(Order, { owner: member.user.id });
  expect(orders).toHaveLength(1);
  expect(orders[0]).toMatchObject({ status: OrderStatus.paid, totalCents: 6500 });
  expect(orders[0].paymentIntentId).toMatch(/^pi_test_local_/);
  expect(await em(t).findOneOrFail(Booking, { classInstance: today.id, attendee: member.user.id })).toMatchObject({
    status: BookingStatus.confirmed,
    paymentStatus: PaymentStatus.paid,
  });

  // The same event delivered again (and a second completed event for the session): still one order, one sale.
  const session = await em(t).findOneOrFail(CheckoutSession, { counterSaleId: sale });
  const event = await em(t).findOneOrFail(PaymentEvent, { type: 'checkout.session.completed' }, { orderBy: { receivedAt: 'desc' } });
  expect(await t.app.services.payments.processEvent(event.payload as never)).toBe('duplicate');
  const again = stripeEvent('checkout.session.completed', checkoutSessionObject(session, 'complete', true));
  expect((await t.app.services.payments.deliverSigned(again)).status).toBe(200);
  expect(await em(t).count(Order, { owner: member.user.id })).toBe(1);
  expect(await stock(teeV)).toBe(3);
  expect((await g(REPORT)).data!.posDayReport.byMethod).toEqual(
    expect.arrayContaining([expect.objectContaining({ method: 'card', takenCents: expect.any(Number) })]),
  );

  // Refunded at the register: through the provider, stock back, spot freed.
  const refunded = (await g(REFUND, { s: sale, r: 'Changed her mind' })).data!.refundPosSale;
  expect(refunded.status).toBe('refunded');
  expect(await stock(teeV)).toBe(5);
  expect(await em(t).findOneOrFail(Order, { id: orders[0].id })).toMatchObject({ status: OrderStatus.refunded, refundedCents: 6500 });
});

it("refunds a discounted card sale's lines by what was paid for them, never more than the sale took", async () => {
  const member = await makeUser(t, { signed: true });
  const tee = await variantOf((await makeProduct(t, { priceCents: 2500, stock: 5 })).id);
  const spot = await makeClass(t, { startsInMinutes: 50, priceCents: 2000, capacity: 6 });
  const sale = await open(member.user.id);
  await g(ADD, { s: sale, v: tee, q: 2 });
  await g(ADD, { s: sale, c: spot.id });
  await g(DISCOUNT, { s: sale, a: 500, r: 'Loyal member' });
  await payTestLink(t, (await g(CARD, { s: sale })).data!.startPosCardPayment.cardPaymentUrl);
  const order = await em(t).findOneOrFail(Order, { owner: member.user.id }, { populate: ['lines'] });
  expect(order.totalCents).toBe(6500); // lines of 5,000 and 2,000, less 500
  const line = (kind: string) => order.lines.getItems().find((l) => l.kind === kind)!.id;
  const REFUND_LINES = `mutation($o: ID!, $l: [ID!]) { refundOrder(orderId: $o, lineIds: $l, reason: "Injured") { refundedCents status refunds { amountCents } } }`;

  // The class's share of the 6,500 paid: 2,000 × 6,500 / 7,000 = 1,857.14…, the left-over cent to the tees (.857).
  const refundable = async () => {
    const res = await g(`query($id: ID!) { user(id: $id) { orders { lines { kind refundableCents } } } }`, { id: member.user.id });
    expect(res.errors).toBeUndefined();
    return Object.fromEntries(
      res.data!.user.orders[0].lines.map((l: { kind: string; refundableCents: number }) => [l.kind, l.refundableCents]),
    );
  };
  expect(await refundable()).toEqual({ product: 4643, class: 1857 });
  const first = await g(REFUND_LINES, { o: order.id, l: [line('class')] });
  expect(first.errors).toBeUndefined();
  expect(first.data!.refundOrder).toMatchObject({ refundedCents: 1857, status: 'partially_refunded', refunds: [{ amountCents: 1857 }] });
  // The rest: exactly what is left of the payment.
  expect(await refundable()).toEqual({ product: 4643, class: 0 });
  const second = await g(REFUND_LINES, { o: order.id, l: [line('product')] });
  expect(second.data!.refundOrder).toMatchObject({
    refundedCents: 6500,
    status: 'refunded',
    refunds: [{ amountCents: 1857 }, { amountCents: 4643 }],
  });
  const refunds = await em(t).getConnection().execute(`select sum(amount_cents)::int as cents from refund where order_id = ?`, [order.id]);
  expect(refunds[0].cents).toBe(6500);
  expect((await g(REFUND_LINES, { o: order.id, l: null })).errors?.[0].extensions?.code).toBe('CONFLICT');
});

it('cancelling or an expired link releases the sale and its stock; a payment for a released link is kept for a refund', async () => {
  const chalk = await makeProduct(t, { priceCents: 600, stock: 4 });
  const chalkV = await variantOf(chalk.id);
  const sale = await open();
  await g(ADD, { s: sale, v: chalkV, q: 3 });
  expect((await g(CARD, { s: sale })).data!.startPosCardPayment.status).toBe('awaiting_card');
  expect(await stock(chalkV)).toBe(1);

  // The cashier cancels: the sale is open again, its stock back, the link dead.
  const cancelled = (await g(CANCEL, { s: sale })).data!.cancelPosCardPayment;
  expect(cancelled).toMatchObject({ status: 'open', cardPaymentUrl: null });
  expect(await stock(chalkV)).toBe(4);
  const first = await em(t).findOneOrFail(CheckoutSession, { counterSaleId: sale });
  expect(first.status).toBe(CheckoutStatus.expired);
  const dead = await payTestLink(t, first.url);
  expect([dead.status, await dead.text()]).toEqual([
    409,
    expect.stringContaining('This payment session has expired. Ask at the front desk.'),
  ]);
  expect((await g(SALE_Q, { s: sale })).data!.posSale.status).toBe('open');

  // A new link, expired by the provider: the register finds the sale open again, the stock back.
  const second = (await g(CARD, { s: sale })).data!.startPosCardPayment;
  expect(second.cardPaymentUrl).not.toBe(cancelled.cardPaymentUrl);
  expect(await stock(chalkV)).toBe(1);
  await t.app.services.payments.provider!.expireCheckoutSession(providerId(second.cardPaymentUrl));
  expect((await g(SALE_Q, { s: sale })).data!.posSale).toMatchObject({ status: 'open', cardPaymentUrl: null });
  expect(await stock(chalkV)).toBe(4);

  // A payment that still arrives for the first link (the customer paid as the cashier cancelled) is recorded as a
  // walk-in order to refund from Admin → Stripe; the sale is not completed by it.
  const late = stripeEvent('checkout.session.completed', checkoutSessionObject(first, 'complete', true));
  expect((await t.app.services.payments.deliverSigned(late)).status).toBe(200);
  expect((await g(SALE_Q, { s: sale })).data!.posSale.status).toBe('open');
  const orphan = await em(t).findOneOrFail(Order, {
    checkoutSession: null,
    paymentIntentId: { $like: 'pi_test_local_%' },
    totalCents: 1800,
  });
  expect(orphan.owner).toBeNull();
});

it('refuses a card payment of $0.00, and an empty sale', async () => {
  const empty = await open();
  expect((await g(CARD, { s: empty })).errors?.[0].message).toBe('Add something to the sale first.');
  const water = await makeProduct(t, { priceCents: 300, stock: null });
  await g(ADD, { s: empty, v: await variantOf(water.id) });
  await g(DISCOUNT, { s: empty, a: 300, r: 'On the house' });
  expect((await g(CARD, { s: empty })).errors?.[0].message).toBe('Nothing to pay by card: the total is $0.00. Take it as cash instead.');
});

it('a sale charged to the account and its invoice paid online count the money once', async () => {
  const member = await makeUser(t, { signed: true });
  const hoodie = await makeProduct(t, { priceCents: 149000, stock: null });
  const sale = await open(member.user.id);
  await g(ADD, { s: sale, v: await variantOf(hoodie.id) });
  const charged = (await g(CHARGE, { s: sale })).data!.chargePosSaleToAccount;
  const { url } = (await t.gql(`mutation($id: ID!) { payInvoice(id: $id) { url } }`, { id: charged.invoiceId }, { token: member.token }))
    .data!.payInvoice;
  await payTestLink(t, url);
  expect((await em(t).findOneOrFail(Invoice, { id: charged.invoiceId })).status).toBe(InvoiceStatus.paid);

  const orders = await em(t).find(Order, { owner: member.user.id }, { orderBy: { createdAt: 'asc' } });
  expect(orders.map((o) => [o.status, o.totalCents])).toEqual([
    [OrderStatus.on_account, 149000],
    [OrderStatus.paid, 149000],
  ]);
  // What Admin → Stripe counts as money received: the invoice's payment, once.
  const received = orders.filter((o) => o.status !== OrderStatus.on_account && o.status !== OrderStatus.cancelled);
  expect(received.reduce((sum, o) => sum + o.totalCents - o.refundedCents, 0)).toBe(149000);
  // The register can no longer give it back as unpaid.
  expect((await g(REFUND, { s: sale, r: 'late' })).errors?.[0].extensions?.code).toBe('CONFLICT');
});
