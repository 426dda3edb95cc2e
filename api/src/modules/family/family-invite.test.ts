import { startTestApp, type TestApp } from '../../../test/app.js';
import { makeClass } from '../../../test/classes.js';
import { buildBooking, em, makeFamilyMember, makeUser, Role, tokenFor } from '../../../test/factories.js';
import { decodeBody, startSmtpPeer } from '../../../test/smtp.js';
import { OutboxEmail } from '../email/outbox-email.entity.js';
import { User } from '../users/user.entity.js';
import { FamilyInvite } from './family-invite.entity.js';
import { INVITES_PER_PARENT_PER_HOUR } from './family.service.js';

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

const INVITE = `mutation($m: ID!, $e: String!) { inviteFamilyMember(memberId: $m, email: $e) { id hasLogin familyInvite { email status sentAt expiresAt sendCount acceptedAt } } }`;
const CANCEL = `mutation($m: ID!) { cancelFamilyInvite(memberId: $m) { id familyInvite { status } } }`;
const PREVIEW = `query($t: String!) { familyInvite(token: $t) { firstName lastName email invitedBy expiresAt } }`;
const ACCEPT = `mutation($t: String!, $u: String!, $p: String!) { acceptFamilyInvite(token: $t, username: $u, password: $p) { token redirect user { id username email firstName lastName birthday role hasLogin waiverSigned } } }`;
const FAMILY = `{ profile { familyMembers { id firstName hasLogin familyInvite { status email } } } }`;
const PASSWORD = 'leo-climbs-silks-77';

let n = 0;
const address = (who: string) => `${who}.${Date.now().toString(36)}${n++}@example.test`;

/** A parent with a 19-year-old in the family (no login yet). */
async function familyWithAdult() {
  const parent = await makeUser(t, { role: Role.parent, firstName: 'Paula', lastName: 'Reyes' });
  const leo = await makeFamilyMember(t, parent.user, 19, 'Leo');
  return { parent, leo };
}

/** Invites `member` to `email` and reads the link's token from the email that arrives over SMTP. */
async function inviteAndReadLink(parentToken: string, memberId: string, email: string): Promise<string> {
  const res = await t.gql(INVITE, { m: memberId, e: email }, { token: parentToken });
  expect(res.errors).toBeUndefined();
  // Every address is used once, so the email to it is this invite's.
  const mail = await smtp.waitFor((m) => m.to.includes(email.toLowerCase()));
  const match = /https:\/\/studio\.example\/register\?invite=([\w-]+)/.exec(decodeBody(mail.raw));
  expect(match).not.toBeNull();
  return match![1];
}

it('needs a signed-in parent, and the member must be an adult without a login in their family', async () => {
  const { parent, leo } = await familyWithAdult();
  expect((await t.gql(INVITE, { m: leo.id, e: address('leo') })).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  const student = await makeUser(t);
  expect((await t.gql(INVITE, { m: leo.id, e: address('leo') }, { token: student.token })).errors?.[0].extensions?.code).toBe('FORBIDDEN');
  // Another family's member answers like a missing one.
  const other = await makeUser(t, { role: Role.parent });
  expect((await t.gql(INVITE, { m: leo.id, e: address('leo') }, { token: other.token })).errors?.[0].extensions?.code).toBe('NOT_FOUND');
  // A minor is the parent's to sign and book for.
  const mia = await makeFamilyMember(t, parent.user, 10, 'Mia');
  expect((await t.gql(INVITE, { m: mia.id, e: address('mia') }, { token: parent.token })).errors?.[0]).toMatchObject({
    message: 'Mia is under 18: you sign and book for Mia from your account.',
    extensions: { code: 'FORBIDDEN' },
  });
  expect(await em(t).count(OutboxEmail, { kind: 'family_invite', to: { $like: 'mia.%' } })).toBe(0);
});

it("refuses the parent's own address and one that belongs to an account, field by field", async () => {
  const { parent, leo } = await familyWithAdult();
  const own = await t.gql(INVITE, { m: leo.id, e: parent.user.email }, { token: parent.token });
  expect(own.errors?.[0].extensions).toMatchObject({
    code: 'BAD_USER_INPUT',
    fields: { email: 'Use Leo’s own email address, not yours.' },
  });
  const someone = await makeUser(t);
  const taken = await t.gql(INVITE, { m: leo.id, e: someone.user.email!.toUpperCase() }, { token: parent.token });
  expect(taken.errors?.[0].extensions).toMatchObject({ code: 'CONFLICT', fields: { email: 'An account with that email already exists.' } });
  const invalid = await t.gql(INVITE, { m: leo.id, e: 'not-an-address' }, { token: parent.token });
  expect(invalid.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
});

it('emails a single-use link; Leo picks a username and password, keeps his record and history, and is sent to his waiver', async () => {
  const { parent, leo } = await familyWithAdult();
  const c = await makeClass(t, { startsInMinutes: -3 * 24 * 60 });
  const past = await buildBooking(t, { classInstance: c, attendee: leo, bookedBy: parent.user, checkedInAt: c.startsAt });

  const email = address('leo');
  const raw = await inviteAndReadLink(parent.token, leo.id, email);
  const mail = decodeBody(smtp.inbox.find((m) => m.to.includes(email))!.raw);
  expect(mail).toContain('Subject: Paula invited you to');
  expect(mail).toContain('Hi Leo,');
  expect(mail).toContain('within 7 days');
  // Only a hash is stored.
  expect(await em(t).count(FamilyInvite, { tokenHash: raw })).toBe(0);

  const family = await t.gql(FAMILY, {}, { token: parent.token });
  expect(family.data?.profile.familyMembers).toEqual([
    { id: leo.id, firstName: 'Leo', hasLogin: false, familyInvite: { status: 'pending', email } },
  ]);

  const preview = await t.gql(PREVIEW, { t: raw });
  expect(preview.data?.familyInvite).toMatchObject({ firstName: 'Leo', lastName: 'Reyes', email, invitedBy: 'Paula Reyes' });

  const username = `leo_${Date.now().toString(36)}`;
  const accepted = await t.gql(ACCEPT, { t: raw, u: username, p: PASSWORD });
  expect(accepted.errors).toBeUndefined();
  expect(accepted.data?.acceptFamilyInvite).toMatchObject({
    token: expect.any(String),
    redirect: '/waiver',
    user: { id: leo.id, username, email, firstName: 'Leo', birthday: leo.birthday, role: 'student', hasLogin: true, waiverSigned: false },
  });
  // Same record: the class he took before is still his.
  const admin = await makeUser(t, { role: Role.admin });
  const history = await t.gql(
    `query($u: ID!) { attendanceHistory(userId: $u) { items { id checkedInAt } } }`,
    { u: accepted.data?.acceptFamilyInvite.user.id },
    { token: admin.token },
  );
  expect(history.data?.attendanceHistory.items).toEqual([{ id: past.id, checkedInAt: expect.any(String) }]);
  // He signs in with it from now on.
  const login = await t.gql(`mutation($u: String!, $p: String!) { login(username: $u, password: $p) { redirect } }`, {
    u: username,
    p: PASSWORD,
  });
  expect(login.data?.login.redirect).toBe('/waiver');

  // The link works once.
  expect((await t.gql(ACCEPT, { t: raw, u: `${username}2`, p: PASSWORD })).errors?.[0]).toMatchObject({
    message: 'This invite link is invalid, was used already or has expired. Ask for a new one.',
    extensions: { code: 'BAD_USER_INPUT', fields: { token: expect.any(String) } },
  });
  expect((await t.gql(PREVIEW, { t: raw })).data?.familyInvite).toBeNull();

  // The parent sees him accepted, with his own login; his details are his own now.
  const after = await t.gql(FAMILY, {}, { token: parent.token });
  expect(after.data?.profile.familyMembers).toEqual([
    { id: leo.id, firstName: 'Leo', hasLogin: true, familyInvite: { status: 'accepted', email } },
  ]);
  const edit = await t.gql(
    `mutation($id: ID!) { updateFamilyMember(id: $id, input: { firstName: "Leon" }) { id } }`,
    { id: leo.id },
    { token: parent.token },
  );
  expect(edit.errors?.[0]).toMatchObject({
    message: 'Leo has a login of their own and keeps their details up to date on their profile.',
    extensions: { code: 'FORBIDDEN' },
  });
  // Nobody but his parent sees the invite.
  const leoToken = accepted.data?.acceptFamilyInvite.token;
  expect((await t.gql(`{ profile { familyInvite { status } } }`, {}, { token: leoToken })).data?.profile.familyInvite).toBeNull();
});

it('Leo signs his own waiver; his parent still cannot sign for him', async () => {
  const { parent, leo } = await familyWithAdult();
  const raw = await inviteAndReadLink(parent.token, leo.id, address('leo'));
  const signFor = await t.gql(
    `mutation($ids: [ID!]!) { signWaivers(userIds: $ids) { user { id } } }`,
    { ids: [leo.id] },
    { token: parent.token },
  );
  expect(signFor.errors?.[0].extensions?.code).toBe('FORBIDDEN');
  const accepted = await t.gql(ACCEPT, { t: raw, u: `leo_${Date.now().toString(36)}`, p: PASSWORD });
  const own = await t.gql(
    `mutation($ids: [ID!]!) { signWaivers(userIds: $ids) { user { waiverSigned } } }`,
    { ids: [leo.id] },
    { token: accepted.data?.acceptFamilyInvite.token },
  );
  expect(own.data?.signWaivers.user.waiverSigned).toBe(true);
  const family = await t.gql(`{ profile { familyMembers { waiverSigned } } }`, {}, { token: parent.token });
  expect(family.data?.profile.familyMembers).toEqual([{ waiverSigned: true }]);
});

it('sending again replaces the link; the old one stops working', async () => {
  const { parent, leo } = await familyWithAdult();
  const first = await inviteAndReadLink(parent.token, leo.id, address('leo'));
  const email = address('leo.new');
  const second = await inviteAndReadLink(parent.token, leo.id, email);
  expect(second).not.toBe(first);
  expect((await t.gql(PREVIEW, { t: first })).data?.familyInvite).toBeNull();
  expect((await t.gql(PREVIEW, { t: second })).data?.familyInvite.email).toBe(email);
  const family = await t.gql(`{ profile { familyMembers { familyInvite { sendCount email } } } }`, {}, { token: parent.token });
  expect(family.data?.profile.familyMembers[0].familyInvite).toEqual({ sendCount: 2, email });
});

it('an expired link, a withdrawn invite and a member removed from the family all end the link', async () => {
  const { parent, leo } = await familyWithAdult();
  const raw = await inviteAndReadLink(parent.token, leo.id, address('leo'));
  await em(t).nativeUpdate(FamilyInvite, { member: leo.id }, { expiresAt: new Date(Date.now() - 1000) });
  expect((await t.gql(FAMILY, {}, { token: parent.token })).data?.profile.familyMembers[0].familyInvite.status).toBe('expired');
  expect((await t.gql(ACCEPT, { t: raw, u: `leo_${Date.now().toString(36)}`, p: PASSWORD })).errors?.[0].extensions?.code).toBe(
    'BAD_USER_INPUT',
  );

  const again = await inviteAndReadLink(parent.token, leo.id, address('leo'));
  const cancelled = await t.gql(CANCEL, { m: leo.id }, { token: parent.token });
  expect(cancelled.data?.cancelFamilyInvite).toEqual({ id: leo.id, familyInvite: null });
  expect((await t.gql(PREVIEW, { t: again })).data?.familyInvite).toBeNull();

  const third = await inviteAndReadLink(parent.token, leo.id, address('leo'));
  await t.gql(`mutation($id: ID!) { removeFamilyMember(id: $id) }`, { id: leo.id }, { token: parent.token });
  expect((await t.gql(ACCEPT, { t: third, u: `leo_${Date.now().toString(36)}`, p: PASSWORD })).errors?.[0].extensions?.code).toBe(
    'BAD_USER_INPUT',
  );
});

it('checks the username and password like registration', async () => {
  const { parent, leo } = await familyWithAdult();
  const raw = await inviteAndReadLink(parent.token, leo.id, address('leo'));
  const weak = await t.gql(ACCEPT, { t: raw, u: `leo_${Date.now().toString(36)}`, p: 'short' });
  expect(weak.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', fields: { password: 'Use at least 10 characters.' } });
  const taken = await t.gql(ACCEPT, { t: raw, u: parent.username.toUpperCase(), p: PASSWORD });
  expect(taken.errors?.[0].extensions).toMatchObject({ code: 'CONFLICT', fields: { username: 'That username is already taken.' } });
  const containsName = await t.gql(ACCEPT, { t: raw, u: 'leoclimbs', p: 'leoclimbs-and-more' });
  expect(containsName.errors?.[0].extensions?.fields.password).toBe('Your password must not contain your username.');
  // None of these used the link up.
  expect((await t.gql(PREVIEW, { t: raw })).data?.familyInvite.firstName).toBe('Leo');
});

it('lets a parent remove a member who has their own login from the family; the login stays', async () => {
  const { parent, leo } = await familyWithAdult();
  const raw = await inviteAndReadLink(parent.token, leo.id, address('leo'));
  const username = `leo_${Date.now().toString(36)}`;
  await t.gql(ACCEPT, { t: raw, u: username, p: PASSWORD });
  await t.gql(`mutation($id: ID!) { removeFamilyMember(id: $id) }`, { id: leo.id }, { token: parent.token });
  expect((await t.gql(FAMILY, {}, { token: parent.token })).data?.profile.familyMembers).toEqual([]);
  const account = await em(t).findOneOrFail(User, { id: leo.id }, { populate: ['guardian'] });
  expect([account.guardian, account.removedAt, account.username]).toEqual([null, null, username]);
  expect((await t.gql(`{ me { id } }`, {}, { token: await tokenFor(t, account) })).data?.me.id).toBe(leo.id);
});

it('limits how many invites a parent sends in an hour', async () => {
  const { parent, leo } = await familyWithAdult();
  for (let i = 0; i < INVITES_PER_PARENT_PER_HOUR; i++) {
    expect((await t.gql(INVITE, { m: leo.id, e: address('leo') }, { token: parent.token })).errors).toBeUndefined();
  }
  expect((await t.gql(INVITE, { m: leo.id, e: address('leo') }, { token: parent.token })).errors?.[0].extensions?.code).toBe(
    'RATE_LIMITED',
  );
});
