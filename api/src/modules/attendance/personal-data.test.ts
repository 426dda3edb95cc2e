import { startTestApp, type TestApp } from '../../../test/app.js';
import { makeClass } from '../../../test/classes.js';
import { makeFamilyMember, makeUser, Role, tokenFor } from '../../../test/factories.js';

/** People are shown to others by what the place needs, never by contact details or birthday. */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const STAFF_BOOK = `mutation($c: ID!, $a: ID!) { staffBookAttendee(classInstanceId: $c, attendeeId: $a) { id } }`;
const FIND = `query($q: String!) { findAttendees(search: $q) { id firstName lastName age isMinor waiverSigned guardian { name } } }`;

it('shows who made a booking by name only', async () => {
  const c = await makeClass(t, { capacity: 5 });
  const member = await makeUser(t, { signed: true });
  const booked = await t.gql(STAFF_BOOK, { c: c.id, a: member.user.id }, { token: await tokenFor(t, c.instructor) });
  expect(booked.errors).toBeUndefined();

  const MINE = `query { myBookings { id bookedBy { id name } } }`;
  const mine = await t.gql(MINE, {}, { token: member.token });
  expect(mine.data?.myBookings).toEqual([
    {
      id: booked.data?.staffBookAttendee.id,
      bookedBy: { id: c.instructor.id, name: `${c.instructor.firstName} ${c.instructor.lastName}` },
    },
  ]);
  for (const field of ['email', 'birthday', 'username']) {
    const leak = await t.gql(`query { myBookings { bookedBy { ${field} } } }`, {}, { token: member.token });
    expect(leak.errors?.[0].extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
  }
});

it("keeps the bookings staff make for members out of the staff member's own upcoming classes", async () => {
  // A staff member's Upcoming classes lists their own bookings, not the ones they made for members.
  const c = await makeClass(t, { capacity: 5 });
  const member = await makeUser(t, { signed: true });
  const admin = await makeUser(t, { role: Role.admin });
  const booked = await t.gql(STAFF_BOOK, { c: c.id, a: member.user.id }, { token: admin.token });
  const MINE = `query { myBookings { id } }`;
  expect((await t.gql(MINE, {}, { token: admin.token })).data?.myBookings).toEqual([]);
  expect((await t.gql(MINE, {}, { token: member.token })).data?.myBookings).toEqual([{ id: booked.data?.staffBookAttendee.id }]);
});

describe('finding people to book', () => {
  it('answers names, age, guardian and waiver, and no contact details or birthday', async () => {
    const teacher = await makeUser(t, { role: Role.teacher });
    const parent = await makeUser(t, { role: Role.parent, lastName: 'Quillfeather' });
    const kid = await makeFamilyMember(t, parent.user, 8, 'Wren');
    const found = await t.gql(FIND, { q: 'Quillfeather' }, { token: teacher.token });
    expect(found.errors).toBeUndefined();
    expect(found.data?.findAttendees).toEqual(
      expect.arrayContaining([
        {
          id: kid.id,
          firstName: 'Wren',
          lastName: 'Quillfeather',
          age: 8,
          isMinor: true,
          waiverSigned: false,
          guardian: { name: `${parent.user.firstName} Quillfeather` },
        },
        expect.objectContaining({ id: parent.user.id, isMinor: false, guardian: null }),
      ]),
    );
    for (const field of ['email', 'birthday', 'username']) {
      const leak = await t.gql(`query { findAttendees(search: "Quillfeather") { ${field} } }`, {}, { token: teacher.token });
      expect(leak.errors?.[0].extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
    }
  });

  it('finds for instructors and teachers only the members they may book; admins find anyone', async () => {
    const lastName = 'Marchbanks';
    const admin = await makeUser(t, { role: Role.admin, lastName });
    const instructor = await makeUser(t, { role: Role.instructor, lastName });
    const teacher = await makeUser(t, { role: Role.teacher, lastName });
    const student = await makeUser(t, { role: Role.student, lastName, signed: true });
    const ids = async (token: string) =>
      ((await t.gql(FIND, { q: lastName }, { token })).data?.findAttendees as { id: string }[]).map((p) => p.id).sort();

    expect(await ids(teacher.token)).toEqual([student.user.id]);
    expect(await ids(instructor.token)).toEqual([student.user.id]);
    expect(await ids(admin.token)).toEqual([admin.user.id, instructor.user.id, teacher.user.id, student.user.id].sort());
  });

  it('books by the same rule it finds: staff are not an instructor’s to book', async () => {
    const c = await makeClass(t, { capacity: 5 });
    const colleague = await makeUser(t, { role: Role.teacher, signed: true });
    const refused = await t.gql(STAFF_BOOK, { c: c.id, a: colleague.user.id }, { token: await tokenFor(t, c.instructor) });
    expect(refused.errors?.[0].extensions?.code).toBe('NOT_FOUND');
    const admin = await makeUser(t, { role: Role.admin });
    expect((await t.gql(STAFF_BOOK, { c: c.id, a: colleague.user.id }, { token: admin.token })).errors).toBeUndefined();
  });
});
