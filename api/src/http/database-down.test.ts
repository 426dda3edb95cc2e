import { Client } from 'pg';
import { isDatabaseUnavailable } from '../graphql/errors.js';
import { LandingPageConfig } from '../modules/landing/landing-page-config.entity.js';
import { createTestDatabase, startTestApp, type TestApp } from '../../test/app.js';
import { startDbProxy, type DbProxy } from '../../test/db-proxy.js';
import { eventually } from '../../test/eventually.js';
import { makeUser, type MadeUser } from '../../test/factories.js';

/** While the database is unreachable, requests that need it answer 503 with a clear message. */
const ACQUIRE_MS = 1000;
const STATEMENT_MS = 1500;
/** The longest a request may wait on a stalled database: the statement limit, the client's grace, some slack. */
const STALL_ANSWER_MS = STATEMENT_MS + 1000 + 2500;

let t: TestApp;
let proxy: DbProxy;
let member: MadeUser;

beforeAll(async () => {
  proxy = await startDbProxy(await createTestDatabase());
  t = await startTestApp({ DB_ACQUIRE_TIMEOUT_MS: String(ACQUIRE_MS), DB_STATEMENT_TIMEOUT_MS: String(STATEMENT_MS) }, proxy.url);
  member = await makeUser(t);
});
afterAll(async () => {
  proxy.restore();
  await t.close();
  await proxy.close();
});
afterEach(async () => {
  proxy.restore();
  await eventually(async () => expect((await fetch(`${t.url}/readyz`)).status).toBe(200), 15000);
});

const post = (query: string, token?: string) =>
  fetch(`${t.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query }),
  });

const UNAVAILABLE = /database is unreachable/;

describe('the database unreachable', () => {
  beforeEach(() => proxy.cut());

  it('answers GraphQL with 503, code SERVICE_UNAVAILABLE and a clear message, anonymous or signed in', async () => {
    for (const res of [await post(`{ landingPageConfig { heroTitle } }`), await post(`{ me { id } }`, member.token)]) {
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('5');
      const body = await res.json();
      expect(body.errors[0].extensions.code).toBe('SERVICE_UNAVAILABLE');
      expect(body.errors[0].message).toMatch(UNAVAILABLE);
      expect(JSON.stringify(body)).not.toMatch(/ECONNREFUSED|stack|at /);
    }
  });

  it('answers the REST facade with 503 and the message as text', async () => {
    for (const res of [
      await fetch(`${t.url}/api/landing-page-config`),
      await fetch(`${t.url}/api/profile`, { headers: { authorization: `Bearer ${member.token}` } }),
    ]) {
      expect(res.status).toBe(503);
      expect(await res.text()).toMatch(UNAVAILABLE);
    }
  });

  it('keeps answering what needs no database', async () => {
    expect((await fetch(`${t.url}/healthz`)).status).toBe(200);
  });
});

it('answers /readyz within a second, also while the database is frozen', async () => {
  proxy.freeze();
  const started = Date.now();
  const res = await fetch(`${t.url}/readyz`);
  expect(Date.now() - started).toBeLessThan(1000);
  expect(res.status).toBe(503);
  expect((await res.json()).status).toBe('database unavailable');
});

describe('the database stalled', () => {
  const expectUnavailable = async (res: Response, started: number) => {
    expect(Date.now() - started).toBeLessThan(STALL_ANSWER_MS);
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    return res;
  };

  it('answers GraphQL and REST with 503 and Retry-After within seconds while the database is frozen, not when it thaws', async () => {
    // Warm connections in the pool are frozen mid-query; new ones never finish connecting.
    expect((await post(`{ landingPageConfig { heroTitle } }`)).status).toBe(200);
    proxy.freeze();
    const started = Date.now();
    const [graphql, signedIn, rest] = await Promise.all([
      post(`{ landingPageConfig { heroTitle } }`),
      post(`{ me { id } landingPageConfig { heroTitle } }`, member.token),
      fetch(`${t.url}/api/landing-page-config`),
    ]);
    for (const res of [graphql, signedIn]) {
      const body = await (await expectUnavailable(res, started)).json();
      expect(body.errors[0].extensions.code).toBe('SERVICE_UNAVAILABLE');
      expect(body.errors[0].message).toMatch(UNAVAILABLE);
    }
    expect(await (await expectUnavailable(rest, started)).text()).toMatch(UNAVAILABLE);
    proxy.restore();
    await eventually(async () => expect((await post(`{ landingPageConfig { heroTitle } }`)).status).toBe(200), 15000);
  });

  it('cancels a statement that waits past the statement timeout (a table locked elsewhere) and answers 503', async () => {
    const locker = new Client({ connectionString: proxy.url });
    await locker.connect();
    try {
      await locker.query('begin');
      await locker.query('lock table landing_page_config in access exclusive mode');
      const started = Date.now();
      const body = await (await expectUnavailable(await post(`{ landingPageConfig { heroTitle } }`), started)).json();
      expect(body.errors[0].extensions.code).toBe('SERVICE_UNAVAILABLE');
      const rest = await fetch(`${t.url}/api/landing-page-config`);
      expect(rest.status).toBe(503);
      expect(rest.headers.get('retry-after')).toBe('5');
    } finally {
      await locker.query('rollback').catch(() => undefined);
      await locker.end();
    }
    expect((await post(`{ landingPageConfig { heroTitle } }`)).status).toBe(200);
  });
});

it('tells an outage from a query the database refuses: only the first is "unavailable"', async () => {
  const em = t.app.services.orm.em.fork();
  // MikroORM writes values into the SQL text: a NUL byte there is a protocol violation (08P01), not an outage.
  const nulInText = await em.findOne(LandingPageConfig, { heroTitle: 'a\u0000b' }).catch((err: unknown) => err);
  expect(nulInText).toMatchObject({ code: '08P01' });
  expect(isDatabaseUnavailable(nulInText)).toBe(false);
  // As a parameter it is an encoding error (22021).
  const nulParameter = await em
    .getKnex()
    .raw('select ?::text as t', ['a\u0000b'])
    .catch((err: unknown) => err);
  expect(nulParameter).toMatchObject({ code: '22021' });
  expect(isDatabaseUnavailable(nulParameter)).toBe(false);
  proxy.freeze();
  const slowConnect = await new Client({ connectionString: proxy.url, connectionTimeoutMillis: 300 })
    .connect()
    .catch((err: unknown) => err);
  expect(slowConnect).toMatchObject({ message: 'timeout expired' });
  expect(isDatabaseUnavailable(slowConnect)).toBe(true);
  proxy.cut();
  const cut = await em.execute('select 1').catch((err: unknown) => err);
  expect(isDatabaseUnavailable(cut)).toBe(true);
});
