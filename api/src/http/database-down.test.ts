import { createTestDatabase, startTestApp, type TestApp } from '../../test/app.js';
import { startDbProxy, type DbProxy } from '../../test/db-proxy.js';
import { eventually } from '../../test/eventually.js';
import { makeUser, type MadeUser } from '../../test/factories.js';

/** While the database is unreachable, requests that need it answer 503 with a clear message. */
let t: TestApp;
let proxy: DbProxy;
let member: MadeUser;

beforeAll(async () => {
  proxy = await startDbProxy(await createTestDatabase());
  t = await startTestApp({}, proxy.url);
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
