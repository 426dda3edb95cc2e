import { startTestApp, type TestApp } from '../../../test/app.js';
import { em, makeFamilyMember, makeUser, Role } from '../../../test/factories.js';
import { WaiverSignature } from './waiver-signature.entity.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const SIGN = `mutation($ids: [ID!]!) { signWaivers(userIds: $ids) { signatures { id documentId documentVersion signedFor { id } signedBy { id } ip userAgent } user { id waiverSigned } } }`;
const STATE = `{ profile { waiverSigned familyMembers { id waiverSigned } } }`;
const sign = (token: string, ids: string[], headers: Record<string, string> = {}) => t.gql(SIGN, { ids }, { token, headers });

async function family() {
  const parent = await makeUser(t, { role: Role.parent });
  const minor = await makeFamilyMember(t, parent.user, 10, 'Mia');
  const adult = await makeFamilyMember(t, parent.user, 19, 'Leo');
  return { parent, minor, adult };
}

it('publishes the waiver document to everyone', async () => {
  const res = await t.gql(`{ waiverDocument { documentId version lastUpdated title sections { key heading body } } }`);
  expect(res.data?.waiverDocument).toMatchObject({ documentId: 'ASTRO-WAIVER-2025', version: 1, lastUpdated: '2025-05-01' });
  expect(res.data?.waiverDocument.sections.map((s: { key: string }) => s.key)).toEqual([
    'assumption_of_risk',
    'medical_release',
    'media_release',
  ]);
});

it('needs a signed-in user', async () => {
  const { user } = await makeUser(t);
  expect((await t.gql(SIGN, { ids: [user.id] })).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
});

it('signs for oneself and records who, for whom, which version, when and from where', async () => {
  const { user, token } = await makeUser(t);
  const res = await sign(token, [user.id], { 'user-agent': 'StudioTest/1.0', 'x-forwarded-for': '203.0.113.7' });
  expect(res.data?.signWaivers.user.waiverSigned).toBe(true);
  expect(res.data?.signWaivers.signatures[0]).toMatchObject({
    documentId: 'ASTRO-WAIVER-2025',
    documentVersion: 1,
    signedFor: { id: user.id },
    signedBy: { id: user.id },
    ip: '203.0.113.7',
    userAgent: 'StudioTest/1.0',
  });
  const again = await sign(token, [user.id]);
  expect(again.data?.signWaivers.signatures).toHaveLength(0); // not signed twice
});

it('lets a parent sign for a minor in the family', async () => {
  const { parent, minor } = await family();
  const res = await sign(parent.token, [parent.user.id, minor.id]);
  expect(res.errors).toBeUndefined();
  const state = await t.gql(STATE, {}, { token: parent.token });
  expect(state.data?.profile.waiverSigned).toBe(true);
  expect(state.data?.profile.familyMembers.find((m: { id: string }) => m.id === minor.id).waiverSigned).toBe(true);
});

it('refuses an adult family member, naming them, and signs nothing (all or nothing)', async () => {
  const { parent, minor, adult } = await family();
  const res = await sign(parent.token, [parent.user.id, minor.id, adult.id]);
  expect(res.errors?.[0]).toMatchObject({
    message: 'Leo ' + adult.lastName + ' is 18 or older and must sign the waiver with their own account.',
    extensions: { code: 'FORBIDDEN' },
  });
  expect(await em(t).count(WaiverSignature, { signedFor: { $in: [parent.user.id, minor.id, adult.id] } })).toBe(0);
});

it("refuses a stranger and another family's child", async () => {
  const { parent } = await family();
  const stranger = await makeUser(t);
  const other = await family();
  for (const id of [stranger.user.id, other.minor.id]) {
    const res = await sign(parent.token, [parent.user.id, id]);
    expect(res.errors?.[0]).toMatchObject({
      extensions: { code: 'FORBIDDEN' },
      message: 'You can only sign the waiver for yourself and for children under 18 in your family.',
    });
  }
  expect(await em(t).count(WaiverSignature, { signedFor: parent.user.id })).toBe(0);
});

it('refuses an empty list and malformed ids', async () => {
  const { token } = await makeUser(t);
  expect((await sign(token, [])).errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
  expect((await sign(token, ['not-a-uuid'])).errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
});

it('keeps signatures immutable in the database', async () => {
  const { user, token } = await makeUser(t);
  await sign(token, [user.id]);
  const conn = em(t).getConnection();
  await expect(conn.execute(`update waiver_signature set ip = 'x' where signed_for_id = ?`, [user.id])).rejects.toThrow(
    /cannot be changed or deleted/,
  );
  await expect(conn.execute(`delete from waiver_signature where signed_for_id = ?`, [user.id])).rejects.toThrow(
    /cannot be changed or deleted/,
  );
});

it('changes the login redirect once signed', async () => {
  const { user, token, username } = await makeUser(t);
  const LOGIN = `mutation($u: String!, $p: String!) { login(username: $u, password: $p) { redirect } }`;
  expect((await t.gql(LOGIN, { u: username, p: 'correct-horse-battery' })).data?.login.redirect).toBe('/waiver');
  await sign(token, [user.id]);
  expect((await t.gql(LOGIN, { u: username, p: 'correct-horse-battery' })).data?.login.redirect).toBe('/dashboard');
});

it('gives admins paged lists of signatures and of people without one', async () => {
  const admin = await makeUser(t, { role: Role.admin, signed: true });
  const signed = await makeUser(t, { signed: true, firstName: 'Signedperson' });
  const unsigned = await makeUser(t, { firstName: 'Unsignedperson' });
  const list = await t.gql(
    `{ waiverSignatures(search: "Signedperson") { total items { signedFor { id } signedBy { id } documentId } } }`,
    {},
    { token: admin.token },
  );
  expect(list.data?.waiverSignatures).toMatchObject({
    total: 1,
    items: [{ signedFor: { id: signed.user.id }, documentId: 'ASTRO-WAIVER-2025' }],
  });
  const missing = await t.gql(`{ usersWithoutWaiver(pageSize: 100) { total items { id } } }`, {}, { token: admin.token });
  const ids = missing.data?.usersWithoutWaiver.items.map((u: { id: string }) => u.id);
  expect(ids).toContain(unsigned.user.id);
  expect(ids).not.toContain(signed.user.id);
  expect((await t.gql(`{ usersWithoutWaiver { total } }`, {}, { token: signed.token })).errors?.[0].extensions?.code).toBe('FORBIDDEN');
  expect((await t.gql(`{ waiverSignatures(pageSize: 101) { total } }`, {}, { token: admin.token })).errors?.[0].extensions?.code).toBe(
    'BAD_USER_INPUT',
  );
});
