import { startTestApp, type TestApp } from '../../../test/app.js';
import { makeClass, middayZone } from '../../../test/classes.js';
import { em, makeUser, Role, type MadeUser } from '../../../test/factories.js';
import { makeProduct } from '../../../test/shop.js';
import { addDaysToDate } from '../../common/studio-time.js';
import { Booking, BookingStatus, PaymentStatus } from '../bookings/booking.entity.js';
import { OutboxEmail } from '../email/outbox-email.entity.js';
import { Invoice, InvoiceStatus } from '../invoices/invoice.entity.js';
import { ClassPack } from '../memberships/membership.entity.js';
import { Order, OrderStatus } from '../payments/order.entity.js';
import { ProductVariant } from '../products/product.entity.js';

// Charging a sale to the member's account (an invoice), and class packs sold at the register.
let t: TestApp;
let admin: MadeUser;
beforeAll(async () => {
  // Today's drop-in classes are made minutes from now: midday in the studio's zone, whatever the hour of the run.
  t = await startTestApp({ STUDIO_TIME_ZONE: middayZone() });
  admin = await makeUser(t, { role: Role.admin, firstName: 'Ada' });
});
afterAll(() => t.close());

const SALE = `id status paymentMethod invoiceId totalCents tenderedCents changeCents businessDate member { id }
  lines { id description quantity unitCents category coveredBy }`;
const OPEN = `mutation($m: ID) { openPosSale(memberId: $m) { ${SALE} } }`;
const ADD = `mutation($s: ID!, $v: ID, $c: ID, $q: Int) { addPosItem(saleId: $s, variantId: $v, classInstanceId: $c, quantity: $q) { ${SALE} } }`;
const DISCOUNT = `mutation($s: ID!, $l: ID, $a: Int!, $r: String) { setPosDiscount(saleId: $s, lineId: $l, amountCents: $a, reason: $r) { ${SALE} } }`;
const CHARGE = `mutation($s: ID!) { chargePosSaleToAccount(saleId: $s) { ${SALE} } }`;
const PAY = `mutation($s: ID!, $t: Int!) { payPosSaleCash(saleId: $s, tenderedCents: $t) { ${SALE} } }`;
const REFUND = `mutation($s: ID!, $r: String!) { refundPosSale(saleId: $s, reason: $r) { ${SALE} } }`;
const MEMBER = `mutation($s: ID!, $m: ID) { setPosSaleMember(saleId: $s, memberId: $m) { ${SALE} } }`;
const REPORT = `{ posDayReport { date cashExpectedCents byMethod { method sales takenCents refundedCents } byCategory { category quantity grossCents } } }`;
const CATALOG = `query($s: String) { posCatalog(search: $s) { category variantId name detail priceCents } }`;
const PACK = `mutation($i: ClassPackProductInput!) { createClassPackProduct(input: $i) { id } }`;

const g = (query: string, vars: Record<string, unknown> = {}) => t.gql(query, vars, { token: admin.token });
const open = async (memberId?: string) => (await g(OPEN, { m: memberId ?? null })).data!.openPosSale.id as string;
const variantOf = async (productId: string) => (await em(t).findOneOrFail(ProductVariant, { product: productId })).id;

it("charges a member's sale to their account: stock taken, drop-in booked, an invoice sent for it, counted as Account", async () => {
  const member = await makeUser(t, { signed: true, firstName: 'Imogen' });
  const tee = await makeProduct(t, { priceCents: 2500, stock: 5 });
  const teeV = await variantOf(tee.id);
  const today = await makeClass(t, { startsInMinutes: 30, priceCents: 2000, capacity: 6 });

  // A walk-in has no account.
  const walkIn = await open();
  await g(ADD, { s: walkIn, v: teeV });
  expect((await g(CHARGE, { s: walkIn })).errors?.[0]).toMatchObject({
    message: "Choose the member first: a sale is charged to a member's account.",
    extensions: { code: 'BAD_USER_INPUT' },
  });
  expect((await em(t).findOneOrFail(ProductVariant, { id: teeV })).stock).toBe(5);

  const sale = await open(member.user.id);
  const teeLine = (await g(ADD, { s: sale, v: teeV, q: 2 })).data!.addPosItem.lines[0].id;
  await g(ADD, { s: sale, c: today.id });
  await g(DISCOUNT, { s: sale, l: teeLine, a: 500, r: 'Damaged print' });
  const answer = await g(CHARGE, { s: sale });
  expect(answer.errors).toBeUndefined();
  const charged = answer.data!.chargePosSaleToAccount;
  expect(charged).toMatchObject({
    status: 'completed',
    paymentMethod: 'account',
    totalCents: 6500,
    tenderedCents: null,
    changeCents: null,
  });
  expect((await em(t).findOneOrFail(ProductVariant, { id: teeV })).stock).toBe(3);
  expect(await em(t).findOneOrFail(Booking, { classInstance: today.id, attendee: member.user.id })).toMatchObject({
    status: BookingStatus.confirmed,
  });
  expect(await em(t).count(Order, { owner: member.user.id, totalCents: 6500 })).toBe(1);
  // No money was taken: the order is on account (its invoice's payment will be the money), never counted as paid.
  expect(await em(t).count(Order, { owner: member.user.id, status: OrderStatus.on_account })).toBe(1);
  expect(await em(t).count(Order, { owner: member.user.id, status: { $ne: OrderStatus.on_account } })).toBe(0);

  const invoice = await em(t).findOneOrFail(Invoice, { id: charged.invoiceId }, { populate: ['lines', 'member'] });
  expect(invoice).toMatchObject({ status: InvoiceStatus.open, totalCents: 6500, dueDate: addDaysToDate(charged.businessDate, 14) });
  expect(invoice.member.id).toBe(member.user.id);
  expect(invoice.memo).toBe(`Front desk sale R-${sale.slice(0, 8).toUpperCase()} on ${charged.businessDate}`);
  const lines = invoice.lines.getItems().sort((a, b) => a.position - b.position);
  expect(lines.map((l) => [l.description, l.quantity, l.unitCents])).toEqual([
    [tee.name, 2, 2500],
    [`Discount on ${tee.name}: Damaged print`, 1, -500],
    [charged.lines[1].description, 1, 2000],
  ]);
  expect(await em(t).count(OutboxEmail, { to: member.user.email!, kind: 'invoice' })).toBe(1);
  // The member can pay it like any invoice: it is in their list.
  const mine = await t.gql(`{ myInvoices { id status } }`, {}, { token: member.token });
  expect(mine.data?.myInvoices ?? mine.errors).toEqual(expect.arrayContaining([{ id: invoice.id, status: 'open' }]));

  // Paid once: charging or paying again is refused.
  expect((await g(CHARGE, { s: sale })).errors?.[0].message).toBe('This sale is already paid.');

  const report = (await g(REPORT)).data!.posDayReport;
  expect(report.byMethod).toEqual([{ method: 'account', sales: 1, takenCents: 6500, refundedCents: 0 }]);
  expect(report.cashExpectedCents).toBe(0);

  // Refunding it cancels what is owed: the invoice is voided, stock comes back, the spot is freed.
  const refunded = (await g(REFUND, { s: sale, r: 'Charged by mistake' })).data!.refundPosSale;
  expect(refunded.status).toBe('refunded');
  expect((await em(t).findOneOrFail(Invoice, { id: invoice.id })).status).toBe(InvoiceStatus.void);
  // Nothing had been paid, so nothing is refunded: the on-account order is cancelled.
  const order = await em(t).findOneOrFail(Order, { owner: member.user.id, totalCents: 6500 }, { populate: ['refunds'] });
  expect(order).toMatchObject({ status: OrderStatus.cancelled, refundedCents: 0 });
  expect(order.refunds).toHaveLength(0);
  expect((await em(t).findOneOrFail(ProductVariant, { id: teeV })).stock).toBe(5);
  expect((await em(t).findOneOrFail(Booking, { classInstance: today.id, attendee: member.user.id })).status).toBe(BookingStatus.cancelled);
});

it('refuses to charge $0.00, and to refund a sale whose invoice was already paid', async () => {
  const member = await makeUser(t);
  const water = await makeProduct(t, { priceCents: 300, stock: null });
  const free = await open(member.user.id);
  await g(ADD, { s: free, v: await variantOf(water.id) });
  await g(DISCOUNT, { s: free, a: 300, r: 'On the house' });
  expect((await g(CHARGE, { s: free })).errors?.[0].message).toBe('Nothing to charge: the total is $0.00. Take it as cash instead.');

  const sale = await open(member.user.id);
  await g(ADD, { s: sale, v: await variantOf(water.id) });
  const answer = await g(CHARGE, { s: sale });
  expect(answer.errors).toBeUndefined();
  const charged = answer.data!.chargePosSaleToAccount;
  const invoice = await em(t).findOneOrFail(Invoice, { id: charged.invoiceId });
  const marked = await g(`mutation($i: ID!) { markInvoicePaid(id: $i, method: cash) { status } }`, { i: invoice.id });
  expect(marked.data?.markInvoicePaid.status).toBe('paid');
  expect((await g(REFUND, { s: sale, r: 'late' })).errors?.[0]).toMatchObject({
    message: `INV-${String(invoice.number).padStart(6, '0')} for this sale has been paid: refund the member from their payment instead.`,
    extensions: { code: 'CONFLICT' },
  });
});

it('sells class packs to members through the same fulfilment as the shop; a walk-in is refused', async () => {
  const made = await g(PACK, { i: { name: 'Desk five-pack', priceCents: 9000, classes: 5, validDays: 30 } });
  expect(made.errors).toBeUndefined();
  const catalog = (await g(CATALOG, { s: 'Desk five-pack' })).data!.posCatalog;
  expect(catalog).toEqual([
    { category: 'packs', variantId: expect.any(String), name: 'Desk five-pack', detail: '5 classes, valid 30 days', priceCents: 9000 },
  ]);
  const v = catalog[0].variantId;

  const walkIn = await open();
  const refusal = 'Class packs are for members: choose the member first (a pack is theirs to book with).';
  expect((await g(ADD, { s: walkIn, v })).errors?.[0]).toMatchObject({ message: refusal, extensions: { code: 'BAD_USER_INPUT' } });

  // Added for a member, then switched to a walk-in: refused at paying, nothing happens.
  const member = await makeUser(t, { signed: true });
  const sale = await open(member.user.id);
  expect((await g(ADD, { s: sale, v, q: 2 })).data!.addPosItem.lines).toMatchObject([{ category: 'packs', quantity: 2, unitCents: 9000 }]);
  await g(MEMBER, { s: sale, m: null });
  expect((await g(PAY, { s: sale, t: 18000 })).errors?.[0].message).toBe(refusal);
  await g(MEMBER, { s: sale, m: member.user.id });
  expect((await g(PAY, { s: sale, t: 20000 })).data!.payPosSaleCash).toMatchObject({ status: 'completed', changeCents: 2000 });

  const packs = await em(t).find(ClassPack, { owner: member.user.id });
  expect(packs.map((p) => [p.name, p.classes, p.used])).toEqual([
    ['Desk five-pack', 5, 0],
    ['Desk five-pack', 5, 0],
  ]);
  const days = (packs[0].expiresAt.getTime() - Date.now()) / 86_400_000;
  expect(days).toBeGreaterThan(29.9);
  expect(days).toBeLessThanOrEqual(30);

  // A pack pays for the member's next booking by itself.
  const later = await makeClass(t, { startsInMinutes: 60 * 24, priceCents: 2500 });
  const booked = await t.gql(
    `mutation($c: ID!, $a: ID!) { bookClass(classInstanceId: $c, attendeeId: $a) { booking { status coveredBy } } }`,
    { c: later.id, a: member.user.id },
    { token: member.token },
  );
  expect(booked.errors).toBeUndefined();
  expect(booked.data?.bookClass.booking).toEqual({ status: 'confirmed', coveredBy: 'Desk five-pack' });

  const report = (await g(REPORT)).data!.posDayReport;
  expect(report.byCategory).toEqual(expect.arrayContaining([{ category: 'packs', quantity: 2, grossCents: 18000 }]));

  // A pack one class was used from cannot be refunded; an unused one is taken back with the refund.
  expect((await g(REFUND, { s: sale, r: 'Changed mind' })).errors?.[0]).toMatchObject({
    message: 'A class of the Desk five-pack was already used: the pack cannot be refunded.',
    extensions: { code: 'CONFLICT' },
  });
  const other = await makeUser(t, { signed: true });
  const unused = await open(other.user.id);
  await g(ADD, { s: unused, v });
  await g(PAY, { s: unused, t: 9000 });
  expect(await em(t).count(ClassPack, { owner: other.user.id })).toBe(1);
  expect((await g(REFUND, { s: unused, r: 'Bought by mistake' })).data!.refundPosSale.status).toBe('refunded');
  expect(await em(t).count(ClassPack, { owner: other.user.id })).toBe(0);
});

it("books a drop-in the member's membership or pack covers at $0 through the bookings service's entitlement path", async () => {
  const plan = await g(`mutation($i: MembershipPlanInput!) { createMembershipPlan(input: $i) { id } }`, {
    i: { name: 'Unlimited', priceCents: 15000, interval: 'month' },
  });
  const member = await makeUser(t, { signed: true, firstName: 'Uma' });
  const comp = await g(`mutation($u: ID!, $p: ID!) { compMembership(userId: $u, planId: $p) { id } }`, {
    u: member.user.id,
    p: plan.data!.createMembershipPlan.id,
  });
  expect(comp.errors).toBeUndefined();
  const today = await makeClass(t, { startsInMinutes: 40, priceCents: 2200, capacity: 5 });

  // The grid says so for the sale's member (and only for them).
  const grid = `query($s: String, $m: ID) { posCatalog(search: $s, memberId: $m) { classInstanceId priceCents coveredBy } }`;
  expect((await g(grid, { s: today.blueprint.name, m: member.user.id })).data!.posCatalog).toEqual([
    { classInstanceId: today.id, priceCents: 2200, coveredBy: 'Unlimited (complimentary)' },
  ]);
  expect((await g(grid, { s: today.blueprint.name })).data!.posCatalog[0].coveredBy).toBeNull();

  const sale = await open(member.user.id);
  const added = (await g(ADD, { s: sale, c: today.id })).data!.addPosItem;
  expect(added.totalCents).toBe(0);
  expect(added.lines).toMatchObject([{ category: 'dropin', unitCents: 0, coveredBy: 'Unlimited (complimentary)' }]);
  expect(added.lines[0].description).toMatch(/\(covered by Unlimited \(complimentary\)\)$/);
  // The drop-in is the member's: the sale cannot move to someone else while it is in it.
  const other = await makeUser(t, { signed: true });
  expect((await g(MEMBER, { s: sale, m: other.user.id })).errors?.[0].extensions?.code).toBe('CONFLICT');

  const paid = (await g(PAY, { s: sale, t: 0 })).data!.payPosSaleCash;
  expect(paid).toMatchObject({ status: 'completed', totalCents: 0, changeCents: 0 });
  expect(await em(t).findOneOrFail(Booking, { classInstance: today.id, attendee: member.user.id })).toMatchObject({
    status: BookingStatus.confirmed,
    paymentStatus: PaymentStatus.covered,
    coveredBy: 'Unlimited (complimentary)',
  });

  // A pack bought at the desk covers the next one; the class comes off the pack when paid, and back on a refund.
  const buyer = await makeUser(t, { signed: true });
  await g(PACK, { i: { name: 'Drop-in trio', priceCents: 6000, classes: 3, validDays: 30 } });
  const packV = (await g(CATALOG, { s: 'Drop-in trio' })).data!.posCatalog[0].variantId;
  const first = await open(buyer.user.id);
  await g(ADD, { s: first, v: packV });
  await g(PAY, { s: first, t: 6000 });
  const second = await open(buyer.user.id);
  expect((await g(ADD, { s: second, c: today.id })).data!.addPosItem.lines).toMatchObject([{ unitCents: 0, coveredBy: 'Drop-in trio' }]);
  // Nothing is used until the sale is paid.
  expect((await em(t).findOneOrFail(ClassPack, { owner: buyer.user.id })).used).toBe(0);
  await g(PAY, { s: second, t: 0 });
  expect((await em(t).findOneOrFail(ClassPack, { owner: buyer.user.id })).used).toBe(1);
  await g(REFUND, { s: second, r: 'Cannot stay' });
  expect((await em(t).findOneOrFail(ClassPack, { owner: buyer.user.id })).used).toBe(0);

  // Without an entitlement the drop-in is charged at its price.
  const payer = await makeUser(t, { signed: true });
  const third = await open(payer.user.id);
  expect((await g(ADD, { s: third, c: today.id })).data!.addPosItem.lines).toMatchObject([{ unitCents: 2200, coveredBy: null }]);
});

it('refuses a covered drop-in whose entitlement was used up before paying; nothing is booked', async () => {
  const member = await makeUser(t, { signed: true });
  await g(PACK, { i: { name: 'Single pack', priceCents: 2000, classes: 1, validDays: 30 } });
  const packV = (await g(CATALOG, { s: 'Single pack' })).data!.posCatalog[0].variantId;
  const buy = await open(member.user.id);
  await g(ADD, { s: buy, v: packV });
  await g(PAY, { s: buy, t: 2000 });
  const a = await makeClass(t, { startsInMinutes: 50, priceCents: 2200 });
  const b = await makeClass(t, { startsInMinutes: 200, priceCents: 2200 });
  const sale = await open(member.user.id);
  expect((await g(ADD, { s: sale, c: a.id })).data!.addPosItem.lines).toMatchObject([{ coveredBy: 'Single pack' }]);
  // Meanwhile the member books another class online with the pack's only class.
  const booked = await t.gql(
    `mutation($c: ID!, $a: ID!) { bookClass(classInstanceId: $c, attendeeId: $a) { booking { coveredBy } } }`,
    { c: b.id, a: member.user.id },
    { token: member.token },
  );
  expect(booked.data?.bookClass.booking.coveredBy).toBe('Single pack');
  const refused = await g(PAY, { s: sale, t: 0 });
  expect(refused.errors?.[0]).toMatchObject({
    message: expect.stringMatching(/^Drop-in: .+ is no longer covered by Single pack: remove it and add it again\.$/),
    extensions: { code: 'CONFLICT' },
  });
  expect(await em(t).count(Booking, { classInstance: a.id, attendee: member.user.id })).toBe(0);
});
