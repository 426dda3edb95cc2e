import { payTestLink } from '../../../test/shop.js';
import { startTestApp, type TestApp } from '../../../test/app.js';
import { em, makeFamilyMember, makeUser, Role, type MadeUser } from '../../../test/factories.js';
import { pdfText } from '../../../test/pdf.js';
import { deliverEvent, startStripeTestApp, StripeStandin } from '../../../test/stripe-standin.js';
import { statementCounter } from '../../../test/statements.js';
import { ProductCartItem } from '../cart/product-cart-item.entity.js';
import { OutboxEmail } from '../email/outbox-email.entity.js';
import { Notification } from '../notifications/notification.entity.js';
import { Order } from '../payments/order.entity.js';
import { Invoice, InvoiceStatus } from './invoice.entity.js';
import { INVOICE_BEING_PAID, stepDue } from './invoice.service.js';

const stripe = new StripeStandin();
let t: TestApp;
let admin: MadeUser;
beforeAll(async () => {
  t = await startStripeTestApp(stripe);
  admin = await makeUser(t, { role: Role.admin });
});
afterAll(() => t.close());

const FIELDS = `id number status dueDate memo totalCents overdue paymentMethod paymentReference remindersSent member { id } lines { description quantity unitCents }`;
const CREATE = `mutation($input: InvoiceInput!, $send: Boolean) { createInvoice(input: $input, send: $send) { ${FIELDS} } }`;
const SEND = `mutation($id: ID!) { sendInvoice(id: $id) { ${FIELDS} } }`;
const PAY = `mutation($id: ID!) { payInvoice(id: $id) { url sessionId } }`;
const MARK_PAID = `mutation($id: ID!, $method: ManualPaymentMethod!, $reference: String) { markInvoicePaid(id: $id, method: $method, reference: $reference) { ${FIELDS} } }`;
const VOID = `mutation($id: ID!, $reason: String) { voidInvoice(id: $id, reason: $reason) { ${FIELDS} } }`;
const MINE = `{ myInvoices { id number status } }`;

const lines = [
  { description: 'Private lesson, 60 minutes', quantity: 2, unitCents: 8500 },
  { description: 'Returning member discount', quantity: 1, unitCents: -1000 },
];
const due = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function makeInvoice(memberId: string, opts: { send?: boolean; dueDate?: string } = {}) {
  const res = await t.gql(
    CREATE,
    { input: { memberId, lines, dueDate: opts.dueDate ?? due(14), memo: 'Thank you!' }, send: opts.send ?? false },
    { token: admin.token },
  );
  expect(res.errors).toBeUndefined();
  return res.data!.createInvoice as { id: string; number: string; status: string; totalCents: number };
}

describe('admins make and send invoices', () => {
  it('is refused when signed out and for non-admins', async () => {
    const member = await makeUser(t);
    const input = { memberId: member.user.id, lines, dueDate: due(3) };
    expect((await t.gql(CREATE, { input })).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    expect((await t.gql(CREATE, { input }, { token: member.token })).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    const instructor = await makeUser(t, { role: Role.instructor });
    expect((await t.gql(`{ adminInvoices { total } }`, {}, { token: instructor.token })).errors?.[0].extensions?.code).toBe('FORBIDDEN');
  });

  it('validates lines, dates, ids, NUL bytes and totals', async () => {
    const member = await makeUser(t);
    const bad = async (input: Record<string, unknown>) =>
      (await t.gql(CREATE, { input: { memberId: member.user.id, lines, dueDate: due(3), ...input } }, { token: admin.token })).errors?.[0];
    expect(await bad({ lines: [] })).toMatchObject({ extensions: { code: 'BAD_USER_INPUT' } });
    expect(await bad({ dueDate: '2026-02-30' })).toMatchObject({ extensions: { code: 'BAD_USER_INPUT' } });
    expect(await bad({ memberId: 'nope' })).toMatchObject({ extensions: { code: 'BAD_USER_INPUT' } });
    expect(await bad({ memberId: '00000000-0000-4000-8000-000000000000' })).toMatchObject({ message: 'Choose a member.' });
    expect(await bad({ lines: [{ description: '', quantity: 1, unitCents: 100 }] })).toMatchObject({
      extensions: { code: 'BAD_USER_INPUT' },
    });
    expect(await bad({ lines: [{ description: 'x'.repeat(201), quantity: 1, unitCents: 100 }] })).toMatchObject({
      extensions: { code: 'BAD_USER_INPUT' },
    });
    expect(await bad({ lines: [{ description: 'Credit', quantity: 1, unitCents: -100 }] })).toMatchObject({
      message: 'The total cannot be below $0.00.',
    });
    expect(await bad({ memo: 'a\u0000b' })).toMatchObject({ extensions: { code: 'BAD_USER_INPUT' } });
    expect(await bad({ lines: Array.from({ length: 51 }, () => lines[0]) })).toMatchObject({ extensions: { code: 'BAD_USER_INPUT' } });
  });

  it('numbers invoices in order without gaps, also when made at the same time', async () => {
    const member = await makeUser(t);
    const made = await Promise.all(Array.from({ length: 8 }, () => makeInvoice(member.user.id)));
    const numbers = made.map((i) => Number(i.number.slice(4))).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(8);
    expect(numbers[7] - numbers[0]).toBe(7);
    expect(made[0].number).toMatch(/^INV-\d{6}$/);
  });

  it('a draft has its total, is edited, then sent: open, emailed through the outbox and notified; drafts stay hidden from the member', async () => {
    const member = await makeUser(t);
    const draft = await makeInvoice(member.user.id);
    expect(draft).toMatchObject({ status: 'draft', totalCents: 16000 });
    expect((await t.gql(MINE, {}, { token: member.token })).data?.myInvoices).toEqual([]);

    const edited = await t.gql(
      `mutation($id: ID!, $input: InvoiceInput!) { updateInvoice(id: $id, input: $input) { totalCents memo lines { description } } }`,
      { id: draft.id, input: { memberId: member.user.id, lines: [lines[0]], dueDate: due(10), memo: 'Edited' } },
      { token: admin.token },
    );
    expect(edited.data?.updateInvoice).toMatchObject({ totalCents: 17000, memo: 'Edited', lines: [{ description: lines[0].description }] });

    const sent = await t.gql(SEND, { id: draft.id }, { token: admin.token });
    expect(sent.data?.sendInvoice).toMatchObject({ status: 'open' });
    const email = await em(t).findOneOrFail(OutboxEmail, { to: member.user.email!, kind: 'invoice' });
    expect(email.subject).toContain(`Invoice ${draft.number}`);
    expect(email.text).toContain('Total due: $170.00');
    expect(await em(t).count(Notification, { user: member.user.id, title: `New invoice ${draft.number}` })).toBe(1);
    expect((await t.gql(MINE, {}, { token: member.token })).data?.myInvoices).toEqual([
      { id: draft.id, number: draft.number, status: 'open' },
    ]);

    // Sending twice or editing a sent invoice is refused.
    expect((await t.gql(SEND, { id: draft.id }, { token: admin.token })).errors?.[0]).toMatchObject({
      message: 'This invoice is open: it cannot become open.',
      extensions: { code: 'CONFLICT' },
    });
    const edit = await t.gql(
      `mutation($id: ID!, $input: InvoiceInput!) { updateInvoice(id: $id, input: $input) { id } }`,
      { id: draft.id, input: { memberId: member.user.id, lines, dueDate: due(10) } },
      { token: admin.token },
    );
    expect(edit.errors?.[0].extensions?.code).toBe('CONFLICT');
  });

  it('marks paid by bank transfer with a reference, once; a paid invoice cannot be voided', async () => {
    const member = await makeUser(t);
    const invoice = await makeInvoice(member.user.id, { send: true });
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.gql(MARK_PAID, { id: invoice.id, method: 'bank_transfer', reference: 'TRX-88812' }, { token: admin.token }),
      ),
    );
    expect(answers.filter((a) => !a.errors)).toHaveLength(1);
    expect(answers.filter((a) => a.errors?.[0].message === 'This invoice is already paid.')).toHaveLength(4);
    const paid = answers.find((a) => !a.errors)!.data!.markInvoicePaid;
    expect(paid).toMatchObject({ status: 'paid', paymentMethod: 'bank_transfer', paymentReference: 'TRX-88812' });
    expect(await em(t).count(Notification, { user: member.user.id, title: `Invoice ${invoice.number} paid` })).toBe(1);
    expect((await t.gql(VOID, { id: invoice.id }, { token: admin.token })).errors?.[0]).toMatchObject({
      message: 'This invoice is paid: it cannot become void.',
      extensions: { code: 'CONFLICT' },
    });
  });

  it('the database refuses an illegal status change made past the service', async () => {
    const member = await makeUser(t);
    const invoice = await makeInvoice(member.user.id, { send: true });
    await t.gql(VOID, { id: invoice.id, reason: 'Billed twice' }, { token: admin.token });
    await expect(em(t).getConnection().execute(`update invoice set status = 'open' where id = ?`, [invoice.id])).rejects.toThrow(
      /cannot go from void to open/,
    );
  });

  it('voids and writes off; an uncollectible invoice can still be paid', async () => {
    const member = await makeUser(t);
    const a = await makeInvoice(member.user.id, { send: true });
    const written = await t.gql(
      `mutation($id: ID!) { markInvoiceUncollectible(id: $id, reason: "Moved away") { status } }`,
      { id: a.id },
      { token: admin.token },
    );
    expect(written.data?.markInvoiceUncollectible.status).toBe('uncollectible');
    const paid = await t.gql(MARK_PAID, { id: a.id, method: 'cash', reference: null }, { token: admin.token });
    expect(paid.data?.markInvoicePaid).toMatchObject({ status: 'paid', paymentMethod: 'cash' });
    const draft = await makeInvoice(member.user.id);
    expect((await t.gql(VOID, { id: draft.id }, { token: admin.token })).data?.voidInvoice.status).toBe('void');
  });
});

describe('members pay their invoices through the cart and checkout', () => {
  it('a member pays their own: the invoice goes into the cart as category invoice, checkout returns to /invoice-payment-success, the webhook marks it paid exactly once', async () => {
    const member = await makeUser(t);
    const invoice = await makeInvoice(member.user.id, { send: true });
    const stranger = await makeUser(t);
    expect((await t.gql(PAY, { id: invoice.id }, { token: stranger.token })).errors?.[0].extensions?.code).toBe('NOT_FOUND');

    const res = await t.gql(PAY, { id: invoice.id }, { token: member.token });
    expect(res.errors).toBeUndefined();
    const { sessionId } = res.data!.payInvoice;
    const cart = await t.gql(`{ productCart { quantity variant { product { name category priceCents } } } }`, {}, { token: member.token });
    expect(cart.data?.productCart).toEqual([
      { quantity: 1, variant: { product: { name: `Invoice ${invoice.number}`, category: 'invoice', priceCents: 16000 } } },
    ]);
    expect(stripe.sessions.get(sessionId)).toMatchObject({
      amount_total: 16000,
      success_url: 'http://studio.test/invoice-payment-success?session_id={CHECKOUT_SESSION_ID}',
    });
    // Paying again (a double click) answers the same session.
    expect((await t.gql(PAY, { id: invoice.id }, { token: member.token })).data?.payInvoice.sessionId).toBe(sessionId);

    const completed = stripe.pay(sessionId);
    const answers = await Promise.all([completed, completed, completed].map((e) => deliverEvent(t.url, e)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    const row = await em(t).findOneOrFail(Invoice, { id: invoice.id });
    expect(row).toMatchObject({ status: InvoiceStatus.paid, paymentMethod: 'card' });
    expect(row.orderId).toBe((await em(t).findOneOrFail(Order, { owner: member.user.id })).id);
    expect(await em(t).count(Notification, { user: member.user.id, title: `Invoice ${invoice.number} paid` })).toBe(1);
    expect(await em(t).count(ProductCartItem, { owner: member.user.id })).toBe(0);
    // A paid invoice cannot be paid again.
    expect((await t.gql(PAY, { id: invoice.id }, { token: member.token })).errors?.[0]).toMatchObject({
      message: 'This invoice is already paid.',
      extensions: { code: 'CONFLICT' },
    });
  });

  it("a parent sees and pays their child's invoice; the child's invoice is hidden from other parents", async () => {
    const parent = await makeUser(t, { role: Role.parent });
    const child = await makeFamilyMember(t, parent.user, 9);
    const otherParent = await makeUser(t, { role: Role.parent });
    const invoice = await makeInvoice(child.id, { send: true });
    expect(await em(t).count(OutboxEmail, { to: parent.user.email!, kind: 'invoice' })).toBe(1);
    expect((await t.gql(MINE, {}, { token: parent.token })).data?.myInvoices.map((i: { id: string }) => i.id)).toEqual([invoice.id]);
    expect((await t.gql(MINE, {}, { token: otherParent.token })).data?.myInvoices).toEqual([]);
    expect(
      (await t.gql(`query($id: ID!) { invoice(id: $id) { id } }`, { id: invoice.id }, { token: otherParent.token })).errors?.[0],
    ).toMatchObject({
      message: 'That invoice was not found.',
    });
    const { sessionId } = (await t.gql(PAY, { id: invoice.id }, { token: parent.token })).data!.payInvoice;
    await deliverEvent(t.url, stripe.pay(sessionId));
    expect((await em(t).findOneOrFail(Invoice, { id: invoice.id })).status).toBe(InvoiceStatus.paid);
  });
});

describe('PDFs', () => {
  it('the invoice and, once paid, its receipt download as PDF for the member; others get 404', async () => {
    const member = await makeUser(t);
    const invoice = await makeInvoice(member.user.id, { send: true });
    const get = (path: string, token: string | null) =>
      fetch(`${t.url}/api/invoices/${invoice.id}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
    expect((await get('.pdf', null)).status).toBe(401);
    expect((await get('.pdf', (await makeUser(t)).token)).status).toBe(404);
    const res = await get('.pdf', member.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const text = pdfText(Buffer.from(await res.arrayBuffer()));
    expect(text).toContain(`Invoice ${invoice.number}`);
    expect(text).toContain('Private lesson, 60 minutes');
    expect(text).toContain('$160.00');
    expect((await get('/receipt.pdf', member.token)).status).toBe(409);
    await t.gql(MARK_PAID, { id: invoice.id, method: 'cash', reference: 'R-1' }, { token: admin.token });
    const receipt = pdfText(Buffer.from(await (await get('/receipt.pdf', member.token)).arrayBuffer()));
    expect(receipt).toContain(`Receipt ${invoice.number}`);
    expect(receipt).toContain('Total paid');
  });
});

describe('/admin/invoices', () => {
  it('filters by status, overdue, member and dates, with totals over every match and a CSV', async () => {
    const member = await makeUser(t, { firstName: 'Zelda', lastName: 'Quartermain' });
    const late = await makeInvoice(member.user.id, { send: true, dueDate: due(-3) });
    const open = await makeInvoice(member.user.id, { send: true });
    const paid = await makeInvoice(member.user.id, { send: true });
    await t.gql(MARK_PAID, { id: paid.id, method: 'cash' }, { token: admin.token });
    const page = await t.gql(
      `query($member: String, $overdue: Boolean, $status: InvoiceStatus) { adminInvoices(member: $member, overdue: $overdue, status: $status, pageSize: 2) {
         total items { number overdue } totals { count totalCents paidCents outstandingCents overdueCents } } }`,
      { member: 'quartermain' },
      { token: admin.token },
    );
    expect(page.errors).toBeUndefined();
    expect(page.data?.adminInvoices).toMatchObject({
      total: 3,
      totals: { count: 3, totalCents: 48000, paidCents: 16000, outstandingCents: 32000, overdueCents: 16000 },
    });
    expect(page.data?.adminInvoices.items).toHaveLength(2);
    const overdue = await t.gql(
      `query { adminInvoices(member: "quartermain", overdue: true) { items { id overdue } } }`,
      {},
      { token: admin.token },
    );
    expect(overdue.data?.adminInvoices.items).toEqual([{ id: late.id, overdue: true }]);
    const opened = await t.gql(
      `query { adminInvoices(member: "quartermain", status: open, overdue: false) { items { id } } }`,
      {},
      { token: admin.token },
    );
    expect(opened.data?.adminInvoices.items).toEqual([{ id: open.id }]);
    const future = await t.gql(`query { adminInvoices(member: "quartermain", from: "2999-01-01") { total } }`, {}, { token: admin.token });
    expect(future.data?.adminInvoices.total).toBe(0);
    expect((await t.gql(`query { adminInvoices(pageSize: 101) { total } }`, {}, { token: admin.token })).errors?.[0].extensions?.code).toBe(
      'BAD_USER_INPUT',
    );

    const csv = await fetch(`${t.url}/api/admin/invoices.csv?member=quartermain&status=paid`, {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(csv.status).toBe(200);
    const body = await csv.text();
    expect(body.split('\n')[0]).toBe('Number,Member,Email,Status,Overdue,Issued,Due,Total,Paid on,Payment method,Payment reference,Memo');
    expect(body).toContain(`${paid.number},Zelda Quartermain`);
    expect(body).not.toContain(open.number);
  });

  it('one page of 100 rows costs a fixed number of SQL statements', async () => {
    const member = await makeUser(t);
    for (let i = 0; i < 5; i++) await makeInvoice(member.user.id);
    const counter = statementCounter(t);
    const res = await t.gql(
      `{ adminInvoices(pageSize: 100) { items { number overdue member { firstName } } totals { count } } }`,
      {},
      { token: admin.token },
    );
    const statements = counter.sql().length;
    counter.stop();
    expect(res.errors).toBeUndefined();
    expect(res.data!.adminInvoices.items.length).toBeGreaterThanOrEqual(5);
    expect(statements).toBeGreaterThan(0);
    expect(statements).toBeLessThanOrEqual(4);
  });
});

describe('overdue reminders', () => {
  it('steps are 1, 7 and 14 days past due', () => {
    expect([
      stepDue('2026-11-10', '2026-11-10'),
      stepDue('2026-11-10', '2026-11-11'),
      stepDue('2026-11-10', '2026-11-17'),
      stepDue('2026-11-10', '2026-11-30'),
    ]).toEqual([0, 1, 2, 3]);
  });

  it('sends each step once per invoice, also when runs overlap; paid invoices get none', async () => {
    const member = await makeUser(t);
    const late = await makeInvoice(member.user.id, { send: true, dueDate: due(-2) });
    const settled = await makeInvoice(member.user.id, { send: true, dueDate: due(-2) });
    await t.gql(MARK_PAID, { id: settled.id, method: 'cash' }, { token: admin.token });
    await Promise.all([t.app.services.invoices.sendReminders(), t.app.services.invoices.sendReminders()]);
    await t.app.services.invoices.sendReminders();
    const reminders = (id: string, number: string) =>
      em(t)
        .count(Notification, { user: member.user.id, title: `Reminder: invoice ${number} is overdue` })
        .then((n) => [id, n]);
    expect(await reminders(late.id, late.number)).toEqual([late.id, 1]);
    expect(await reminders(settled.id, settled.number)).toEqual([settled.id, 0]);
    expect(await em(t).count(OutboxEmail, { to: member.user.email!, kind: 'invoice_reminder' })).toBe(1);
    // A week later the second step goes out, once.
    const weekLater = new Date(Date.now() + 6 * 86_400_000);
    await t.app.services.invoices.sendReminders(weekLater);
    await t.app.services.invoices.sendReminders(weekLater);
    expect(await reminders(late.id, late.number)).toEqual([late.id, 2]);
    expect((await em(t).findOneOrFail(Invoice, { id: late.id })).remindersSent).toBe(2);
  });
});

describe('with the built-in test provider', () => {
  let tp: TestApp;
  beforeAll(async () => {
    tp = await startTestApp({ PAYMENTS_TEST_PROVIDER: '1', PUBLIC_URL: 'http://studio.test' });
  });
  afterAll(() => tp.close());

  it('Cancel returns to /invoice-payment-failure; Pay marks the invoice paid once and returns to /invoice-payment-success', async () => {
    const boss = await makeUser(tp, { role: Role.admin });
    const member = await makeUser(tp);
    const made = await tp.gql(CREATE, { input: { memberId: member.user.id, lines, dueDate: due(5) }, send: true }, { token: boss.token });
    const invoice = made.data!.createInvoice as { id: string; number: string };
    const { url, sessionId } = (await tp.gql(PAY, { id: invoice.id }, { token: member.token })).data!.payInvoice;
    expect(url).toMatch(new RegExp(`^http://studio\\.test/api/stripe/test-checkout/${sessionId}\\?token=`));
    expect(await (await fetch(url.replace('http://studio.test', tp.url))).text()).toContain(`Invoice ${invoice.number}`);
    const cancel = await fetch(`${tp.url}/api/stripe/test-checkout/${sessionId}/cancel`, { method: 'POST', redirect: 'manual' });
    expect(cancel.headers.get('location')).toBe(`http://studio.test/invoice-payment-failure?session_id=${sessionId}`);
    expect((await em(tp).findOneOrFail(Invoice, { id: invoice.id })).status).toBe(InvoiceStatus.open);

    const pay = () => payTestLink(tp, url);
    expect((await pay()).headers.get('location')).toBe(`http://studio.test/invoice-payment-success?session_id=${sessionId}`);
    await pay();
    expect((await em(tp).findOneOrFail(Invoice, { id: invoice.id })).status).toBe(InvoiceStatus.paid);
    expect(await em(tp).count(Notification, { user: member.user.id, title: `Invoice ${invoice.number} paid` })).toBe(1);
    const result = await tp.gql(
      `query($s: String!) { checkoutResult(sessionId: $s) { status order { totalCents } } }`,
      { s: sessionId },
      { token: member.token },
    );
    expect(result.data?.checkoutResult).toEqual({ status: 'completed', order: { totalCents: 16000 } });
  });
});

describe('two payers at once', () => {
  it('while one checkout for an invoice is open, another payer is told it is being paid', async () => {
    const member = await makeUser(t);
    const invoice = await makeInvoice(member.user.id, { send: true });
    expect((await t.gql(PAY, { id: invoice.id }, { token: admin.token })).errors).toBeUndefined();
    expect((await t.gql(PAY, { id: invoice.id }, { token: member.token })).errors?.[0]).toMatchObject({
      message: INVOICE_BEING_PAID,
      extensions: { code: 'CONFLICT' },
    });
  });
});
