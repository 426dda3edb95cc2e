import type { TestApp } from '../../../test/app.js';
import { makeClass } from '../../../test/classes.js';
import { em, makeUser, Role, type MadeUser } from '../../../test/factories.js';
import { makeProduct } from '../../../test/shop.js';
import { deliverEvent, startStripeTestApp, StripeStandin } from '../../../test/stripe-standin.js';
import { Booking, BookingStatus } from '../bookings/booking.entity.js';
import { OutboxEmail } from '../email/outbox-email.entity.js';
import { Invoice, InvoiceStatus } from '../invoices/invoice.entity.js';
import { Notification } from '../notifications/notification.entity.js';
import { ProductVariant } from '../products/product.entity.js';
import { CheckoutSession, CheckoutStatus } from './checkout-session.entity.js';
import { Order, OrderStatus, Refund } from './order.entity.js';

/** Payments that arrive for something no longer there to have: refunded automatically, the member and admins told. */
const stripe = new StripeStandin();
let t: TestApp;
let admin: MadeUser;
beforeAll(async () => {
  t = await startStripeTestApp(stripe);
  admin = await makeUser(t, { role: Role.admin });
});
afterAll(() => t.close());

const ADD = `mutation($productId: ID!, $quantity: Int!) { addProductToCart(productId: $productId, quantity: $quantity) { id } }`;
const CHECKOUT = `mutation { createCheckoutSession { url sessionId } }`;
const due = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function sentInvoice(member: MadeUser) {
  const made = await t.gql(
    `mutation($input: InvoiceInput!) { createInvoice(input: $input, send: true) { id number } }`,
    { input: { memberId: member.user.id, lines: [{ description: 'Private lesson', quantity: 1, unitCents: 9000 }], dueDate: due(7) } },
    { token: admin.token },
  );
  expect(made.errors).toBeUndefined();
  return made.data!.createInvoice as { id: string; number: string };
}

/** The member's refunds with their reasons, what Stripe refunded for the payment, and who was told. */
async function aftermath(member: MadeUser, paymentIntent: string) {
  const order = await em(t).findOneOrFail(Order, { owner: member.user.id }, { populate: ['refunds'] });
  const refunds = order.refunds.getItems().map((r: Refund) => [r.amountCents, r.reason]);
  const atStripe = stripe.refunds.filter((r) => r.payment_intent === paymentIntent).map((r) => r.amount);
  const memberTold = await em(t).find(Notification, { user: member.user.id, title: 'Refund on its way' });
  const adminsTold = await em(t).find(Notification, {
    user: admin.user.id,
    title: 'Payment refunded automatically',
    message: { $like: `${member.user.firstName} ${member.user.lastName} paid%` },
  });
  const emails = await em(t).find(OutboxEmail, { to: member.user.email!, kind: 'refund' });
  return { order, refunds, atStripe, memberTold, adminsTold, emails };
}

const paidEvent = (sessionId: string) => {
  const event = stripe.pay(sessionId);
  return { event, paymentIntent: (event.data.object as { payment_intent: string }).payment_intent };
};

describe.each([
  [
    'recorded as paid in cash',
    'was already paid',
    (id: string) => t.gql(`mutation($id: ID!) { markInvoicePaid(id: $id, method: cash) { status } }`, { id }, { token: admin.token }),
  ],
  ['voided', 'was voided', (id: string) => t.gql(`mutation($id: ID!) { voidInvoice(id: $id) { status } }`, { id }, { token: admin.token })],
])('an invoice %s while the member is on the payment page', (_what, why, settle) => {
  it('closes the open checkout (expired at Stripe); a payment that still arrives is refunded and everyone is told', async () => {
    const member = await makeUser(t, { signed: true });
    const invoice = await sentInvoice(member);
    const { sessionId } = (
      await t.gql(`mutation($id: ID!) { payInvoice(id: $id) { sessionId } }`, { id: invoice.id }, { token: member.token })
    ).data!.payInvoice;
    expect((await settle(invoice.id)).errors).toBeUndefined();
    expect(stripe.sessions.get(sessionId)?.status).toBe('expired');
    expect((await em(t).findOneOrFail(CheckoutSession, { providerSessionId: sessionId })).status).toBe(CheckoutStatus.expired);

    // The member pressed Pay at the same moment: Stripe took the money anyway.
    const { event, paymentIntent } = paidEvent(sessionId);
    expect((await deliverEvent(t.url, event)).status).toBe(200);
    const settled = await em(t).findOneOrFail(Invoice, { id: invoice.id });
    expect(settled.status).toBe(why === 'was voided' ? InvoiceStatus.void : InvoiceStatus.paid);
    expect(settled.orderId).toBeNull();
    const after = await aftermath(member, paymentIntent);
    expect(after.atStripe).toEqual([9000]);
    expect(after.refunds).toEqual([[9000, `Refunded automatically: Invoice ${invoice.number} ${why} before this payment completed`]]);
    expect(after.order.status).toBe(OrderStatus.refunded);
    expect(after.memberTold).toHaveLength(1);
    expect(after.memberTold[0].message).toContain('$90.00 goes back to the card you paid with');
    expect(after.emails).toHaveLength(1);
    expect(after.adminsTold).toHaveLength(1);
    // The same event again refunds nothing more.
    expect((await deliverEvent(t.url, event)).status).toBe(200);
    expect((await aftermath(member, paymentIntent)).atStripe).toEqual([9000]);
  });
});

it('a late payment for stock sold meanwhile: the sold-out line is refunded, the rest kept; one unit, one order', async () => {
  const late = await makeUser(t, { signed: true });
  const buyer = await makeUser(t, { signed: true });
  const lastOne = await makeProduct(t, { stock: 1, priceCents: 4000 });
  const plenty = await makeProduct(t, { stock: 10, priceCents: 1500 });
  await t.gql(ADD, { productId: lastOne.id, quantity: 1 }, { token: late.token });
  await t.gql(ADD, { productId: plenty.id, quantity: 1 }, { token: late.token });
  const first = (await t.gql(CHECKOUT, {}, { token: late.token })).data!.createCheckoutSession;
  // Its session expires, the last unit goes back on the shelf and someone else buys it.
  await deliverEvent(t.url, stripe.event('checkout.session.expired', { ...stripe.sessions.get(first.sessionId)!, status: 'expired' }));
  await t.gql(ADD, { productId: lastOne.id, quantity: 1 }, { token: buyer.token });
  const second = (await t.gql(CHECKOUT, {}, { token: buyer.token })).data!.createCheckoutSession;
  expect((await deliverEvent(t.url, stripe.pay(second.sessionId))).status).toBe(200);

  // The first member's payment completes late.
  const { event, paymentIntent } = paidEvent(first.sessionId);
  expect((await deliverEvent(t.url, event)).status).toBe(200);
  const variant = await em(t).findOneOrFail(ProductVariant, { product: lastOne.id });
  expect(variant.stock).toBe(0);
  const after = await aftermath(late, paymentIntent);
  expect(after.atStripe).toEqual([4000]);
  expect(after.refunds).toEqual([[4000, `Refunded automatically: ${lastOne.name} sold out before the payment completed`]]);
  expect(after.order.status).toBe(OrderStatus.partially_refunded);
  expect(after.memberTold).toHaveLength(1);
  expect(after.adminsTold).toHaveLength(1);
});

it('a late payment for a class spot released meanwhile is refunded, and the member and admins are told', async () => {
  const member = await makeUser(t, { signed: true });
  const instance = await makeClass(t, { priceCents: 2800 });
  const booked = await t.gql(
    `mutation($c: ID!, $a: ID!) { bookClass(classInstanceId: $c, attendeeId: $a) { booking { id } } }`,
    { c: instance.id, a: member.user.id },
    { token: member.token },
  );
  const bookingId = booked.data!.bookClass.booking.id as string;
  const { sessionId } = (await t.gql(CHECKOUT, {}, { token: member.token })).data!.createCheckoutSession;
  await deliverEvent(t.url, stripe.event('checkout.session.expired', { ...stripe.sessions.get(sessionId)!, status: 'expired' }));
  await t.app.services.bookings.expireHolds(em(t), new Date(Date.now() + 3 * 3600_000));
  expect((await em(t).findOneOrFail(Booking, { id: bookingId })).status).not.toBe(BookingStatus.held);

  const { event, paymentIntent } = paidEvent(sessionId);
  expect((await deliverEvent(t.url, event)).status).toBe(200);
  expect((await em(t).findOneOrFail(Booking, { id: bookingId })).status).not.toBe(BookingStatus.confirmed);
  const after = await aftermath(member, paymentIntent);
  expect(after.atStripe).toEqual([2800]);
  expect(after.refunds).toEqual([
    [2800, expect.stringMatching(/^Refunded automatically: The spot in .+ was released before the payment completed$/)],
  ]);
  expect(after.memberTold).toHaveLength(1);
  expect(after.adminsTold).toHaveLength(1);
});

describe.each([
  [
    'removed from the cart',
    (member: MadeUser, classId: string) =>
      t.gql(`mutation($c: ID!) { removeFromCart(classInstanceId: $c) }`, { c: classId }, { token: member.token }),
  ],
  [
    'cancelled by staff',
    (_member: MadeUser, _classId: string, bookingId: string) =>
      t.gql(`mutation($b: ID!) { cancelBooking(bookingId: $b) { id } }`, { b: bookingId }, { token: admin.token }),
  ],
])('a held spot %s while its payment page is open', (_what, letGo) => {
  it('closes the checkout here and at Stripe, its stock back on the shelf; a late payment refunds the spot only', async () => {
    const member = await makeUser(t, { signed: true });
    const instance = await makeClass(t, { priceCents: 2800 });
    const booked = await t.gql(
      `mutation($c: ID!, $a: ID!) { bookClass(classInstanceId: $c, attendeeId: $a) { booking { id } } }`,
      { c: instance.id, a: member.user.id },
      { token: member.token },
    );
    const bookingId = booked.data!.bookClass.booking.id as string;
    const product = await makeProduct(t, { stock: 3, priceCents: 1500 });
    await t.gql(ADD, { productId: product.id, quantity: 1 }, { token: member.token });
    const { sessionId } = (await t.gql(CHECKOUT, {}, { token: member.token })).data!.createCheckoutSession;
    expect((await em(t).findOneOrFail(ProductVariant, { product: product.id })).stock).toBe(2);

    expect((await letGo(member, instance.id, bookingId)).errors).toBeUndefined();
    expect(stripe.sessions.get(sessionId)?.status).toBe('expired');
    expect((await em(t).findOneOrFail(CheckoutSession, { providerSessionId: sessionId })).status).toBe(CheckoutStatus.expired);
    expect((await em(t).findOneOrFail(ProductVariant, { product: product.id })).stock).toBe(3);

    const { event, paymentIntent } = paidEvent(sessionId);
    expect((await deliverEvent(t.url, event)).status).toBe(200);
    expect((await em(t).findOneOrFail(Booking, { id: bookingId })).status).toBe(BookingStatus.cancelled);
    const after = await aftermath(member, paymentIntent);
    // The spot is gone and refunded; the product is still on the shelf, so the payment buys it.
    expect(after.atStripe).toEqual([2800]);
    expect((await em(t).findOneOrFail(ProductVariant, { product: product.id })).stock).toBe(2);
    expect(after.order.status).toBe(OrderStatus.partially_refunded);
    expect(after.memberTold).toHaveLength(1);
    expect(after.adminsTold).toHaveLength(1);
  });
});
