import { startTestApp, type TestApp } from '../../../test/app.js';
import { buildClassPack, buildMembership, em, makeFamilyMember, makeUser, Role, type MadeUser } from '../../../test/factories.js';
import { Order, OrderLine, OrderLineKind, OrderStatus } from '../payments/order.entity.js';

let t: TestApp;
let admin: MadeUser;
beforeAll(async () => {
  t = await startTestApp();
  admin = await makeUser(t, { role: Role.admin });
});
afterAll(() => t.close());

// What the admin's user drawer reads of one person, each part from the module that owns it.
const RECORDS = `query($id: ID!) { user(id: $id) {
  orders { id totalCents status lines { description } }
  memberships { id status plan { name } }
  classPacks { id classes used }
  invoices { id status member { id } }
  waiverSignatures { id signedFor { id } signedBy { id } } } }`;
const CREATE_INVOICE = `mutation($input: InvoiceInput!) { createInvoice(input: $input) { id } }`;
const SIGN = `mutation($ids: [ID!]!) { signWaivers(userIds: $ids) { user { id } } }`;

async function paidOrder(owner: string, totalCents: number, createdAt: Date) {
  const e = em(t);
  const order = e.create(Order, { owner, checkoutSession: null, totalCents, status: OrderStatus.paid, createdAt });
  e.create(OrderLine, { order, position: 0, kind: OrderLineKind.class, description: 'Silks Intro', quantity: 1, unitCents: totalCents });
  await e.flush();
  return order;
}

it("shows an admin a person's orders, memberships, packs, invoices and waiver signatures, their family's too", async () => {
  const parent = await makeUser(t, { role: Role.parent });
  const child = await makeFamilyMember(t, parent.user, 9);
  const older = await paidOrder(parent.user.id, 2800, new Date(Date.now() - 86_400_000));
  const newer = await paidOrder(parent.user.id, 4500, new Date());
  await paidOrder((await makeUser(t)).user.id, 999, new Date()); // someone else's
  const membership = await buildMembership(t, { holder: parent.user });
  const pack = await buildClassPack(t, { owner: parent.user, used: 2 });
  expect((await t.gql(SIGN, { ids: [parent.user.id, child.id] }, { token: parent.token })).errors).toBeUndefined();
  // A draft written to the child: members do not see drafts, the admin does.
  const invoice = await t.gql<{ createInvoice: { id: string } }>(
    CREATE_INVOICE,
    { input: { memberId: child.id, lines: [{ description: 'Camp', quantity: 1, unitCents: 9000 }], dueDate: '2031-01-15' } },
    { token: admin.token },
  );
  expect(invoice.errors).toBeUndefined();

  const res = await t.gql<{ user: Record<string, { id: string }[]> }>(RECORDS, { id: parent.user.id }, { token: admin.token });
  expect(res.errors).toBeUndefined();
  const { orders, memberships, classPacks, invoices, waiverSignatures } = res.data!.user;
  expect(invoices).toEqual([{ id: invoice.data!.createInvoice.id, status: 'draft', member: { id: child.id } }]);
  expect(orders).toEqual([
    { id: newer.id, totalCents: 4500, status: 'paid', lines: [{ description: 'Silks Intro' }] },
    { id: older.id, totalCents: 2800, status: 'paid', lines: [{ description: 'Silks Intro' }] },
  ]);
  expect(memberships).toEqual([{ id: membership.id, status: 'active', plan: { name: expect.any(String) } }]);
  expect(classPacks).toEqual([{ id: pack.id, classes: 5, used: 2 }]);
  expect(waiverSignatures.map((s) => (s as unknown as { signedFor: { id: string } }).signedFor.id).sort()).toEqual(
    [parent.user.id, child.id].sort(),
  );
});

it('keeps those records from everyone but admins', async () => {
  const member = await makeUser(t);
  for (const role of [Role.student, Role.parent, Role.instructor, Role.teacher]) {
    const { token } = await makeUser(t, { role });
    const res = await t.gql(RECORDS, { id: member.user.id }, { token });
    expect(res.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect(res.data ?? null).toBeNull();
  }
  // A member may not read their own through `user` either: they have myOrders and the rest.
  const res = await t.gql(RECORDS, { id: member.user.id }, { token: member.token });
  expect(res.errors?.[0].extensions?.code).toBe('FORBIDDEN');
});
