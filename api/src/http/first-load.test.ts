import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestDatabase, startTestApp, type TestApp } from '../../test/app.js';
import { startDbProxy, type DbProxy } from '../../test/db-proxy.js';
import { makeUser, Role } from '../../test/factories.js';
import { addDaysToDate, studioWallClock } from '../common/studio-time.js';
import { FIRST_LOAD_WAIT_MS, firstLoadPages, jsonForHtml, ROUTE_VARIABLES, routeFor, type FirstLoadManifest } from './first-load.js';

/**
 * Fast first load: the page the API serves for a path names the route's chunks (modulepreload) and carries
 * the answer to the web app's first-load query, so the landing page and the calendar render without waiting.
 */
const web = path.resolve(__dirname, '../../../web');

/** A first-load manifest as web/vite/first-load.ts writes it (the query as the app sends it, with __typename). */
const manifest: FirstLoadManifest = {
  query:
    'query FirstLoad { landingPageConfig { heroTitle heroSubtitle primaryColor secondaryColor featuresContent { title __typename } __typename } }',
  elementId: 'studio-first-load',
  routeElementId: 'studio-route-data',
  routes: [
    { path: '/', modules: ['/assets/home-AbC123xy.js', '/assets/public-1a2b3c4d-AbC123xy.js'] },
    {
      path: '/calendar',
      modules: ['/assets/calendar-AbC123xy.js', '/assets/public-1a2b3c4d-AbC123xy.js'],
      data: {
        query:
          'query ClassSchedule($from: String!, $to: String!) { classSchedule(from: $from, to: $to) { id startsAt spotsLeft myBookings { id __typename } __typename } }',
        variables: 'studio-week',
      },
    },
    { path: '/video/:id', modules: ['/assets/video-AbC123xy.js'] },
    { path: '/dashboard', modules: [] },
    { path: '*', modules: ['/assets/not-found-AbC123xy.js'] },
  ],
};

/** A dist folder like the build's: web/index.html and web/public as they are, plus the first-load manifest. */
function distWith(firstLoad: FirstLoadManifest | null): string {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'studio-web-dist-'));
  cpSync(path.join(web, 'public'), dist, { recursive: true });
  writeFileSync(path.join(dist, 'index.html'), readFileSync(path.join(web, 'index.html'), 'utf8'));
  mkdirSync(path.join(dist, 'assets'));
  if (firstLoad) {
    mkdirSync(path.join(dist, '.vite'));
    writeFileSync(path.join(dist, '.vite/first-load.json'), JSON.stringify(firstLoad));
  }
  return dist;
}

const preloads = (html: string) => [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);

/** A data block of the page, parsed as the app parses it (JSON.parse of the element's text). */
function embedded(html: string, id = 'studio-first-load'): unknown {
  const match = new RegExp(`<script type="application/json" id="${id}">([^<]*)</script>`).exec(html);
  return match ? JSON.parse(match[1]) : null;
}

const UPDATE = `mutation($i: UpdateLandingPageConfigInput!) { updateLandingPageConfig(input: $i) { heroTitle } }`;

describe('the served page', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ WEB_DIST: distWith(manifest) });
  });
  afterAll(() => t.close());

  const page = async (p: string) => {
    const res = await fetch(`${t.url}${p}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    return res.text();
  };

  it('names the chunks of the route it is for, after the entry script and inside <head>', async () => {
    for (const p of ['/', '/index.html']) expect(preloads(await page(p))).toEqual(manifest.routes[0].modules);
    expect(preloads(await page('/calendar'))).toEqual(manifest.routes[1].modules);
    expect(preloads(await page('/Calendar/'))).toEqual(manifest.routes[1].modules);
    expect(preloads(await page('/video/42'))).toEqual(['/assets/video-AbC123xy.js']);
    expect(preloads(await page('/no/such/page'))).toEqual(['/assets/not-found-AbC123xy.js']);
    // Pages behind sign-in wait for the session (and may redirect): nothing is named for them.
    expect(preloads(await page('/dashboard'))).toEqual([]);
    const html = await page('/');
    expect(html.indexOf('rel="modulepreload"')).toBeLessThan(html.indexOf('</head>'));
  });

  it('carries the first-load answer, the same as GraphQL gives an anonymous visitor, on every page', async () => {
    const { data } = await t.gql(manifest.query);
    expect(data?.landingPageConfig).toMatchObject({ __typename: 'LandingPageConfig', heroTitle: expect.any(String) });
    for (const p of ['/', '/calendar', '/dashboard', '/no/such/page']) expect(embedded(await page(p))).toEqual(data);
  });

  it("carries the calendar's week from the studio's today, as an anonymous visitor gets it, for an address without parameters", async () => {
    const zone = t.app.services.env.STUDIO_TIME_ZONE;
    const from = studioWallClock(new Date(), zone).date;
    const variables = { from, to: addDaysToDate(from, 6) };
    expect(ROUTE_VARIABLES['studio-week'](zone, new Date())).toEqual(variables);
    const { data } = await t.gql(manifest.routes[1].data!.query, variables);
    expect(embedded(await page('/calendar'), 'studio-route-data')).toEqual({ variables, data });
    // An address with parameters starts from other variables (the app reads them from it); other routes have none.
    for (const p of ['/calendar?date=2030-01-07', '/calendar?class=x', '/', '/no/such/page'])
      expect(embedded(await page(p), 'studio-route-data')).toBeNull();
  });

  it("an admin's saved change is in the next page served, and no text of it can end the data block", async () => {
    const admin = await makeUser(t, { role: Role.admin, signed: true });
    const before = (await t.gql('{ landingPageConfig { heroTitle heroSubtitle } }')).data?.landingPageConfig as Record<string, string>;
    const heroTitle = 'Open house </script><script>alert(1)</script> $& $1 & <!-- more';
    const saved = await t.gql(UPDATE, { i: { heroTitle, heroSubtitle: 'Line\u2028two' } }, { token: admin.token });
    expect(saved.errors).toBeUndefined();
    try {
      const html = await page('/');
      expect(html).not.toContain('</script><script>');
      expect(html).not.toContain('<!-- more');
      expect(embedded(html)).toMatchObject({ landingPageConfig: { heroTitle, heroSubtitle: 'Line\u2028two' } });
      // One data block and one entry: the text went in as data only.
      expect(html.match(/<script/g)).toHaveLength(2);
    } finally {
      await t.gql(UPDATE, { i: before }, { token: admin.token });
    }
  });
});

describe('without a first-load manifest (a build from before it)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ WEB_DIST: distWith(null) });
  });
  afterAll(() => t.close());

  it('serves the page as built, with the studio time zone only', async () => {
    const html = await (await fetch(`${t.url}/calendar`)).text();
    expect(html).toContain('<meta name="studio-time-zone"');
    expect(preloads(html)).toEqual([]);
    expect(embedded(html)).toBeNull();
  });
});

describe('the database unreachable', () => {
  let t: TestApp;
  let proxy: DbProxy;
  beforeAll(async () => {
    proxy = await startDbProxy(await createTestDatabase());
    t = await startTestApp({ WEB_DIST: distWith(manifest) }, proxy.url);
  });
  afterAll(async () => {
    proxy.restore();
    await t.close();
    await proxy.close();
  });
  afterEach(() => proxy.restore());

  it.each([
    // Frozen first: it holds the connections the pool already has (test/db-proxy.ts).
    ['frozen', () => proxy.freeze()],
    ['cut', () => proxy.cut()],
  ])('%s: the page still goes out at once with its chunks, without the data (the app asks itself)', async (how, takeAway) => {
    {
      takeAway();
      const started = Date.now();
      const res = await fetch(`${t.url}/`);
      expect(Date.now() - started).toBeLessThan(FIRST_LOAD_WAIT_MS + 1000);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(preloads(html)).toEqual(manifest.routes[0].modules);
      expect(embedded(html)).toBeNull();
      // (Frozen, a connection the pool opens anew would still get through the proxy: the calendar's two queries
      // are checked with the database cut only.)
      if (how === 'cut') expect(embedded(await (await fetch(`${t.url}/calendar`)).text(), 'studio-route-data')).toBeNull();
    }
  });
});

describe('firstLoadPages', () => {
  const html = '<html><head><title>Studio</title></head><body></body></html>';

  it('puts the answer in as JSON the HTML parser cannot break out of, and reads as the same value', async () => {
    const value = { a: '</script><!-- & \u2028 \u2029 $& $`', b: [1, null, true] };
    const json = jsonForHtml(value);
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(json)).toEqual(value);
    const pageFor = firstLoadPages(html, manifest, async () => value, 'UTC');
    const out = await pageFor('/', '');
    expect(out).toContain(`<script type="application/json" id="studio-first-load">${json}</script>`);
    expect(out.endsWith('</head><body></body></html>')).toBe(true);
  });

  it('leaves the answer out when it fails or comes too late, but keeps the route chunks', async () => {
    const failing = firstLoadPages(html, manifest, () => Promise.reject(new Error('database away')), 'UTC');
    expect(await failing('/calendar', '')).not.toContain('application/json');
    expect(preloads(await failing('/calendar', ''))).toEqual(manifest.routes[1].modules);
    const late = firstLoadPages(html, manifest, () => new Promise(() => undefined), 'UTC');
    const started = Date.now();
    expect(await late('/calendar', '')).not.toContain('application/json');
    expect(Date.now() - started).toBeLessThan(FIRST_LOAD_WAIT_MS * 3);
  });

  it('is the page as it is without a manifest', async () => {
    expect(await firstLoadPages(html, null, async () => ({}), 'UTC')('/', '')).toBe(html);
  });
});

describe('routeFor', () => {
  it.each([
    ['/', '/'],
    ['/calendar', '/calendar'],
    ['/calendar/', '/calendar'],
    ['/CALENDAR', '/calendar'],
    ['/video/7', '/video/:id'],
    ['/video', '*'],
    ['/video/7/extra', '*'],
    ['/dashboard', '/dashboard'],
    ['/nothing', '*'],
  ])('%s → %s', (urlPath, route) => {
    expect(routeFor(manifest, urlPath)?.path).toBe(route);
  });

  it('prefers a path without parameters to one with', () => {
    const both: FirstLoadManifest = {
      ...manifest,
      routes: [
        { path: '/videos/:id', modules: ['a'] },
        { path: '/videos/new', modules: ['b'] },
      ],
    };
    expect(routeFor(both, '/videos/new')?.modules).toEqual(['b']);
    expect(routeFor(both, '/videos/3')?.modules).toEqual(['a']);
  });
});
