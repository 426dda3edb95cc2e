import { startTestApp, type TestApp } from '../../../test/app.js';
import { birthdayForAge, makeUser, Role } from '../../../test/factories.js';

/** A name of only spaces is refused as empty everywhere a name is given; others are trimmed. */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const fieldsOf = (res: { errors?: { extensions?: Record<string, unknown> }[] }) => res.errors?.[0].extensions?.fields;

it('refuses all-space names on registration, the profile and family members, and trims the rest', async () => {
  const REGISTER = `mutation($input: RegisterInput!) { register(input: $input) { user { firstName lastName } } }`;
  const base = {
    birthday: birthdayForAge(30),
    email: 'spaces@example.test',
    username: 'spaces_name',
    password: 'a-long-enough-passphrase',
  };
  const blank = await t.gql(REGISTER, { input: { ...base, firstName: '   ', lastName: '\t ' } });
  expect(blank.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
  expect(fieldsOf(blank)).toEqual({ firstName: 'This field is required.', lastName: 'This field is required.' });
  const padded = await t.gql(REGISTER, { input: { ...base, firstName: '  Mia ', lastName: ' Reyes  ' } });
  expect(padded.data?.register.user).toEqual({ firstName: 'Mia', lastName: 'Reyes' });

  const parent = await makeUser(t, { role: Role.parent });
  const PROFILE = `mutation($input: UpdateProfileInput!) { updateProfile(input: $input) { firstName } }`;
  expect(fieldsOf(await t.gql(PROFILE, { input: { firstName: '    ' } }, { token: parent.token }))).toEqual({
    firstName: 'This field is required.',
  });
  expect((await t.gql(PROFILE, { input: { firstName: ' Ana ' } }, { token: parent.token })).data?.updateProfile.firstName).toBe('Ana');

  const ADD = `mutation($input: FamilyMemberInput!) { addFamilyMember(input: $input) { firstName lastName } }`;
  const kid = { birthday: birthdayForAge(8), lastName: 'Reyes' };
  expect(fieldsOf(await t.gql(ADD, { input: { ...kid, firstName: ' ' } }, { token: parent.token }))).toEqual({
    firstName: 'This field is required.',
  });
  expect((await t.gql(ADD, { input: { ...kid, firstName: ' Leo' } }, { token: parent.token })).data?.addFamilyMember).toEqual({
    firstName: 'Leo',
    lastName: 'Reyes',
  });
});
