import { startTestApp, type TestApp } from '../../../test/app.js';
import { em, makeUser, TEST_PASSWORD } from '../../../test/factories.js';
import { collect, wsClient } from '../../../test/ws.js';
import { Session } from './session.entity.js';
import { Role } from '../users/role.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const ME = `{ me { id } }`;
const SESSIONS = `{ mySessions { id device thisDevice createdAt lastUsedAt } }`;
const END = `mutation($id: ID!) { endSession(id: $id) { id } }`;
const LOGIN = `mutation($u: String!, $p: String!) { login(username: $u, password: $p) { token } }`;
const PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const LAPTOP = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';

let ip = 20;
/** Signs in as a browser with this User-Agent would, from its own IP (so login limits never interfere). */
async function signIn(username: string, userAgent: string): Promise<string> {
  const res = await t.gql(
    LOGIN,
    { u: username, p: TEST_PASSWORD },
    { headers: { 'user-agent': userAgent, 'x-forwarded-for': `10.1.0.${ip++}` } },
  );
  expect(res.errors).toBeUndefined();
  return res.data?.login.token;
}

const code = (res: { errors?: { extensions?: Record<string, unknown> }[] }) => res.errors?.[0]?.extensions?.code;
const rest = (path: string, token: string) => fetch(`${t.url}/api${path}`, { headers: { authorization: `Bearer ${token}` } });

describe('unauthenticated', () => {
  it('refuses mySessions, endSession and signOutEverywhere without a token', async () => {
    const { token } = await makeUser(t);
    const { mySessions } = (await t.gql(SESSIONS, {}, { token })).data!;
    for (const [query, variables] of [
      [SESSIONS, {}],
      [END, { id: mySessions[0].id }],
      [`mutation { signOutEverywhere }`, {}],
    ] as const) {
      expect(code(await t.gql(query, variables))).toBe('UNAUTHENTICATED');
    }
    expect((await t.gql(ME, {}, { token })).data?.me).toBeTruthy();
  });
});

describe('one session per sign-in', () => {
  it('lists the devices with their labels, the asking one marked as this device', async () => {
    const { username } = await makeUser(t, { signed: true });
    const phone = await signIn(username, PHONE);
    await signIn(username, LAPTOP);
    const res = await t.gql(SESSIONS, {}, { token: phone });
    const listed = res.data?.mySessions as { device: string; thisDevice: boolean }[];
    // The factory's session has a User-Agent that names no browser.
    expect(listed.map((s) => s.device).sort()).toEqual(['Chrome on Android', 'Safari on macOS', 'Unknown device']);
    expect(listed.filter((s) => s.thisDevice)).toEqual([expect.objectContaining({ device: 'Chrome on Android' })]);
  });

  it('sign out ends this device only: another session of the user stays valid', async () => {
    const { username } = await makeUser(t);
    const phone = await signIn(username, PHONE);
    const laptop = await signIn(username, LAPTOP);
    expect((await t.gql(`mutation { logout }`, {}, { token: phone })).data?.logout).toBe(true);
    expect(code(await t.gql(ME, {}, { token: phone }))).toBe('UNAUTHENTICATED');
    expect((await t.gql(ME, {}, { token: laptop })).data?.me).toBeTruthy();
    const left = (await t.gql(SESSIONS, {}, { token: laptop })).data?.mySessions as { device: string }[];
    expect(left.map((s) => s.device)).not.toContain('Chrome on Android');
    expect(left.map((s) => s.device)).toContain('Safari on macOS');
  });

  it('sign out everywhere ends every session, over GraphQL and REST', async () => {
    const { username } = await makeUser(t);
    const phone = await signIn(username, PHONE);
    const laptop = await signIn(username, LAPTOP);
    expect((await t.gql(`mutation { signOutEverywhere }`, {}, { token: phone })).data?.signOutEverywhere).toBe(true);
    for (const token of [phone, laptop]) {
      expect(code(await t.gql(ME, {}, { token }))).toBe('UNAUTHENTICATED');
      expect((await rest('/auth/verify', token)).status).toBe(401);
    }
    // Signing in again works, and the new session is the only one listed.
    const again = await signIn(username, LAPTOP);
    expect((await t.gql(SESSIONS, {}, { token: again })).data?.mySessions).toEqual([expect.objectContaining({ thisDevice: true })]);
  });

  it('ends one of my other sessions by id; an ended or unknown one is NOT_FOUND', async () => {
    const { username } = await makeUser(t);
    const phone = await signIn(username, PHONE);
    const laptop = await signIn(username, LAPTOP);
    const listed = (await t.gql(SESSIONS, {}, { token: phone })).data?.mySessions as { id: string; thisDevice: boolean }[];
    const other = listed.find((s) => !s.thisDevice)!;
    expect((await t.gql(END, { id: other.id }, { token: phone })).data?.endSession.id).toBe(other.id);
    expect(code(await t.gql(ME, {}, { token: laptop }))).toBe('UNAUTHENTICATED');
    expect((await t.gql(ME, {}, { token: phone })).data?.me).toBeTruthy();
    expect(code(await t.gql(END, { id: other.id }, { token: phone }))).toBe('NOT_FOUND');
    expect(code(await t.gql(END, { id: '00000000-0000-4000-8000-000000000000' }, { token: phone }))).toBe('NOT_FOUND');
  });

  it("ending another user's session is NOT_FOUND and leaves it working", async () => {
    const mine = await makeUser(t);
    const theirs = await makeUser(t);
    const [their] = (await t.gql(SESSIONS, {}, { token: theirs.token })).data!.mySessions;
    const res = await t.gql(END, { id: their.id }, { token: mine.token });
    expect(res.errors?.[0]).toMatchObject({ message: 'That session was not found.', extensions: { code: 'NOT_FOUND' } });
    expect((await t.gql(ME, {}, { token: theirs.token })).data?.me.id).toBe(theirs.user.id);
    // Nor does it show in my list.
    const listed = (await t.gql(SESSIONS, {}, { token: mine.token })).data?.mySessions as { id: string }[];
    expect(listed.map((s) => s.id)).not.toContain(their.id);
  });

  it('a password change ends the other sessions and keeps this device signed in with a new token', async () => {
    const { username } = await makeUser(t);
    const phone = await signIn(username, PHONE);
    const laptop = await signIn(username, LAPTOP);
    const changed = await t.gql(
      `mutation($i: ChangePasswordInput!) { changePassword(input: $i) { token } }`,
      { i: { currentPassword: TEST_PASSWORD, newPassword: 'a-brand-new-password-77' } },
      { token: phone },
    );
    const fresh = changed.data?.changePassword.token;
    expect(code(await t.gql(ME, {}, { token: laptop }))).toBe('UNAUTHENTICATED');
    expect((await t.gql(ME, {}, { token: fresh })).data?.me).toBeTruthy();
    const listed = (await t.gql(SESSIONS, {}, { token: fresh })).data?.mySessions;
    expect(listed).toEqual([expect.objectContaining({ device: 'Chrome on Android', thisDevice: true })]);
  });
});

describe('an ended session', () => {
  it('is refused over REST like an expired token', async () => {
    const { username } = await makeUser(t);
    const phone = await signIn(username, PHONE);
    expect((await rest('/profile', phone)).status).toBe(200);
    await t.gql(`mutation { logout }`, {}, { token: phone });
    expect((await rest('/profile', phone)).status).toBe(401);
  });

  it('is refused at WebSocket connection_init, and its open WebSocket is closed with 4403', async () => {
    const { username } = await makeUser(t);
    const phone = await signIn(username, PHONE);
    const laptop = await signIn(username, LAPTOP);
    const laptopSocket = wsClient(t.url, laptop);
    const phoneSocket = wsClient(t.url, phone);
    const laptopSub = collect(laptopSocket, `subscription { landingPageConfigChanged { heroTitle } }`);
    const phoneSub = collect(phoneSocket, `subscription { landingPageConfigChanged { heroTitle } }`);
    let phoneClosed: number | null = null;
    phoneSocket.on('closed', (e) => (phoneClosed = (e as { code: number }).code));
    await new Promise((r) => setTimeout(r, 300));

    await t.gql(`mutation { logout }`, {}, { token: phone });
    const deadline = Date.now() + 5000;
    while (phoneClosed === null && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(phoneClosed).toBe(4403);
    // The laptop's socket stays open.
    expect(laptopSub.errors).toEqual([]);

    const again = wsClient(t.url, phone);
    const refused = (await collect(again, `subscription { landingPageConfigChanged { heroTitle } }`).next()) as { code?: number };
    expect(refused.code).toBe(4403);
    phoneSub.stop();
    laptopSub.stop();
    await Promise.all([again.dispose(), phoneSocket.dispose(), laptopSocket.dispose()]);
  });
});

describe('a deactivated user', () => {
  it('has their open WebSockets closed with 4403 at once, not at their next event', async () => {
    const admin = await makeUser(t, { role: Role.admin });
    const { username, user } = await makeUser(t);
    const phone = await signIn(username, PHONE);
    const socket = wsClient(t.url, phone);
    const sub = collect(socket, `subscription { landingPageConfigChanged { heroTitle } }`);
    let closed: number | null = null;
    socket.on('closed', (e) => (closed = (e as { code: number }).code));
    await new Promise((r) => setTimeout(r, 300));

    const res = await t.gql(`mutation($id: ID!) { deactivateUser(id: $id) { isActive } }`, { id: user.id }, { token: admin.token });
    expect(res.data?.deactivateUser.isActive).toBe(false);
    const deadline = Date.now() + 5000;
    while (closed === null && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(closed).toBe(4403);
    sub.stop();
    await socket.dispose();
  });
});

describe('lastUsedAt', () => {
  const lastUsed = async (id: string) => (await em(t).findOneOrFail(Session, { id })).lastUsedAt.getTime();

  it('moves on a request once a minute has passed, and not on every request', async () => {
    const { username } = await makeUser(t);
    const phone = await signIn(username, PHONE);
    const [{ id }] = (await t.gql(SESSIONS, {}, { token: phone })).data!.mySessions;
    const setLastUsed = (secondsAgo: number) =>
      em(t)
        .getConnection()
        .execute(`update user_session set last_used_at = now() - make_interval(secs => ?) where id = ?`, [secondsAgo, id]);

    await setLastUsed(30);
    const recent = await lastUsed(id);
    await t.gql(ME, {}, { token: phone });
    await t.gql(ME, {}, { token: phone });
    expect(await lastUsed(id)).toBe(recent);

    await setLastUsed(120);
    const stale = await lastUsed(id);
    await t.gql(ME, {}, { token: phone });
    const touched = await lastUsed(id);
    expect(touched).toBeGreaterThan(stale + 100_000);
    await t.gql(ME, {}, { token: phone });
    expect(await lastUsed(id)).toBe(touched);
  });
});
