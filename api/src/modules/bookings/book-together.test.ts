import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse, print, separateOperations } from 'graphql';
import { startTestApp, type TestApp } from '../../../test/app.js';
import { makeClass } from '../../../test/classes.js';
import { em, makeFamilyMember, makeUser } from '../../../test/factories.js';
import { Role } from '../users/role.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const BOOK_TOGETHER = `mutation($classInstanceId: ID!, $people: [BookingPersonInput!]!) {
  bookClassTogether(classInstanceId: $classInstanceId, people: $people) {
    outcomes { attendeeId booking { id status priceCents attendee { id } } refusal { code reason message } }
    cart { totalItems totalPriceCents items { classInstanceId } }
  }
}`;

/** A parent with a signed waiver and two children they signed for, and a third child nobody signed for. */
async function family() {
  const parent = await makeUser(t, { role: Role.parent, signed: true });
  const mia = await makeFamilyMember(t, parent.user, 9, 'Mia');
  const leo = await makeFamilyMember(t, parent.user, 12, 'Leo');
  const ivy = await makeFamilyMember(t, parent.user, 7, 'Ivy');
  await t.app.services.waivers.sign(em(t), parent.user, [mia.id, leo.id], { ip: null, userAgent: 'test' });
  return { parent, mia, leo, ivy };
}

it('books two children in one step, holds both paid spots in the one cart, and says why the third cannot go', async () => {
  const c = await makeClass(t, { priceCents: 2800 });
  const { parent, mia, leo, ivy } = await family();
  const res = await t.gql(
    BOOK_TOGETHER,
    { classInstanceId: c.id, people: [{ attendeeId: mia.id }, { attendeeId: leo.id }, { attendeeId: ivy.id }] },
    { token: parent.token },
  );
  expect(res.errors).toBeUndefined();
  const { outcomes, cart } = res.data!.bookClassTogether;
  expect(outcomes.map((o: { attendeeId: string }) => o.attendeeId)).toEqual([mia.id, leo.id, ivy.id]);
  expect(outcomes[0]).toMatchObject({ booking: { status: 'held', priceCents: 2800, attendee: { id: mia.id } }, refusal: null });
  expect(outcomes[1]).toMatchObject({ booking: { status: 'held', attendee: { id: leo.id } }, refusal: null });
  expect(outcomes[2]).toMatchObject({
    booking: null,
    refusal: { code: 'FORBIDDEN', message: expect.stringContaining('needs a signed waiver') },
  });
  expect(cart).toMatchObject({ totalItems: 2, totalPriceCents: 5600 });
  const seats = await t.gql(`query($id: ID!) { classInstance(id: $id) { spotsLeft } }`, { id: c.id }, { token: parent.token });
  expect(seats.data!.classInstance.spotsLeft).toBe(8);
});

it('with one spot left, the first is booked and the second is told the class is full (the waitlist is offered)', async () => {
  const c = await makeClass(t, { capacity: 1 });
  const { parent, mia, leo } = await family();
  const res = await t.gql(
    BOOK_TOGETHER,
    { classInstanceId: c.id, people: [{ attendeeId: mia.id }, { attendeeId: leo.id }] },
    { token: parent.token },
  );
  const [first, second] = res.data!.bookClassTogether.outcomes;
  expect(first).toMatchObject({ booking: { status: 'confirmed' }, refusal: null });
  expect(second).toMatchObject({ booking: null, refusal: { code: 'CONFLICT', reason: 'CLASS_FULL' } });
});

it('someone of another family is refused for that person only; nothing is booked twice', async () => {
  const c = await makeClass(t);
  const { parent, mia } = await family();
  const other = await family();
  const res = await t.gql(
    BOOK_TOGETHER,
    { classInstanceId: c.id, people: [{ attendeeId: other.mia.id }, { attendeeId: mia.id }] },
    { token: parent.token },
  );
  const [stranger, own] = res.data!.bookClassTogether.outcomes;
  // As bookClass answers it, and without a word about the other family's child.
  expect(stranger).toMatchObject({ booking: null, refusal: { code: 'FORBIDDEN' } });
  expect(stranger.refusal.message).not.toContain(other.parent.user.lastName);
  expect(own).toMatchObject({ booking: { status: 'confirmed' } });
  const again = await t.gql(BOOK_TOGETHER, { classInstanceId: c.id, people: [{ attendeeId: mia.id }] }, { token: parent.token });
  expect(again.data!.bookClassTogether.outcomes[0].refusal).toMatchObject({ code: 'CONFLICT' });
});

it('refuses a malformed request as a whole: the same person twice, nobody, more than ten, bad ids, no sign-in', async () => {
  const c = await makeClass(t);
  const { parent, mia } = await family();
  const send = (people: unknown, classInstanceId: string = c.id, token: string | undefined = parent.token) =>
    t.gql(BOOK_TOGETHER, { classInstanceId, people }, token ? { token } : {});
  const code = async (p: ReturnType<typeof send>) => (await p).errors?.[0].extensions?.code;
  expect(await code(send([{ attendeeId: mia.id }, { attendeeId: mia.id }]))).toBe('BAD_USER_INPUT');
  expect(await code(send([]))).toBe('BAD_USER_INPUT');
  expect(await code(send(Array.from({ length: 11 }, () => ({ attendeeId: mia.id }))))).toBe('BAD_USER_INPUT');
  expect(await code(send([{ attendeeId: 'not-a-uuid' }]))).toBe('BAD_USER_INPUT');
  expect(await code(send([{ attendeeId: `${mia.id}\u0000` }]))).toBe('BAD_USER_INPUT');
  expect(await code(send([{ attendeeId: mia.id }], '\ud800'))).toBe('BAD_USER_INPUT');
  expect(await code(send([{ attendeeId: mia.id }], c.id, ''))).toBe('UNAUTHENTICATED');
  const nothing = await t.gql(`query($id: ID!) { classInstance(id: $id) { spotsLeft } }`, { id: c.id }, { token: parent.token });
  expect(nothing.data!.classInstance.spotsLeft).toBe(10);
});

it('the web app’s own BookClassTogether document runs within the API’s depth and cost limits', async () => {
  const web = path.resolve(__dirname, '../../../../web/src');
  const files = [
    'pages/classes/classes.graphql',
    'components/schedule/ClassCard.graphql',
    'components/classSummary.graphql',
    'components/cart.graphql',
  ];
  const operations = separateOperations(parse(files.map((f) => readFileSync(path.join(web, f), 'utf8')).join('\n')));
  const c = await makeClass(t, { priceCents: 1500 });
  const { parent, mia, leo } = await family();
  const res = await t.gql(
    print(operations.BookClassTogether),
    { classInstanceId: c.id, people: [{ attendeeId: mia.id }, { attendeeId: leo.id }] },
    { token: parent.token },
  );
  expect(res.errors).toBeUndefined();
  expect(res.data!.bookClassTogether.classInstance).toMatchObject({ id: c.id, spotsLeft: 8 });
  expect(res.data!.bookClassTogether.cart.totalPriceCents).toBe(3000);
});
