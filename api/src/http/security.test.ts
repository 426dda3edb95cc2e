import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startTestApp, type TestApp } from '../../test/app.js';

/** Security headers, no caching of personal answers, 4xx for malformed requests. */
let t: TestApp;
beforeAll(async () => {
  const web = mkdtempSync(path.join(os.tmpdir(), 'studio-web-'));
  mkdirSync(path.join(web, 'assets'));
  writeFileSync(path.join(web, 'index.html'), '<!doctype html><html><head><title>t</title></head><body></body></html>');
  writeFileSync(path.join(web, 'assets', 'app-123.js'), 'console.log(1)');
  t = await startTestApp({ WEB_DIST: web });
});
afterAll(() => t.close());

describe('security headers', () => {
  it('serve the app under a policy that allows only our own scripts and no framing', async () => {
    const res = await fetch(`${t.url}/classes`);
    expect(res.status).toBe(200);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/default-src 'self'/);
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(csp).toMatch(/frame-ancestors 'none'/);
    expect(csp).toMatch(/object-src 'none'/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('permissions-policy')).toMatch(/camera=\(self\)/);
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('cache-control')).toBe('no-cache');
  });

  it('mark GraphQL and REST answers as not to be stored', async () => {
    const gql = await t.gql(`{ landingPageConfig { heroTitle } }`);
    expect(gql.status).toBe(200);
    for (const res of [
      await fetch(`${t.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"query":"{ __typename }"}',
      }),
      await fetch(`${t.url}/api/landing-page-config`),
      await fetch(`${t.url}/api/profile`),
    ])
      expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('let hashed assets be cached for a year', async () => {
    const res = await fetch(`${t.url}/assets/app-123.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toMatch(/max-age=31536000.*immutable/);
  });
});

describe('malformed requests answer 4xx, never 5xx', () => {
  it('refuses a body in an unsupported charset with 415', async () => {
    const res = await fetch(`${t.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=latin-9000' },
      body: '{"username":"a","password":"b"}',
    });
    expect(res.status).toBe(415);
    expect(await res.text()).toMatch(/UTF-8/);
  });

  it.each(['/assets/..%2f..%2fpackage.json', '/assets/..%5c..%5cpackage.json', '/assets/missing-file.js', '/assets/%00.js'])(
    'answers %s with a 4xx',
    async (p) => {
      const res = await fetch(`${t.url}${p}`);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    },
  );
});
