import { startTestApp, type TestApp } from '../../../test/app.js';
import { em, makeUser, TEST_PASSWORD } from '../../../test/factories.js';
import { eventually } from '../../../test/eventually.js';
import { decodeBody, startSmtpPeer } from '../../../test/smtp.js';
import { OutboxEmail, OutboxStatus } from '../email/outbox-email.entity.js';
import { PasswordResetToken } from './password-reset-token.entity.js';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
beforeAll(async () => {
  smtp = await startSmtpPeer();
  t = await startTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://studio.example' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const REQUEST = `mutation($e: String!) { requestPasswordReset(email: $e) }`;
const RESET = `mutation($t: String!, $p: String!) { resetPassword(token: $t, password: $p) }`;
const LOGIN = `mutation($u: String!, $p: String!) { login(username: $u, password: $p) { token } }`;

async function requestLink(email: string): Promise<string> {
  expect((await t.gql(REQUEST, { e: email })).data?.requestPasswordReset).toBe(true);
  const mail = await smtp.waitFor((m) => m.to.includes(email.toLowerCase()));
  const match = /https:\/\/studio\.example\/reset-password\?token=([\w-]+)/.exec(decodeBody(mail.raw));
  expect(match).not.toBeNull();
  return match![1];
}

it('answers the same for an unknown address and sends nothing', async () => {
  const res = await t.gql(REQUEST, { e: 'nobody@example.test' });
  expect(res).toMatchObject({ data: { requestPasswordReset: true } });
  expect(await em(t).count(OutboxEmail, { to: 'nobody@example.test' })).toBe(0);
});

it('emails a link through SMTP; the token resets the password once and ends old sessions', async () => {
  const { user, token } = await makeUser(t);
  const raw = await requestLink(user.email!);
  // The worker records the delivery right after the SMTP peer accepted the message.
  await eventually(async () => expect((await em(t).findOneOrFail(OutboxEmail, { to: user.email! })).status).toBe(OutboxStatus.sent));
  // Only a hash is stored.
  expect(await em(t).count(PasswordResetToken, { tokenHash: raw })).toBe(0);

  expect((await t.gql(RESET, { t: raw, p: 'new-silks-password' })).data?.resetPassword).toBe(true);
  expect((await t.gql(`{ me { id } }`, {}, { token })).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  expect((await t.gql(LOGIN, { u: user.username, p: 'new-silks-password' })).data?.login.token).toBeTruthy();
  expect((await t.gql(LOGIN, { u: user.username, p: TEST_PASSWORD })).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');

  const again = await t.gql(RESET, { t: raw, p: 'another-good-password' });
  expect(again.errors?.[0]).toMatchObject({
    message: 'This reset link is invalid or has expired. Please ask for a new one.',
    extensions: { code: 'BAD_USER_INPUT' },
  });
});

it('refuses an expired token and a weak new password', async () => {
  const { user } = await makeUser(t);
  const raw = await requestLink(user.email!);
  const weak = await t.gql(RESET, { t: raw, p: 'short' });
  expect(weak.errors?.[0].extensions?.fields.password).toBe('Use at least 10 characters.');
  await em(t).nativeUpdate(PasswordResetToken, { user: user.id }, { expiresAt: new Date(Date.now() - 1000) });
  const expired = await t.gql(RESET, { t: raw, p: 'perfectly-fine-password' });
  expect(expired.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
});

it('refuses a made-up token', async () => {
  const res = await t.gql(RESET, { t: 'made-up-token', p: 'perfectly-fine-password' });
  expect(res.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
});

it('holds email in the admin outbox when no SMTP server is configured', async () => {
  const noSmtp = await startTestApp();
  try {
    const { user } = await makeUser(noSmtp);
    await noSmtp.gql(REQUEST, { e: user.email });
    await eventually(async () => expect((await em(noSmtp).findOne(OutboxEmail, { to: user.email! }))?.status).toBe(OutboxStatus.held));
    const admin = await makeUser(noSmtp, { role: 'admin' as never });
    const list = await noSmtp.gql(`{ outboxEmails { total items { to subject status kind } } }`, {}, { token: admin.token });
    expect(list.data?.outboxEmails.items).toContainEqual({
      to: user.email,
      subject: 'Reset your studio password',
      status: 'held',
      kind: 'password_reset',
    });
    const member = await makeUser(noSmtp);
    expect((await noSmtp.gql(`{ outboxEmails { total } }`, {}, { token: member.token })).errors?.[0].extensions?.code).toBe('FORBIDDEN');
  } finally {
    await noSmtp.close();
  }
});
