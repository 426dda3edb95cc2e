import { startTestApp, type TestApp } from '../../../test/app.js';
import { makeClass, middayZone } from '../../../test/classes.js';
import { em, makeUser, Role, type MadeUser } from '../../../test/factories.js';
import { pdfText } from '../../../test/pdf.js';
import { makeProduct } from '../../../test/shop.js';
import { Booking, BookingStatus, PaymentStatus } from '../bookings/booking.entity.js';
import { OutboxEmail } from '../email/outbox-email.entity.js';
import { Order, OrderStatus } from '../payments/order.entity.js';
import { ProductCategory, ProductVariant } from '../products/product.entity.js';

let t: TestApp;
let admin: MadeUser;
beforeAll(async () => {
  // Today's drop-in classes are made minutes from now: midday in the studio's zone, whatever the hour of the run.
  t = await startTestApp({ STUDIO_TIME_ZONE: middayZone() });
  admin = await makeUser(t, { role: Role.admin, firstName: 'Ada' });
});
afterAll(() => t.close());

const SALE = `id status totalCents subtotalCents discountTotalCents discountCents discountReason tenderedCents changeCents businessDate
  receiptPdfUrl member { id name } lines { id description quantity unitCents discountCents discountReason category variantId classInstanceId }`;
const OPEN = `mutation($m: ID) { openPosSale(memberId: $m) { ${SALE} } }`;
const ADD = `mutation($s: ID!, $v: ID, $c: ID, $q: Int) { addPosItem(saleId: $s, variantId: $v, classInstanceId: $c, quantity: $q) { ${SALE} } }`;
const QTY = `mutation($l: ID!, $q: Int!) { setPosLineQuantity(lineId: $l, quantity: $q) { ${SALE} } }`;
const DISCOUNT = `mutation($s: ID!, $l: ID, $a: Int!, $r: String) { setPosDiscount(saleId: $s, lineId: $l, amountCents: $a, reason: $r) { ${SALE} } }`;
const PAY = `mutation($s: ID!, $t: Int!) { payPosSaleCash(saleId: $s, tenderedCents: $t) { ${SALE} } }`;
const REFUND = `mutation($s: ID!, $r: String!) { refundPosSale(saleId: $s, reason: $r) { ${SALE} } }`;
const REPORT = `query($d: String) { posDayReport(date: $d) { date closed salesCount grossCents discountCents netCents refundedCents cashExpectedCents
  countedCashCents byMethod { method sales takenCents refundedCents } byCategory { category quantity grossCents } } }`;

const as = (token: string) => ({ token });
async function open(memberId?: string): Promise<string> {
  return (await t.gql(OPEN, { m: memberId ?? null }, as(admin.token))).data!.openPosSale.id;
}
const variantOf = async (productId: string) => (await em(t).findOneOrFail(ProductVariant, { product: productId })).id;
const stock = async (variantId: string) => (await em(t).findOneOrFail(ProductVariant, { id: variantId })).stock;

it('refuses the register when signed out, and to instructors, teachers and members (admins only)', async () => {
  expect((await t.gql(OPEN, {})).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  for (const role of [Role.instructor, Role.teacher, Role.student]) {
    const { token } = await makeUser(t, { role });
    expect((await t.gql(OPEN, {}, as(token))).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect((await t.gql(REPORT, {}, as(token))).errors?.[0].extensions?.code).toBe('FORBIDDEN');
  }
});

it('validates its input: malformed ids, quantities, NUL bytes, dates', async () => {
  const sale = await open();
  expect((await t.gql(ADD, { s: 'nope', v: null }, as(admin.token))).errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
  const product = await makeProduct(t);
  const v = await variantOf(product.id);
  expect((await t.gql(ADD, { s: sale, v, q: 0 }, as(admin.token))).errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
  expect((await t.gql(ADD, { s: sale, v, q: 100 }, as(admin.token))).errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
  expect((await t.gql(ADD, { s: sale }, as(admin.token))).errors?.[0].message).toBe('Choose a product or a class.');
  const nul = await t.gql(DISCOUNT, { s: sale, a: 100, r: 'bad\u0000' }, as(admin.token));
  expect(nul.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
  expect((await t.gql(REPORT, { d: 'yesterday' }, as(admin.token))).errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
  const unknown = await t.gql(ADD, { s: '00000000-0000-4000-8000-000000000000', v }, as(admin.token));
  expect(unknown.errors?.[0]).toMatchObject({ message: 'That sale was not found.', extensions: { code: 'NOT_FOUND' } });
});

it('refuses archived and system products, and a line above 99', async () => {
  const sale = await open();
  const archived = await makeProduct(t, { active: false });
  const membership = await makeProduct(t, { category: ProductCategory.membership });
  for (const p of [archived, membership])
    expect((await t.gql(ADD, { s: sale, v: await variantOf(p.id) }, as(admin.token))).errors?.[0]).toMatchObject({
      message: 'That product was not found.',
      extensions: { code: 'NOT_FOUND' },
    });
  const water = await makeProduct(t, { stock: null, category: ProductCategory.snacks });
  const v = await variantOf(water.id);
  expect((await t.gql(ADD, { s: sale, v, q: 99 }, as(admin.token))).data!.addPosItem.lines[0].quantity).toBe(99);
  expect((await t.gql(ADD, { s: sale, v }, as(admin.token))).errors?.[0].message).toBe('A line holds at most 99.');
  // Concurrent adds of one item to one sale make one line with every unit.
  const other = await open();
  await Promise.all(Array.from({ length: 8 }, () => t.gql(ADD, { s: other, v }, as(admin.token))));
  expect(
    (await t.gql(`query($s: ID!) { posSale(saleId: $s) { ${SALE} } }`, { s: other }, as(admin.token))).data!.posSale.lines,
  ).toMatchObject([{ quantity: 8 }]);
});

it('adding a product answers the sale exactly as reading it does (one statement: lines in order, member, cashier)', async () => {
  const FULL = `${SALE} cashierName createdAt completedAt paymentMethod invoiceId refundDate refundReason
    lines { coveredBy } member { username email }`;
  const member = await makeUser(t, { firstName: 'Mona', lastName: 'Trapeze' });
  const tee = await makeProduct(t, { priceCents: 2500, stock: 5 });
  const bar = await makeProduct(t, { priceCents: 350, stock: null, category: ProductCategory.snacks });
  const [teeV, barV] = [await variantOf(tee.id), await variantOf(bar.id)];
  const sale = await open(member.user.id);
  const add = async (v: string, q = 1) =>
    (
      await t.gql(
        `mutation($s: ID!, $v: ID, $q: Int) { addPosItem(saleId: $s, variantId: $v, quantity: $q) { ${FULL} } }`,
        { s: sale, v, q },
        as(admin.token),
      )
    ).data!.addPosItem;
  const read = async () => (await t.gql(`query($s: ID!) { posSale(saleId: $s) { ${FULL} } }`, { s: sale }, as(admin.token))).data!.posSale;
  await add(barV, 2);
  const line = (await add(teeV)).lines[1].id;
  await t.gql(DISCOUNT, { s: sale, l: line, a: 300, r: 'Scuffed' }, as(admin.token));
  await t.gql(DISCOUNT, { s: sale, a: 100, r: 'Regular' }, as(admin.token));
  const answered = await add(barV);
  expect(answered).toEqual(await read());
  expect(answered).toMatchObject({
    cashierName: 'Ada ' + admin.user.lastName,
    member: { id: member.user.id, name: 'Mona Trapeze' },
    totalCents: 3 * 350 + 2500 - 300 - 100,
    lines: [
      { category: 'snacks', quantity: 3 },
      { category: 'merchandise', quantity: 1, discountCents: 300, discountReason: 'Scuffed' },
    ],
  });
});

it('sells products by cash with discounts: change due, an order recorded, stock taken', async () => {
  const tee = await makeProduct(t, { priceCents: 2500, stock: 5 });
  const bar = await makeProduct(t, { priceCents: 350, stock: null, category: ProductCategory.snacks });
  const [teeV, barV] = [await variantOf(tee.id), await variantOf(bar.id)];
  const sale = await open();

  let answer = (await t.gql(ADD, { s: sale, v: teeV }, as(admin.token))).data!.addPosItem;
  answer = (await t.gql(ADD, { s: sale, v: teeV }, as(admin.token))).data!.addPosItem;
  answer = (await t.gql(ADD, { s: sale, v: barV, q: 3 }, as(admin.token))).data!.addPosItem;
  expect(answer.lines.map((l: { quantity: number; category: string }) => [l.category, l.quantity])).toEqual([
    ['merchandise', 2],
    ['snacks', 3],
  ]);
  expect(answer.totalCents).toBe(2 * 2500 + 3 * 350);
  const teeLine = answer.lines[0].id;

  // A discount needs a reason, and cannot exceed what it discounts.
  expect((await t.gql(DISCOUNT, { s: sale, l: teeLine, a: 500 }, as(admin.token))).errors?.[0].message).toBe(
    'Give a reason for the discount.',
  );
  expect((await t.gql(DISCOUNT, { s: sale, l: teeLine, a: 5001, r: 'x' }, as(admin.token))).errors?.[0].message).toBe(
    "The discount can be at most $50.00, the line's price.",
  );
  await t.gql(DISCOUNT, { s: sale, l: teeLine, a: 500, r: 'Damaged print' }, as(admin.token));
  answer = (await t.gql(DISCOUNT, { s: sale, a: 50, r: 'Loyal customer' }, as(admin.token))).data!.setPosDiscount;
  expect(answer).toMatchObject({ subtotalCents: 6050, discountTotalCents: 550, totalCents: 5500, discountReason: 'Loyal customer' });

  // Not enough cash: refused, nothing taken.
  const short = await t.gql(PAY, { s: sale, t: 5000 }, as(admin.token));
  expect(short.errors?.[0]).toMatchObject({
    message: 'Cash received ($50.00) is less than the total ($55.00).',
    extensions: { code: 'BAD_USER_INPUT' },
  });
  expect(await stock(teeV)).toBe(5);

  const paid = (await t.gql(PAY, { s: sale, t: 6000 }, as(admin.token))).data!.payPosSaleCash;
  expect(paid).toMatchObject({ status: 'completed', totalCents: 5500, tenderedCents: 6000, changeCents: 500, member: null });
  expect(paid.receiptPdfUrl).toBe(`/api/pos/sales/${sale}/receipt.pdf`);
  expect(await stock(teeV)).toBe(3);
  expect(await stock(barV)).toBeNull();
  const order = await em(t).findOneOrFail(Order, { totalCents: 5500, owner: null }, { populate: ['lines'] });
  expect(order.lines.getItems().map((l) => [l.description, l.quantity, l.unitCents])).toEqual([
    [tee.name, 2, 2500],
    [bar.name, 3, 350],
  ]);

  // A paid sale no longer changes.
  expect((await t.gql(ADD, { s: sale, v: teeV }, as(admin.token))).errors?.[0]).toMatchObject({
    message: 'This sale is already paid.',
    extensions: { code: 'CONFLICT' },
  });
  expect((await t.gql(PAY, { s: sale, t: 6000 }, as(admin.token))).errors?.[0].message).toBe('This sale is already paid.');
});

it('refuses an oversell with the shop message, at adding and (raced) at paying: exactly one of two sales gets the last item', async () => {
  const lyra = await makeProduct(t, { priceCents: 1000, stock: 1 });
  const v = await variantOf(lyra.id);
  const early = await open();
  expect((await t.gql(ADD, { s: early, v, q: 2 }, as(admin.token))).errors?.[0]).toMatchObject({
    message: `Only 1 left of ${lyra.name}.`,
    extensions: { code: 'CONFLICT' },
  });
  const sales = await Promise.all(Array.from({ length: 6 }, () => open()));
  for (const s of sales) await t.gql(ADD, { s, v }, as(admin.token));
  const answers = await Promise.all(sales.map((s) => t.gql(PAY, { s, t: 1000 }, as(admin.token))));
  expect(answers.filter((a) => a.data?.payPosSaleCash?.status === 'completed')).toHaveLength(1);
  expect(answers.filter((a) => a.errors?.[0].message === `${lyra.name} is sold out.`)).toHaveLength(5);
  expect(await stock(v)).toBe(0);
});

it("finds members by name, username and check-in QR code, and books a drop-in into today's class as paid", async () => {
  const member = await makeUser(t, { signed: true, firstName: 'Zelda', lastName: 'Aerialist' });
  const FIND = `query($q: String!) { posMembers(query: $q) { id name username } }`;
  expect((await t.gql(FIND, { q: 'zeld' }, as(admin.token))).data!.posMembers.map((m: { id: string }) => m.id)).toEqual([member.user.id]);
  expect((await t.gql(FIND, { q: member.username }, as(admin.token))).data!.posMembers).toHaveLength(1);
  expect((await t.gql(FIND, { q: 'Zelda Aerialist' }, as(admin.token))).data!.posMembers).toHaveLength(1);
  const code = (await t.gql(`{ myCheckIn { code } }`, {}, as(member.token))).data!.myCheckIn.code;
  expect((await t.gql(FIND, { q: code }, as(admin.token))).data!.posMembers).toEqual([
    { id: member.user.id, name: 'Zelda Aerialist', username: member.username },
  ]);
  expect((await t.gql(FIND, { q: `${code.slice(0, -4)}AAAA` }, as(admin.token))).data!.posMembers).toEqual([]);

  const today = await makeClass(t, { startsInMinutes: 5, priceCents: 2200, capacity: 4 });
  const CATALOG = `query($s: String) { posCatalog(search: $s) { category classInstanceId name priceCents stock } }`;
  const catalog = (await t.gql(CATALOG, { s: today.blueprint.name }, as(admin.token))).data!.posCatalog;
  expect(catalog).toEqual([{ category: 'dropin', classInstanceId: today.id, name: today.blueprint.name, priceCents: 2200, stock: 4 }]);

  // A walk-in cannot take a drop-in: it books a member.
  const walkIn = await open();
  expect((await t.gql(ADD, { s: walkIn, c: today.id }, as(admin.token))).errors?.[0].message).toBe(
    'Choose the member first: a drop-in books them into the class.',
  );
  const sale = await open(member.user.id);
  await t.gql(ADD, { s: sale, c: today.id }, as(admin.token));
  expect((await t.gql(ADD, { s: sale, c: today.id }, as(admin.token))).errors?.[0].message).toBe(
    `${today.blueprint.name} is already in this sale.`,
  );
  const paid = (await t.gql(PAY, { s: sale, t: 2200 }, as(admin.token))).data!.payPosSaleCash;
  expect(paid).toMatchObject({ status: 'completed', changeCents: 0, member: { id: member.user.id } });
  const booking = await em(t).findOneOrFail(Booking, { classInstance: today.id, attendee: member.user.id });
  expect(booking).toMatchObject({ status: BookingStatus.confirmed, paymentStatus: PaymentStatus.paid });

  // Refunded: the spot is freed and the order refunded.
  const refunded = (await t.gql(REFUND, { s: sale, r: 'Felt unwell' }, as(admin.token))).data!.refundPosSale;
  expect(refunded.status).toBe('refunded');
  expect((await em(t).findOneOrFail(Booking, { id: booking.id })).status).toBe(BookingStatus.cancelled);
  const order = await em(t).findOneOrFail(Order, { owner: member.user.id });
  expect(order).toMatchObject({ status: OrderStatus.refunded, refundedCents: 2200 });
  expect((await t.gql(REFUND, { s: sale, r: 'again' }, as(admin.token))).errors?.[0].message).toBe('This sale has already been refunded.');
});

it('refunds a product sale back into stock; removes lines; voids an open sale', async () => {
  const chalk = await makeProduct(t, { priceCents: 800, stock: 4 });
  const v = await variantOf(chalk.id);
  const sale = await open();
  const added = (await t.gql(ADD, { s: sale, v, q: 3 }, as(admin.token))).data!.addPosItem;
  const reduced = (await t.gql(QTY, { l: added.lines[0].id, q: 2 }, as(admin.token))).data!.setPosLineQuantity;
  expect(reduced.totalCents).toBe(1600);
  await t.gql(PAY, { s: sale, t: 2000 }, as(admin.token));
  expect(await stock(v)).toBe(2);
  await t.gql(REFUND, { s: sale, r: 'Wrong item' }, as(admin.token));
  expect(await stock(v)).toBe(4);

  const other = await open();
  const line = (await t.gql(ADD, { s: other, v }, as(admin.token))).data!.addPosItem.lines[0].id;
  expect((await t.gql(QTY, { l: line, q: 0 }, as(admin.token))).data!.setPosLineQuantity.lines).toEqual([]);
  expect((await t.gql(PAY, { s: other, t: 0 }, as(admin.token))).errors?.[0].message).toBe('Add something to the sale first.');
  const voided = await t.gql(`mutation($s: ID!) { voidPosSale(saleId: $s) { status } }`, { s: other }, as(admin.token));
  expect(voided.data!.voidPosSale.status).toBe('voided');
});

it('emails the receipt through the outbox and serves it as a PDF', async () => {
  const member = await makeUser(t, { firstName: 'Rita' });
  const bag = await makeProduct(t, { priceCents: 1999, stock: 3 });
  const sale = await open(member.user.id);
  await t.gql(ADD, { s: sale, v: await variantOf(bag.id) }, as(admin.token));
  const EMAIL = `mutation($s: ID!, $e: String) { emailPosReceipt(saleId: $s, email: $e) }`;
  expect((await t.gql(EMAIL, { s: sale }, as(admin.token))).errors?.[0].message).toBe('The receipt is ready once the sale is paid.');
  await t.gql(PAY, { s: sale, t: 2000 }, as(admin.token));

  expect((await t.gql(EMAIL, { s: sale }, as(admin.token))).data!.emailPosReceipt).toBe(member.user.email);
  expect((await t.gql(EMAIL, { s: sale, e: 'not an email' }, as(admin.token))).errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
  const mail = await em(t).findOneOrFail(OutboxEmail, { to: member.user.email!, kind: 'pos_receipt' });
  expect(mail.subject).toMatch(/^Your receipt from .+ \(R-[0-9A-F]{8}\)$/);
  expect(mail.text).toContain(`1 × ${bag.name}  $19.99`);
  expect(mail.text).toContain('Change: $0.01');

  const res = await fetch(`${t.url}/api/pos/sales/${sale}/receipt.pdf`, { headers: { authorization: `Bearer ${admin.token}` } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/pdf');
  const text = pdfText(Buffer.from(await res.arrayBuffer()));
  expect(text).toContain(`1 × ${bag.name}`);
  expect(text).toContain('$19.99');
  expect(text).toContain(`${member.user.firstName} ${member.user.lastName}`);
  const stranger = await makeUser(t);
  const refused = await fetch(`${t.url}/api/pos/sales/${sale}/receipt.pdf`, { headers: { authorization: `Bearer ${stranger.token}` } });
  expect(refused.status).toBe(403);
});

// Last: closing today ends sales for the rest of this file.
it('reports the day by method and category with the cash expected; an admin closes it and it no longer changes', async () => {
  const fresh = await startTestApp();
  try {
    const boss = await makeUser(fresh, { role: Role.admin });
    const tee = await makeProduct(fresh, { priceCents: 3000, stock: 10 });
    const water = await makeProduct(fresh, { priceCents: 200, stock: null, category: ProductCategory.snacks });
    const v = async (p: { id: string }) => (await em(fresh).findOneOrFail(ProductVariant, { product: p.id })).id;
    const g = (q: string, vars: Record<string, unknown>) => fresh.gql(q, vars, as(boss.token));
    const openSale = async () => (await g(OPEN, {})).data!.openPosSale.id as string;

    const a = await openSale();
    await g(ADD, { s: a, v: await v(tee), q: 2 });
    await g(DISCOUNT, { s: a, a: 1000, r: 'Bundle' });
    await g(PAY, { s: a, t: 5000 });
    const b = await openSale();
    await g(ADD, { s: b, v: await v(water), q: 5 });
    await g(PAY, { s: b, t: 1000 });
    await g(REFUND, { s: b, r: 'Changed mind' });
    const pending = await openSale();
    await g(ADD, { s: pending, v: await v(water) });

    const report = (await g(REPORT, {})).data!.posDayReport;
    expect(report).toMatchObject({
      closed: false,
      salesCount: 2,
      grossCents: 7000,
      discountCents: 1000,
      netCents: 6000,
      refundedCents: 1000,
      cashExpectedCents: 5000,
      byMethod: [{ method: 'cash', sales: 2, takenCents: 6000, refundedCents: 1000 }],
      byCategory: [
        { category: 'merchandise', quantity: 2, grossCents: 6000 },
        { category: 'snacks', quantity: 5, grossCents: 1000 },
      ],
    });

    const CLOSE = `mutation($d: String!, $c: Int) { closePosDay(date: $d, countedCashCents: $c) { closed countedCashCents cashExpectedCents } }`;
    const instructor = await makeUser(fresh, { role: Role.instructor });
    expect((await fresh.gql(CLOSE, { d: report.date, c: 5000 }, as(instructor.token))).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    const closes = await Promise.all([g(CLOSE, { d: report.date, c: 5000 }), g(CLOSE, { d: report.date, c: 5000 })]);
    expect(closes.filter((c) => c.data?.closePosDay.closed)).toHaveLength(1);
    expect(closes.filter((c) => c.errors?.[0].message === 'This day is already closed.')).toHaveLength(1);

    // Closed: the open sale cannot be paid today, and the paid one cannot be refunded today.
    const closed = "Today's register has been closed: no more sales or refunds can be recorded today.";
    expect((await g(PAY, { s: pending, t: 200 })).errors?.[0]).toMatchObject({ message: closed, extensions: { code: 'CONFLICT' } });
    expect((await g(REFUND, { s: a, r: 'late' })).errors?.[0].message).toBe(closed);
    expect((await g(REPORT, { d: report.date })).data!.posDayReport).toMatchObject({
      closed: true,
      netCents: 6000,
      countedCashCents: 5000,
    });
    expect((await g(CLOSE, { d: '2999-01-01' })).errors?.[0].message).toBe('A day can be closed once it has started.');
  } finally {
    await fresh.close();
  }
});
