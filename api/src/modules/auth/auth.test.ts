import { SignJWT } from 'jose';
import { startTestApp, type TestApp } from '../../../test/app.js';
import { em, makeFamilyMember, makeUser, Role, TEST_PASSWORD } from '../../../test/factories.js';
import { User } from '../users/user.entity.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const REGISTER = `mutation Register($input: RegisterInput!) { register(input: $input) { token redirect user { id username role waiverSigned } } }`;
const LOGIN = `mutation Login($u: String!, $p: String!) { login(username: $u, password: $p) { token redirect user { id role } } }`;
const ME = `{ me { id username role waiverSigned } }`;

let n = 0;
const newMember = (overrides: Record<string, unknown> = {}) => {
  n += 1;
  return {
    firstName: 'Ada',
    lastName: 'Lovelace',
    username: `ada${n}${Date.now() % 100000}`,
    email: `ada${n}.${Date.now()}@example.test`,
    password: 'flying-trapeze-42',
    birthday: '1990-04-12',
    isParentOrGuardian: false,
    ...overrides,
  };
};
/** Each caller gets its own client IP, so per-IP login limits of one test never leak into another. */
let ipCounter = 10;
const fromNewIp = () => ({ headers: { 'x-forwarded-for': `10.0.0.${ipCounter++}` } });

describe('unauthenticated', () => {
  it('refuses me without a token, with a garbage token and with a tampered token', async () => {
    const { user, token } = await makeUser(t);
    // The signature's fifth character from the end, always changed: ending it in "xx" left it as it was when it
    // already ended so (and the very last character carries padding bits a different letter may not change).
    const at = token.length - 5;
    const tampered = token.slice(0, at) + (token[at] === 'a' ? 'b' : 'a') + token.slice(at + 1);
    for (const bad of [undefined, 'not-a-token', tampered]) {
      // The whole answer is compared, so a failure shows what came back instead.
      expect(await t.gql(ME, {}, { token: bad })).toMatchObject({ errors: [{ extensions: { code: 'UNAUTHENTICATED' } }] });
    }
    expect((await t.gql(ME, {}, { token })).data?.me.id).toBe(user.id);
  });

  it('refuses an expired token', async () => {
    const { user } = await makeUser(t);
    const expired = await new SignJWT({ ver: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setAudience('studio')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 8 * 86400)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 86400)
      .sign(new TextEncoder().encode(t.app.services.env.jwtSecret));
    expect((await t.gql(ME, {}, { token: expired })).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });
});

describe('register', () => {
  it('creates a student who signs in at once and is sent to the waiver', async () => {
    const input = newMember();
    const res = await t.gql(REGISTER, { input });
    expect(res.errors).toBeUndefined();
    expect(res.data?.register).toMatchObject({
      redirect: '/waiver',
      user: { username: input.username, role: 'student', waiverSigned: false },
    });
    const me = await t.gql(ME, {}, { token: res.data?.register.token });
    expect(me.data?.me.username).toBe(input.username);
  });

  it('makes a parent or guardian a parent', async () => {
    const res = await t.gql(REGISTER, { input: newMember({ isParentOrGuardian: true }) });
    expect(res.data?.register.user.role).toBe('parent');
  });

  it('refuses a username or email already used, whatever the case', async () => {
    const first = newMember();
    await t.gql(REGISTER, { input: first });
    const again = await t.gql(REGISTER, { input: newMember({ username: first.username.toUpperCase() }) });
    expect(again.errors?.[0].extensions).toMatchObject({ code: 'CONFLICT', fields: { username: 'That username is already taken.' } });
    const sameEmail = await t.gql(REGISTER, { input: newMember({ email: first.email.toUpperCase() }) });
    expect(sameEmail.errors?.[0].extensions).toMatchObject({
      code: 'CONFLICT',
      fields: { email: 'An account with that email already exists.' },
    });
  });

  it.each([
    ['too short', 'short1', 'Use at least 10 characters.'],
    ['a very common one', 'password123', 'That password is too common. Please choose another.'],
    ['one containing the username', 'USERNAME-is-long', 'Your password must not contain your username.'],
  ])('refuses a password that is %s, on the password field', async (_label, password, message) => {
    const input = newMember();
    const res = await t.gql(REGISTER, { input: { ...input, password: password.replace('USERNAME', input.username) } });
    expect(res.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', fields: { password: message } });
  });

  it('reports every invalid field at once', async () => {
    const res = await t.gql(REGISTER, {
      input: newMember({ email: 'not-an-email', username: 'x', birthday: '1990-02-31', firstName: ' ' }),
    });
    expect(res.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    expect(Object.keys(res.errors?.[0].extensions?.fields).sort()).toEqual(['birthday', 'email', 'firstName', 'username']);
  });

  it('refuses a future birthday, an under-13 member and an under-18 guardian', async () => {
    const future = await t.gql(REGISTER, { input: newMember({ birthday: '2999-01-01' }) });
    expect(future.errors?.[0].extensions?.fields.birthday).toBe('The birthday cannot be in the future.');
    const young = new Date();
    young.setFullYear(young.getFullYear() - 10);
    const child = await t.gql(REGISTER, { input: newMember({ birthday: young.toISOString().slice(0, 10) }) });
    expect(child.errors?.[0].extensions?.fields.birthday).toMatch(/at least 13/);
    young.setFullYear(young.getFullYear() + 0 - 6);
    const teenParent = await t.gql(REGISTER, {
      input: newMember({ birthday: young.toISOString().slice(0, 10), isParentOrGuardian: true }),
    });
    expect(teenParent.errors?.[0].extensions?.fields.birthday).toBe('A parent or guardian must be 18 or older.');
  });
});

describe('login', () => {
  it('signs in with the right password, case-insensitive username, and redirects by waiver state', async () => {
    const unsigned = await makeUser(t);
    const signed = await makeUser(t, { signed: true });
    const a = await t.gql(LOGIN, { u: unsigned.username.toUpperCase(), p: TEST_PASSWORD }, fromNewIp());
    expect(a.data?.login).toMatchObject({ redirect: '/waiver', user: { id: unsigned.user.id } });
    const b = await t.gql(LOGIN, { u: signed.username, p: TEST_PASSWORD }, fromNewIp());
    expect(b.data?.login.redirect).toBe('/dashboard');
  });

  it("answers with the user's family in the same operation", async () => {
    const parent = await makeUser(t, { role: Role.parent });
    await makeFamilyMember(t, parent.user, 7, 'Ivy');
    const res = await t.gql(
      `mutation($u: String!, $p: String!) { login(username: $u, password: $p) { user { familyMembers { firstName } } } }`,
      { u: parent.username, p: TEST_PASSWORD },
      fromNewIp(),
    );
    expect(res.data?.login.user.familyMembers).toEqual([{ firstName: 'Ivy' }]);
  });

  it('gives one vague message for an unknown user and a wrong password', async () => {
    const { username } = await makeUser(t);
    const wrong = await t.gql(LOGIN, { u: username, p: 'not-the-password' }, fromNewIp());
    const unknown = await t.gql(LOGIN, { u: 'nobody-at-all', p: 'not-the-password' }, fromNewIp());
    expect(wrong.errors?.[0]).toMatchObject({ message: 'Invalid username or password.', extensions: { code: 'UNAUTHENTICATED' } });
    expect(unknown.errors?.[0].message).toBe(wrong.errors?.[0].message);
  });

  it('refuses a deactivated user and ends their sessions', async () => {
    const admin = await makeUser(t, { role: Role.admin });
    const member = await makeUser(t);
    const res = await t.gql(`mutation($id: ID!) { deactivateUser(id: $id) { isActive } }`, { id: member.user.id }, { token: admin.token });
    expect(res.data?.deactivateUser.isActive).toBe(false);
    expect((await t.gql(ME, {}, { token: member.token })).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    const login = await t.gql(LOGIN, { u: member.username, p: TEST_PASSWORD }, fromNewIp());
    expect(login.errors?.[0].message).toBe('Invalid username or password.');
  });

  it('locks a username after 10 failures within 15 minutes, even for the right password', async () => {
    const { username } = await makeUser(t);
    for (let i = 0; i < 10; i++) {
      const res = await t.gql(LOGIN, { u: username, p: `wrong-${i}` }, fromNewIp());
      expect(res.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    }
    const locked = await t.gql(LOGIN, { u: username, p: TEST_PASSWORD }, fromNewIp());
    expect(locked.errors?.[0].extensions).toMatchObject({ code: 'RATE_LIMITED' });
    expect(locked.errors?.[0].message).toMatch(/Too many failed sign-in attempts/);
  });

  it('locks an IP after 10 failures across usernames', async () => {
    const ip = { headers: { 'x-forwarded-for': '10.9.9.9' } };
    for (let i = 0; i < 10; i++) await t.gql(LOGIN, { u: `someone-${i}`, p: 'wrong-password' }, ip);
    const { username } = await makeUser(t);
    expect((await t.gql(LOGIN, { u: username, p: TEST_PASSWORD }, ip)).errors?.[0].extensions?.code).toBe('RATE_LIMITED');
    expect((await t.gql(LOGIN, { u: username, p: TEST_PASSWORD }, fromNewIp())).data?.login.token).toBeTruthy();
  });

  it('lets the lock pass when the window has passed', async () => {
    const { username } = await makeUser(t);
    for (let i = 0; i < 10; i++) await t.gql(LOGIN, { u: username, p: 'wrong-password' }, fromNewIp());
    // Move the stored window into the past instead of waiting 15 minutes.
    await em(t)
      .getConnection()
      .execute(`update rate_limit set expire = ? where key like ?`, [Date.now() - 1, `login:user:${username}`]);
    expect((await t.gql(LOGIN, { u: username, p: TEST_PASSWORD }, fromNewIp())).data?.login.token).toBeTruthy();
  });
});

describe('registration limit', () => {
  it('refuses more new accounts an hour from one IP than REGISTRATIONS_PER_IP_PER_HOUR, and not from another', async () => {
    // Its own app with a small limit: each registration hashes a password, so 21 of them are slow under load.
    const limited = await startTestApp({ REGISTRATIONS_PER_IP_PER_HOUR: '3' });
    try {
      const ip = { headers: { 'x-forwarded-for': '10.7.7.7' } };
      for (let i = 0; i < 3; i++) expect((await limited.gql(REGISTER, { input: newMember() }, ip)).errors).toBeUndefined();
      const refused = await limited.gql(REGISTER, { input: newMember() }, ip);
      expect(refused.errors?.[0].extensions).toMatchObject({ code: 'RATE_LIMITED', retryAfterSeconds: 3600 });
      expect(refused.errors?.[0].message).toBe('Too many new accounts from this network. Please try again in an hour.');
      expect((await limited.gql(REGISTER, { input: newMember() }, fromNewIp())).errors).toBeUndefined();
    } finally {
      await limited.close();
    }
  });
});

describe('session revocation', () => {
  it("logout ends the session it is sent with, not another user's (per device: sessions.test.ts)", async () => {
    const { token } = await makeUser(t);
    const second = await makeUser(t);
    expect((await t.gql(`mutation { logout }`, {}, { token })).data?.logout).toBe(true);
    expect((await t.gql(ME, {}, { token })).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    expect((await t.gql(ME, {}, { token: second.token })).data?.me).toBeTruthy();
  });

  it('changePassword checks the current password, applies the policy, revokes old tokens and returns a new one', async () => {
    const { token, username, user } = await makeUser(t);
    const CHANGE = `mutation($i: ChangePasswordInput!) { changePassword(input: $i) { token user { id } } }`;
    const wrong = await t.gql(CHANGE, { i: { currentPassword: 'nope-nope-nope', newPassword: 'a-brand-new-secret' } }, { token });
    expect(wrong.errors?.[0].extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fields: { currentPassword: 'Your current password is not correct.' },
    });
    const weak = await t.gql(CHANGE, { i: { currentPassword: TEST_PASSWORD, newPassword: 'short' } }, { token });
    expect(weak.errors?.[0].extensions?.fields.newPassword).toBe('Use at least 10 characters.');
    const ok = await t.gql(CHANGE, { i: { currentPassword: TEST_PASSWORD, newPassword: 'a-brand-new-secret' } }, { token });
    expect(ok.data?.changePassword.user.id).toBe(user.id);
    expect((await t.gql(ME, {}, { token })).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    expect((await t.gql(ME, {}, { token: ok.data?.changePassword.token })).data?.me.id).toBe(user.id);
    expect((await t.gql(LOGIN, { u: username, p: 'a-brand-new-secret' }, fromNewIp())).data?.login.token).toBeTruthy();
  });

  it('stores only a scrypt hash of the password', async () => {
    const { user } = await makeUser(t);
    const stored = await em(t).findOneOrFail(User, { id: user.id }, { populate: ['passwordHash'] });
    expect(stored.passwordHash).toMatch(/^scrypt\$\d+\$8\$1\$/);
    expect(stored.passwordHash).not.toContain(TEST_PASSWORD);
  });
});
