import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { startTestApp, type TestApp } from '../../test/app.js';
import { makeUser, Role } from '../../test/factories.js';
import { collect } from '../../test/ws.js';
import { WS_TOO_MANY_CONNECTIONS } from './live-limits.js';

/**
 * Live connections are bounded per socket, per user and per address, and subscribing is rate-limited: the excess
 * is refused with a clear error (RATE_LIMITED, or a socket closed with 1013) while what was already open goes on.
 */
const LIMITS = { perSocket: 3, perUser: 2, perAddress: 4, perMinute: 6 };
let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await startTestApp({
    WS_MAX_SUBSCRIPTIONS_PER_SOCKET: String(LIMITS.perSocket),
    WS_MAX_SOCKETS_PER_USER: String(LIMITS.perUser),
    WS_MAX_SOCKETS_PER_ADDRESS: String(LIMITS.perAddress),
    WS_SUBSCRIBES_PER_MINUTE: String(LIMITS.perMinute),
  });
  adminToken = (await makeUser(t, { role: Role.admin })).token;
});
afterAll(() => t.close());

const LANDING = `subscription { landingPageConfigChanged { heroTitle } }`;
let addresses = 0;

/** A graphql-ws client coming from an address of its own (the test server trusts X-Forwarded-For from loopback). */
function clientFrom(address: string, token?: string): Client {
  class FromAddress extends WebSocket {
    constructor(url: string, protocols?: string | string[]) {
      super(url, protocols, { headers: { 'x-forwarded-for': address } });
    }
  }
  return createClient({
    url: `${t.url.replace(/^http/, 'ws')}/graphql`,
    webSocketImpl: FromAddress,
    connectionParams: token ? { authorization: `Bearer ${token}` } : {},
    retryAttempts: 0,
    lazy: true,
  });
}
const newAddress = () => `203.0.113.${++addresses}`;

/** Subscribes and waits until the server has taken the subscription (or refused it). */
async function subscribed(client: Client) {
  const sub = collect(client, LANDING);
  await new Promise((r) => setTimeout(r, 150));
  return sub;
}

async function saveLanding(heroTitle: string) {
  const res = await t.gql(
    `mutation($input: UpdateLandingPageConfigInput!) { updateLandingPageConfig(input: $input) { heroTitle } }`,
    { input: { heroTitle } },
    { token: adminToken },
  );
  expect(res.errors).toBeUndefined();
}

it('refuses a subscription over the per-socket limit with RATE_LIMITED, and the socket’s others go on', async () => {
  const member = await makeUser(t);
  const client = clientFrom(newAddress(), member.token);
  const held = await Promise.all(Array.from({ length: LIMITS.perSocket }, () => subscribed(client)));
  const refused = await collect(client, LANDING).next();
  expect(refused).toEqual([
    expect.objectContaining({
      message: expect.stringMatching(/already holds 3 live subscriptions, the most it may/),
      extensions: expect.objectContaining({ code: 'RATE_LIMITED' }),
    }),
  ]);
  await saveLanding('Fly higher');
  for (const sub of held) expect(await sub.next()).toEqual({ data: { landingPageConfigChanged: { heroTitle: 'Fly higher' } } });
  // A stopped subscription makes room for another.
  held[0].stop();
  await new Promise((r) => setTimeout(r, 150));
  const again = await subscribed(client);
  expect(again.errors).toEqual([]);
  expect(again.results).toEqual([]);
  for (const sub of [...held, again]) sub.stop();
  await client.dispose();
});

it('closes a socket over the per-user limit with 1013, and the user’s other sockets go on', async () => {
  const member = await makeUser(t);
  const clients = Array.from({ length: LIMITS.perUser + 1 }, () => clientFrom(newAddress(), member.token));
  const open = await Promise.all(clients.slice(0, LIMITS.perUser).map((c) => subscribed(c)));
  const closed = (await collect(clients[LIMITS.perUser], LANDING).next()) as { code?: number; reason?: string };
  expect(closed.code).toBe(WS_TOO_MANY_CONNECTIONS);
  expect(closed.reason).toMatch(/Too many live connections for this account/);
  await saveLanding('Silks at dawn');
  for (const sub of open) expect(await sub.next()).toEqual({ data: { landingPageConfigChanged: { heroTitle: 'Silks at dawn' } } });
  // Once one closes, another may open.
  open[0].stop();
  await clients[0].dispose();
  await new Promise((r) => setTimeout(r, 150));
  const later = clientFrom(newAddress(), member.token);
  const sub = await subscribed(later);
  expect(sub.errors).toEqual([]);
  sub.stop();
  open[1].stop();
  await Promise.all([later, ...clients].map((c) => c.dispose()));
});

it('closes a socket over the per-address limit with 1013, signed in or not, and other addresses are not held back', async () => {
  const address = newAddress();
  const clients = Array.from({ length: LIMITS.perAddress + 1 }, () => clientFrom(address));
  const open = await Promise.all(clients.slice(0, LIMITS.perAddress).map((c) => subscribed(c)));
  const closed = (await collect(clients[LIMITS.perAddress], LANDING).next()) as { code?: number; reason?: string };
  expect(closed.code).toBe(WS_TOO_MANY_CONNECTIONS);
  expect(closed.reason).toMatch(/Too many live connections from this address/);
  const member = await makeUser(t);
  const signedIn = clientFrom(address, member.token);
  expect(((await collect(signedIn, LANDING).next()) as { code?: number }).code).toBe(WS_TOO_MANY_CONNECTIONS);
  const elsewhere = clientFrom(newAddress());
  const fine = await subscribed(elsewhere);
  await saveLanding('Hoop jam');
  for (const sub of [...open, fine]) expect(await sub.next()).toEqual({ data: { landingPageConfigChanged: { heroTitle: 'Hoop jam' } } });
  for (const sub of [...open, fine]) sub.stop();
  await Promise.all([...clients, signedIn, elsewhere].map((c) => c.dispose()));
});

it('rate-limits starting subscriptions per user with RATE_LIMITED and the seconds to wait', async () => {
  const member = await makeUser(t);
  const client = clientFrom(newAddress(), member.token);
  const first = await subscribed(client);
  // Subscribe and stop again and again: the per-socket limit is never reached, the per-minute rate is.
  for (let i = 1; i < LIMITS.perMinute; i++) (await subscribed(client)).stop();
  const refused = await collect(client, LANDING).next();
  expect(refused).toEqual([
    expect.objectContaining({
      message: expect.stringMatching(/starting too quickly\. Please wait \d+ seconds/),
      extensions: expect.objectContaining({ code: 'RATE_LIMITED', retryAfterSeconds: expect.any(Number) }),
    }),
  ]);
  // The count is the user's, whichever socket asks.
  const second = clientFrom(newAddress(), member.token);
  expect(await collect(second, LANDING).next()).toEqual([
    expect.objectContaining({ extensions: expect.objectContaining({ code: 'RATE_LIMITED' }) }),
  ]);
  await saveLanding('Lyra loops');
  expect(await first.next()).toEqual({ data: { landingPageConfigChanged: { heroTitle: 'Lyra loops' } } });
  first.stop();
  await Promise.all([client.dispose(), second.dispose()]);
});
