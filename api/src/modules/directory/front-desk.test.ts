import { startTestApp, type TestApp } from '../../../test/app.js';
import { birthdayForAge, em, makeUser, Role } from '../../../test/factories.js';
import { decodeBody, startSmtpPeer } from '../../../test/smtp.js';
import { OutboxEmail } from '../email/outbox-email.entity.js';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
let admin: Awaited<ReturnType<typeof makeUser>>;
beforeAll(async () => {
  smtp = await startSmtpPeer();
  t = await startTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://studio.example' });
  admin = await makeUser(t, { role: Role.admin });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const CREATE = `mutation($input: CreateMemberInput!) { createMember(input: $input) { id username role phone familyMembers { firstName lastName age } } }`;
const create = (input: Record<string, unknown>, token = admin.token) => t.gql(CREATE, { input }, { token });
let n = 0;
const address = (local = 'walkin') => `${local}.${Date.now().toString(36)}${(n += 1)}@example.test`;

it('is for admins only', async () => {
  const input = { firstName: 'A', lastName: 'B', email: address(), birthday: birthdayForAge(30) };
  expect((await t.gql(CREATE, { input })).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  const { token } = await makeUser(t, { role: Role.instructor });
  expect((await create(input, token)).errors?.[0].extensions?.code).toBe('FORBIDDEN');
});

it('makes a parent with two children and emails a link to choose a password, which signs them in', async () => {
  const email = address('Nadia.Okafor');
  const res = await create({
    firstName: 'Nadia',
    lastName: 'Okafor',
    email,
    phone: ' +1 555 010 2020 ',
    birthday: birthdayForAge(38),
    children: [
      { firstName: 'Ike', birthday: birthdayForAge(9) },
      { firstName: 'Ada', lastName: 'Eze', birthday: birthdayForAge(6) },
    ],
  });
  expect(res.errors).toBeUndefined();
  const made = res.data!.createMember;
  expect(made).toMatchObject({ role: 'parent', phone: '+1 555 010 2020', username: email.split('@')[0].toLowerCase() });
  expect(made.familyMembers.map((m: { firstName: string; lastName: string; age: number }) => [m.firstName, m.lastName, m.age])).toEqual([
    ['Ike', 'Okafor', 9],
    ['Ada', 'Eze', 6],
  ]);
  const mail = await smtp.waitFor((m) => m.to.some((to) => to.toLowerCase() === email.toLowerCase()));
  const body = decodeBody(mail.raw);
  expect(body).toContain(`Your username is "${made.username}"`);
  const raw = /https:\/\/studio\.example\/reset-password\?token=([\w-]+)/.exec(body)![1];
  expect(
    (await t.gql(`mutation($t: String!) { resetPassword(token: $t, password: "front-desk-silks-9") }`, { t: raw })).data?.resetPassword,
  ).toBe(true);
  const login = await t.gql(`mutation($u: String!) { login(username: $u, password: "front-desk-silks-9") { token } }`, {
    u: made.username,
  });
  expect(login.data?.login.token).toBeTruthy();
});

it('adds a number to a username already taken, and sends nothing when told not to', async () => {
  const local = `dup${Date.now().toString(36)}`;
  const first = await create({
    firstName: 'Sam',
    lastName: 'One',
    email: `${local}@a.example`,
    birthday: birthdayForAge(25),
    sendPasswordLink: false,
  });
  const second = await create({
    firstName: 'Sam',
    lastName: 'Two',
    email: `${local}@b.example`,
    birthday: birthdayForAge(25),
    sendPasswordLink: false,
  });
  expect([first.data?.createMember.username, second.data?.createMember.username]).toEqual([local, `${local}2`]);
  expect(await em(t).count(OutboxEmail, { to: { $in: [`${local}@a.example`, `${local}@b.example`] } })).toBe(0);
});

it('refuses a used email, an adult account for a child and a parent under 18, leaving nothing behind', async () => {
  const email = address();
  expect(
    (await create({ firstName: 'A', lastName: 'B', email, birthday: birthdayForAge(30), sendPasswordLink: false })).errors,
  ).toBeUndefined();
  const again = await create({ firstName: 'C', lastName: 'D', email: email.toUpperCase(), birthday: birthdayForAge(30) });
  expect(again.errors?.[0].extensions?.code).toBe('CONFLICT');
  const child = await create({ firstName: 'Kid', lastName: 'B', email: address(), birthday: birthdayForAge(10) });
  expect(child.errors?.[0].extensions).toMatchObject({
    code: 'BAD_USER_INPUT',
    fields: { birthday: expect.stringContaining('child of their parent') },
  });
  const youngParent = address();
  const parent = await create({
    firstName: 'Teen',
    lastName: 'B',
    email: youngParent,
    birthday: birthdayForAge(16),
    children: [{ firstName: 'Baby', birthday: birthdayForAge(1) }],
  });
  expect(parent.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
  // A child the family rules refuse (a birthday in the future) rolls the whole account back.
  const rolledBack = address();
  const bad = await create({
    firstName: 'P',
    lastName: 'Q',
    email: rolledBack,
    birthday: birthdayForAge(40),
    children: [{ firstName: 'X', birthday: '2999-01-01' }],
  });
  expect(bad.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
  const users = await t.gql(`query($s: String) { users(search: $s) { total } }`, { s: rolledBack }, { token: admin.token });
  expect(users.data?.users.total).toBe(0);
  expect(
    (await create({ firstName: 'Bad', lastName: 'Phone', email: address(), birthday: birthdayForAge(30), phone: 'call me' })).errors?.[0]
      .extensions,
  ).toMatchObject({
    code: 'BAD_USER_INPUT',
    fields: { phone: 'Use digits, spaces and + ( ) - . only.' },
  });
});
