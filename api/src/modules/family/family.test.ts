import { startTestApp, type TestApp } from '../../../test/app.js';
import { birthdayForAge, makeFamilyMember, makeUser, Role } from '../../../test/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const ADD = `mutation($i: FamilyMemberInput!) { addFamilyMember(input: $i) { id firstName age isMinor hasLogin waiverSigned } }`;
const UPDATE = `mutation($id: ID!, $i: UpdateFamilyMemberInput!) { updateFamilyMember(id: $id, input: $i) { id firstName birthday } }`;
const REMOVE = `mutation($id: ID!) { removeFamilyMember(id: $id) }`;
const PROFILE = `{ profile { id familyMembers { id firstName lastName birthday age isMinor } } }`;

it('needs a signed-in parent', async () => {
  const input = { firstName: 'Mia', lastName: 'Lee', birthday: birthdayForAge(9) };
  expect((await t.gql(ADD, { i: input })).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  const student = await makeUser(t);
  expect((await t.gql(ADD, { i: input }, { token: student.token })).errors?.[0].extensions?.code).toBe('FORBIDDEN');
});

it('lets a parent add, edit and remove members, listed on the profile with their age', async () => {
  const parent = await makeUser(t, { role: Role.parent });
  const kid = await t.gql(ADD, { i: { firstName: 'Mia', lastName: 'Lee', birthday: birthdayForAge(9) } }, { token: parent.token });
  expect(kid.data?.addFamilyMember).toMatchObject({ firstName: 'Mia', age: 9, isMinor: true, hasLogin: false, waiverSigned: false });
  const adult = await t.gql(ADD, { i: { firstName: 'Noah', lastName: 'Lee', birthday: birthdayForAge(20) } }, { token: parent.token });
  expect(adult.data?.addFamilyMember).toMatchObject({ age: 20, isMinor: false });

  const profile = await t.gql(PROFILE, {}, { token: parent.token });
  expect(profile.data?.profile.familyMembers.map((m: { firstName: string }) => m.firstName)).toEqual(['Noah', 'Mia']);

  const edited = await t.gql(UPDATE, { id: kid.data?.addFamilyMember.id, i: { firstName: 'Amelia' } }, { token: parent.token });
  expect(edited.data?.updateFamilyMember.firstName).toBe('Amelia');

  expect((await t.gql(REMOVE, { id: adult.data?.addFamilyMember.id }, { token: parent.token })).data?.removeFamilyMember).toBe(true);
  const after = await t.gql(PROFILE, {}, { token: parent.token });
  expect(after.data?.profile.familyMembers.map((m: { firstName: string }) => m.firstName)).toEqual(['Amelia']);
});

it("does not let a parent touch another family's members", async () => {
  const parent = await makeUser(t, { role: Role.parent });
  const other = await makeUser(t, { role: Role.parent });
  const child = await makeFamilyMember(t, other.user, 7);
  expect((await t.gql(UPDATE, { id: child.id, i: { firstName: 'X' } }, { token: parent.token })).errors?.[0].extensions?.code).toBe(
    'NOT_FOUND',
  );
  expect((await t.gql(REMOVE, { id: child.id }, { token: parent.token })).errors?.[0].extensions?.code).toBe('NOT_FOUND');
});

it('validates names and birthdays field by field', async () => {
  const parent = await makeUser(t, { role: Role.parent });
  const future = await t.gql(ADD, { i: { firstName: 'Mia', lastName: 'Lee', birthday: '2999-01-01' } }, { token: parent.token });
  expect(future.errors?.[0].extensions).toMatchObject({
    code: 'BAD_USER_INPUT',
    fields: { birthday: 'The birthday cannot be in the future.' },
  });
  const blank = await t.gql(ADD, { i: { firstName: '', lastName: 'Lee', birthday: 'yesterday' } }, { token: parent.token });
  expect(Object.keys(blank.errors?.[0].extensions?.fields).sort()).toEqual(['birthday', 'firstName']);
});

it("hides a user's family from everyone but that user and admins", async () => {
  const parent = await makeUser(t, { role: Role.parent });
  await makeFamilyMember(t, parent.user, 8);
  const admin = await makeUser(t, { role: Role.admin });
  const asAdmin = await t.gql(`query($id: ID!) { user(id: $id) { familyMembers { id } } }`, { id: parent.user.id }, { token: admin.token });
  expect(asAdmin.data?.user.familyMembers).toHaveLength(1);
});
