import { Client } from 'pg';
import { createTestDatabase, startTestApp, type TestApp } from '../../test/app.js';
import { makeClass } from '../../test/classes.js';
import { startDbProxy, type DbProxy } from '../../test/db-proxy.js';
import { eventually } from '../../test/eventually.js';
import { makeUser } from '../../test/factories.js';
import { collect, wsClient } from '../../test/ws.js';

/**
 * The LISTEN connection survives database blips. Exactly one LISTEN session per API process at all
 * times, one event per change (never duplicated), and subscribers re-synced after a gap.
 */
let t: TestApp;
let proxy: DbProxy;
let admin: Client;
let databaseName: string;

const BOOK = `mutation($c: ID!, $a: ID!) { bookClass(classInstanceId: $c, attendeeId: $a) { booking { id } } }`;

beforeAll(async () => {
  const databaseUrl = await createTestDatabase();
  databaseName = new URL(databaseUrl).pathname.slice(1);
  proxy = await startDbProxy(databaseUrl);
  t = await startTestApp({}, proxy.url);
  admin = new Client({ connectionString: process.env.TEST_PG_ADMIN_URL });
  await admin.connect();
});
afterAll(async () => {
  await t.close();
  await proxy.close();
  await admin.end();
});

async function listenSessions(): Promise<number> {
  const { rows } = await admin.query(`select count(*)::int as n from pg_stat_activity where datname = $1 and query ilike 'LISTEN%'`, [
    databaseName,
  ]);
  return rows[0].n;
}

/** Books one spot and answers how many spotsChanged events the subscriber got for it within a second. */
async function eventsForOneBooking(): Promise<number> {
  const c = await makeClass(t, { capacity: 5 });
  const member = await makeUser(t, { signed: true });
  const client = wsClient(t.url);
  const sub = collect(client, `subscription { spotsChanged(classInstanceIds: ["${c.id}"]) { classInstanceId spotsLeft } }`);
  await new Promise((r) => setTimeout(r, 300));
  const res = await t.gql(BOOK, { c: c.id, a: member.user.id }, { token: member.token });
  expect(res.errors).toBeUndefined();
  await sub.next();
  await new Promise((r) => setTimeout(r, 1000)); // time for any duplicate to arrive
  const count = sub.results.filter((r) => r.data?.spotsChanged.classInstanceId === c.id).length;
  sub.stop();
  await client.dispose();
  return count;
}

it('keeps exactly one LISTEN session when its backends are terminated again and again, with one event per booking', async () => {
  await eventually(async () => expect(await listenSessions()).toBe(1));
  for (let round = 0; round < 6; round++) {
    // Publish first, so the NOTIFY connection's last statement is pg_notify and it is terminated too.
    t.app.services.pubsub.publish('LANDING_PAGE_CONFIG_CHANGED', { updatedAt: new Date().toISOString() });
    await new Promise((r) => setTimeout(r, 200));
    await admin.query(
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and (query ilike 'LISTEN%' or query ilike '%pg_notify%')`,
      [databaseName],
    );
    await new Promise((r) => setTimeout(r, 1000));
    expect(await listenSessions()).toBe(1);
  }
  expect(await eventsForOneBooking()).toBe(1);
});

it('comes back after the database is away for a few seconds: one session, one event per booking', async () => {
  proxy.cut();
  await new Promise((r) => setTimeout(r, 3000));
  proxy.restore();
  await eventually(async () => expect(await listenSessions()).toBe(1), 15000);
  await new Promise((r) => setTimeout(r, 1000));
  expect(await listenSessions()).toBe(1);
  // The pool may need a moment to replace the connections the cut broke.
  await eventually(async () => expect((await t.gql(`{ landingPageConfig { heroTitle } }`)).errors).toBeUndefined(), 10000);
  expect(await eventsForOneBooking()).toBe(1);
});

it('re-syncs subscribers after a gap: a change made while nobody listened is announced once it is back', async () => {
  const c = await makeClass(t, { capacity: 5 });
  const client = wsClient(t.url);
  const sub = collect(client, `subscription { spotsChanged(classInstanceIds: ["${c.id}"]) { classInstanceId spotsLeft } }`);
  await new Promise((r) => setTimeout(r, 300));
  proxy.cut();
  // A seat taken while this instance cannot hear anything (as by another instance during the cut): no NOTIFY reaches it.
  const direct = new Client({ connectionString: process.env.TEST_PG_ADMIN_URL!.replace(/\/postgres$/, `/${databaseName}`) });
  await direct.connect();
  await direct.query(`update class_instance set spots_taken = spots_taken + 1 where id = $1`, [c.id]);
  await direct.end();
  await new Promise((r) => setTimeout(r, 500));
  expect(sub.results).toEqual([]);
  proxy.restore();
  await eventually(
    async () => expect(sub.results.map((r) => r.data.spotsChanged)).toEqual([{ classInstanceId: c.id, spotsLeft: 4 }]),
    15000,
  );
  sub.stop();
  await client.dispose();
});

it('re-syncs keyed feeds after a gap: a notification added while nobody listened brings a resync with the new counts', async () => {
  const member = await makeUser(t);
  const client = wsClient(t.url, member.token);
  const sub = collect(client, `subscription { notificationChanged(feed: user) { kind counts { unreadCount total } } }`);
  expect((await sub.next()).data.notificationChanged).toEqual({ kind: 'resync', counts: { unreadCount: 0, total: 0 } });
  proxy.cut();
  // Written while this instance cannot hear anything (as by another instance during the cut).
  const direct = new Client({ connectionString: process.env.TEST_PG_ADMIN_URL!.replace(/\/postgres$/, `/${databaseName}`) });
  await direct.connect();
  await direct.query(
    `insert into notification (id, user_id, type, title, message) values (gen_random_uuid(), $1, 'other', 'In the gap', 'x')`,
    [member.user.id],
  );
  await direct.end();
  proxy.restore();
  expect((await sub.next(15000)).data.notificationChanged).toEqual({ kind: 'resync', counts: { unreadCount: 1, total: 1 } });
  sub.stop();
  await client.dispose();
});
