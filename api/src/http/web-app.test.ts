import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { startTestApp, type TestApp } from '../../test/app.js';

/**
 * Fast first load: the built SPA as `npm start` serves it. The fixture is a dist folder made like the
 * real build: web/index.html (with preloads, as Vite writes it) and web/public as they are, a hashed script, and the
 * build's precompress step.
 */
const web = path.resolve(__dirname, '../../../web');
const script = `${'export const greeting = "Welcome to the studio";\n'.repeat(200)}console.log(greeting);\n`;
const ASSET = '/assets/index-AbC123xy.js';

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** One request read off the wire: fetch would decompress and hide Content-Encoding and Content-Length. */
function raw(url: string, headers: Record<string, string> = {}, method = 'GET', body?: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

function decoded(answer: RawAnswer): string {
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(answer.body).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(answer.body).toString('utf8');
  return answer.body.toString('utf8');
}

let t: TestApp;
beforeAll(async () => {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'studio-web-dist-'));
  cpSync(path.join(web, 'public'), dist, { recursive: true });
  // Vite adds the entry script and its preloads to the page (about 2 KB in all).
  const preloads = Array.from(
    { length: 20 },
    (_, i) => `    <link rel="modulepreload" crossorigin href="/assets/chunk${i}-AbC123xy.js">\n`,
  ).join('');
  const page = readFileSync(path.join(web, 'index.html'), 'utf8').replace('</head>', `${preloads}  </head>`);
  writeFileSync(path.join(dist, 'index.html'), page);
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, ASSET), script);
  execFileSync(process.execPath, [path.join(web, 'scripts/precompress.mjs'), dist], { stdio: 'ignore' });
  t = await startTestApp({ WEB_DIST: dist });
});
afterAll(() => t.close());

describe('a hashed script', () => {
  it.each([
    ['br, gzip, deflate', 'br'],
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['identity', 'identity'],
    ['', 'identity'],
  ])('for Accept-Encoding "%s" goes out as %s, from the precompressed copy, with its length', async (accept, encoding) => {
    const res = await raw(`${t.url}${ASSET}`, { 'accept-encoding': accept });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding'] ?? 'identity').toBe(encoding);
    expect(res.headers['content-type']).toMatch(/^text\/javascript/i);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    if (encoding !== 'identity') expect(res.body.length).toBeLessThan(script.length / 5);
    expect(decoded(res)).toBe(script);
  });

  it('is cached for a year as immutable, compressed or not', async () => {
    for (const accept of ['br', 'identity']) {
      const res = await raw(`${t.url}${ASSET}`, { 'accept-encoding': accept });
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('answers HEAD and a byte range of the encoding it chose', async () => {
    const full = await raw(`${t.url}${ASSET}`, { 'accept-encoding': 'br' });
    const head = await raw(`${t.url}${ASSET}`, { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.headers['content-length']).toBe(full.headers['content-length']);
    expect(head.body.length).toBe(0);
    const range = await raw(`${t.url}${ASSET}`, { 'accept-encoding': 'br', range: 'bytes=0-9' });
    expect(range.status).toBe(206);
    expect(range.headers['content-range']).toBe(`bytes 0-9/${full.body.length}`);
    expect(range.body).toEqual(full.body.subarray(0, 10));
  });
});

describe('the page', () => {
  it.each(['/', '/index.html', '/classes', '/admin/students'])('%s is the page, revalidated on every load', async (p) => {
    const res = await raw(`${t.url}${p}`, { 'accept-encoding': 'br, gzip' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    const html = decoded(res);
    expect(html).toContain('<meta name="studio-time-zone"');
    expect(html).toMatch(/<meta\s+name="description"\s+content="[^"]{20,}"/);
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
    expect(html).toContain('<link rel="icon" type="image/svg+xml" href="/favicon.svg" />');
  });
});

describe('the files beside the page', () => {
  it('robots.txt is a text file', async () => {
    const res = await raw(`${t.url}/robots.txt`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body.toString()).toMatch(/^User-agent: \*$/m);
    expect(res.body.toString()).not.toContain('<html');
  });

  it('the web app manifest names the studio, its colour and icons that are there', async () => {
    const res = await raw(`${t.url}/manifest.webmanifest`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = JSON.parse(res.body.toString()) as {
      name: string;
      theme_color: string;
      start_url: string;
      icons: { src: string; type: string }[];
    };
    expect(manifest).toMatchObject({ name: 'Aerial Studio', theme_color: '#8B5CF6', start_url: '/' });
    expect(manifest.icons.length).toBeGreaterThanOrEqual(2);
    for (const icon of manifest.icons) {
      const file = await raw(`${t.url}${icon.src}`);
      expect(file.status).toBe(200);
      expect(file.headers['content-type']).toBe(icon.type);
    }
  });

  it('the favicon is the SVG file', async () => {
    const res = await raw(`${t.url}/favicon.svg`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.body.toString()).toBe(readFileSync(path.join(web, 'public/favicon.svg'), 'utf8'));
  });

  it.each(['/something.txt', '/favicon.ico', '/classes/report.pdf', '/.vite/manifest.json'])(
    '%s, which is no file, is a 404 and not the page',
    async (p) => {
      const res = await raw(`${t.url}${p}`);
      expect(res.status).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
    },
  );
});

describe('API answers', () => {
  const introspection = JSON.stringify({ query: '{ __schema { types { name description fields { name description } } } }' });

  it('a large GraphQL answer is compressed, and still never stored', async () => {
    const headers = { 'content-type': 'application/json', 'accept-encoding': 'gzip, br' };
    const res = await raw(`${t.url}/graphql`, headers, 'POST', introspection);
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = decoded(res);
    expect(res.body.length).toBeLessThan(body.length / 3);
    expect(JSON.parse(body).data.__schema.types.length).toBeGreaterThan(50);

    const gzip = await raw(`${t.url}/graphql`, { ...headers, 'accept-encoding': 'gzip' }, 'POST', introspection);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(decoded(gzip)).toBe(body);
    const plain = await raw(`${t.url}/graphql`, { 'content-type': 'application/json' }, 'POST', introspection);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(body);
  });

  it('a small one goes out as it is', async () => {
    const res = await raw(
      `${t.url}/graphql`,
      { 'content-type': 'application/json', 'accept-encoding': 'br' },
      'POST',
      '{"query":"{ __typename }"}',
    );
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(res.body.toString())).toEqual({ data: { __typename: 'Query' } });
  });

  it('REST answers are compressed past 1 KB too', async () => {
    const res = await raw(`${t.url}/api/landing-page-config`, { 'accept-encoding': 'br' });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-encoding']).toBe('br');
    const body = decoded(res);
    expect(body.length).toBeGreaterThan(1024);
    expect(JSON.parse(body)).toHaveProperty('heroTitle');
  });
});
