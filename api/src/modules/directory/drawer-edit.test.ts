import { startTestApp, type TestApp } from '../../../test/app.js';
import { birthdayForAge, em, makeUser, Role, type MadeUser } from '../../../test/factories.js';
import { User } from '../users/user.entity.js';

let t: TestApp;
let admin: MadeUser;
beforeAll(async () => {
  t = await startTestApp();
  admin = await makeUser(t, { role: Role.admin });
});
afterAll(() => t.close());

const UPDATE = `mutation($id: ID!, $input: UpdateUserInput!) { updateUser(id: $id, input: $input) { id firstName lastName email phone birthday } }`;
const SIGN_OUT = `mutation($id: ID!) { signOutUserEverywhere(id: $id) { id isActive } }`;
const ME = `{ me { id } }`;
const code = (res: { errors?: readonly { extensions?: Record<string, unknown> }[] }) => res.errors?.[0].extensions?.code;

describe("the admin drawer's profile edit", () => {
  it('is refused to visitors and to anyone but admins', async () => {
    const member = await makeUser(t);
    const input = { firstName: 'Changed' };
    expect(code(await t.gql(UPDATE, { id: member.user.id, input }))).toBe('UNAUTHENTICATED');
    for (const role of [Role.student, Role.parent, Role.instructor, Role.teacher]) {
      const { token } = await makeUser(t, { role });
      expect(code(await t.gql(UPDATE, { id: member.user.id, input }, { token }))).toBe('FORBIDDEN');
    }
    expect((await em(t).findOneOrFail(User, { id: member.user.id })).firstName).not.toBe('Changed');
  });

  it('saves names, email, phone and birthday with the shared field rules', async () => {
    const member = await makeUser(t);
    const birthday = birthdayForAge(41);
    const email = `renamed.${member.username}@example.test`;
    const res = await t.gql(
      UPDATE,
      { id: member.user.id, input: { firstName: ' Nadia ', lastName: 'Okafor', email, phone: ' +1 (555) 010-2020 ', birthday } },
      { token: admin.token },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data!.updateUser).toEqual({
      id: member.user.id,
      firstName: 'Nadia',
      lastName: 'Okafor',
      email,
      phone: '+1 (555) 010-2020',
      birthday,
    });
    const bad = await t.gql(UPDATE, { id: member.user.id, input: { phone: 'call me', email: 'nope' } }, { token: admin.token });
    expect(code(bad)).toBe('BAD_USER_INPUT');
    expect(bad.errors?.[0].extensions?.fields).toEqual({
      phone: 'Use digits, spaces and + ( ) - . only.',
      email: 'Enter a valid email address.',
    });
    // An empty phone removes it.
    const cleared = await t.gql(UPDATE, { id: member.user.id, input: { phone: '' } }, { token: admin.token });
    expect(cleared.data!.updateUser.phone).toBeNull();
  });

  it("refuses another account's email, as a field message", async () => {
    const a = await makeUser(t);
    const b = await makeUser(t);
    const res = await t.gql(UPDATE, { id: a.user.id, input: { email: b.user.email!.toUpperCase() } }, { token: admin.token });
    expect(code(res)).toBe('CONFLICT');
    expect(res.errors?.[0].extensions?.fields).toEqual({ email: 'An account with that email already exists.' });
  });

  it('lets members set their own phone on /profile', async () => {
    const member = await makeUser(t);
    const UPDATE_PROFILE = `mutation($input: UpdateProfileInput!) { updateProfile(input: $input) { id phone } }`;
    const res = await t.gql(UPDATE_PROFILE, { input: { phone: '0412 345 678' } }, { token: member.token });
    expect(res.data!.updateProfile).toEqual({ id: member.user.id, phone: '0412 345 678' });
    expect(code(await t.gql(UPDATE_PROFILE, { input: { phone: 'x'.repeat(31) } }, { token: member.token }))).toBe('BAD_USER_INPUT');
  });
});

describe('signOutUserEverywhere', () => {
  it('is refused to visitors and to anyone but admins', async () => {
    const member = await makeUser(t);
    expect(code(await t.gql(SIGN_OUT, { id: member.user.id }))).toBe('UNAUTHENTICATED');
    const { token } = await makeUser(t, { role: Role.instructor });
    expect(code(await t.gql(SIGN_OUT, { id: member.user.id }, { token }))).toBe('FORBIDDEN');
    expect((await t.gql(ME, {}, { token: member.token })).data?.me.id).toBe(member.user.id);
  });

  it("ends every session of the account, leaving it active and the admin's own sessions alone", async () => {
    const member = await makeUser(t);
    const res = await t.gql(SIGN_OUT, { id: member.user.id }, { token: admin.token });
    expect(res.data!.signOutUserEverywhere).toEqual({ id: member.user.id, isActive: true });
    expect(code(await t.gql(ME, {}, { token: member.token }))).toBe('UNAUTHENTICATED');
    expect((await t.gql(ME, {}, { token: admin.token })).data?.me.id).toBe(admin.user.id);
    expect(code(await t.gql(SIGN_OUT, { id: '00000000-0000-4000-8000-000000000000' }, { token: admin.token }))).toBe('NOT_FOUND');
  });
});
