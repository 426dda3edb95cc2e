import { startTestApp, type TestApp } from '../../test/app.js';
import { makeUser, Role } from '../../test/factories.js';
import { startSmtpPeer } from '../../test/smtp.js';
import { collect, wsClient } from '../../test/ws.js';

/** Two API processes on one database; an event published by one reaches subscribers of the other. */
let a: TestApp;
let b: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
beforeAll(async () => {
  smtp = await startSmtpPeer();
  a = await startTestApp({ SMTP_URL: smtp.url });
  b = await startTestApp({ SMTP_URL: smtp.url }, a.databaseUrl);
});
afterAll(async () => {
  await a.close();
  await b.close();
  await smtp.close();
});

it('runs a queued job exactly once although both instances have workers', async () => {
  const members = await Promise.all(Array.from({ length: 5 }, () => makeUser(a)));
  await Promise.all(
    members.map((m, i) => (i % 2 ? a : b).gql(`mutation($e: String!) { requestPasswordReset(email: $e) }`, { e: m.user.email })),
  );
  for (const m of members) await smtp.waitFor((mail) => mail.to.includes(m.user.email!));
  await new Promise((r) => setTimeout(r, 1500)); // time for any duplicate delivery to show up
  for (const m of members) expect(smtp.inbox.filter((mail) => mail.to.includes(m.user.email!))).toHaveLength(1);
});

it('delivers a subscription event published on another instance', async () => {
  const admin = await makeUser(a, { role: Role.admin });
  const client = wsClient(a.url);
  const sub = collect(client, `subscription { landingPageConfigChanged { heroTitle } }`);
  await new Promise((r) => setTimeout(r, 300));
  const res = await b.gql(
    `mutation { updateLandingPageConfig(input: { heroTitle: "From instance B" }) { heroTitle } }`,
    {},
    { token: admin.token },
  );
  expect(res.errors).toBeUndefined();
  expect((await sub.next()).data.landingPageConfigChanged.heroTitle).toBe('From instance B');
  sub.stop();
  await client.dispose();
});

it('refuses a WebSocket connection with a revoked token', async () => {
  const member = await makeUser(a);
  await a.gql(`mutation { logout }`, {}, { token: member.token });
  const client = wsClient(b.url, member.token);
  const sub = collect(client, `subscription { landingPageConfigChanged { heroTitle } }`);
  const closed = (await sub.next()) as { code?: number };
  expect(closed.code).toBe(4403);
  await client.dispose();
});
