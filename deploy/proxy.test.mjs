// The production shape of docker-compose.yml without Docker: one PostgreSQL, two API replicas (the built
// api/dist/main.js, settings as the compose file gives them: one JWT_SECRET, one DATABASE_URL, one shared data
// folder, TRUST_PROXY=1) and Debian's nginx running deploy/nginx.conf itself, with only the replicas' addresses and
// the listening port rendered for this machine. Run by `npm run test:proxy` (a step of `npm test`, after the build).
import { spawn } from 'node:child_process';
import http from 'node:http';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { crc32 } from 'node:zlib';
import { randomBytes } from 'node:crypto';
import { Buffer } from 'node:buffer';
import { fileURLToPath } from 'node:url';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import sharp from 'sharp';
import { freePort } from '../scripts/net.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const NGINX = process.env.NGINX_BIN ?? '/usr/sbin/nginx';
const DEMO_PASSWORD = 'aerial-demo';
const { PRODUCT_IMAGE_MAX_BYTES } = require(path.join(root, 'rules/dist/index.js'));

const tmp = mkdtempSync(path.join(os.tmpdir(), 'studio-proxy-'));
chmodSync(tmp, 0o711); // as root, PostgreSQL runs as 'postgres' and nginx's workers as 'nobody'
const children = new Set();
process.once('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

/** Starts a process; its output is kept and shown only when the test fails. */
function start(command, args, env = {}) {
  const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  children.add(child);
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  exited.then(() => children.delete(child));
  return { child, exited, output: () => output };
}

async function waitFor(url, proc, timeoutMs = 180_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (proc.child.exitCode !== null) throw new Error(`${url}: the process ended:\n${proc.output()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > until) throw new Error(`${url} did not answer in time:\n${proc.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function gql(base, query, variables = {}, token) {
  const res = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const body = await res.json();
  return { status: res.status, ...body };
}

/** deploy/nginx.conf with the compose services' addresses and port replaced by this machine's; nothing else changes. */
function renderNginxConf(api1Port, api2Port, proxyPort) {
  let conf = readFileSync(path.join(root, 'deploy/nginx.conf'), 'utf8');
  for (const [from, to] of [
    ['server api1:4000;', `server 127.0.0.1:${api1Port};`],
    ['server api2:4000;', `server 127.0.0.1:${api2Port};`],
    ['listen 80;', `listen 127.0.0.1:${proxyPort};`],
  ]) {
    assert.equal(conf.split(from).length, 2, `deploy/nginx.conf should say "${from}" once`);
    conf = conf.replace(from, to);
  }
  return conf;
}

/** A real PNG of `size` bytes: a small picture made by sharp, padded with a private ancillary chunk decoders skip. */
async function pngOfSize(size) {
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#c0357a' } })
    .png()
    .toBuffer();
  const iend = png.length - 12;
  const data = Buffer.alloc(size - png.length - 12, 0x61);
  const type = Buffer.from('paDd');
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([type, data])));
  return Buffer.concat([png.subarray(0, iend), length, type, data, crc, png.subarray(iend)]);
}

let db;
let api1;
let api2;
let nginx;
let proxy;
const direct = {};
let admin;

before(async () => {
  const { startEmbeddedPostgres } = require(path.join(root, 'api/dist/db/embedded.js'));
  db = await startEmbeddedPostgres(path.join(tmp, 'db'), await freePort());
  const dataDir = path.join(tmp, 'app-data');
  mkdirSync(dataDir);
  const shared = {
    NODE_ENV: 'production',
    DATABASE_URL: db.url,
    JWT_SECRET: randomBytes(24).toString('hex'),
    DATA_DIR: dataDir,
    TRUST_PROXY: '1',
    WEB_DIST: path.join(root, 'web/dist'),
    LOG_LEVEL: process.env.PROXY_TEST_LOG_LEVEL ?? 'warn',
    ENV_FILE: '',
    PAYMENTS_TEST_PROVIDER: '1', // checkout through the proxy (the test provider, chosen explicitly)
  };
  const [port1, port2, proxyPort] = [await freePort(), await freePort(), await freePort()];
  proxy = `http://127.0.0.1:${proxyPort}`;
  direct.api1 = `http://127.0.0.1:${port1}`;
  direct.api2 = `http://127.0.0.1:${port2}`;
  // Both replicas start at once on the fresh database, as compose starts them; the first one seeds the demo data.
  api1 = start(process.execPath, ['api/dist/main.js'], {
    ...shared,
    PORT: String(port1),
    SEED_DEMO: '1',
    PUBLIC_URL: proxy,
    SHUTDOWN_DRAIN_MS: '2000', // as docker-compose.yml sets it (3000 there)
  });
  api2 = start(process.execPath, ['api/dist/main.js'], { ...shared, PORT: String(port2), SEED_DEMO: '0', PUBLIC_URL: proxy });
  await Promise.all([waitFor(`${direct.api1}/readyz`, api1), waitFor(`${direct.api2}/readyz`, api2)]);

  const prefix = path.join(tmp, 'nginx');
  mkdirSync(prefix);
  chmodSync(prefix, 0o777); // nginx's workers write request bodies under it
  writeFileSync(path.join(prefix, 'default.conf'), renderNginxConf(port1, port2, proxyPort));
  writeFileSync(
    path.join(prefix, 'nginx.conf'),
    `daemon off;
worker_processes 1;
pid ${prefix}/nginx.pid;
error_log stderr warn;
events { worker_connections 512; }
http {
  access_log off;
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  include ${prefix}/default.conf;
}
`,
  );
  nginx = start(NGINX, ['-p', prefix, '-c', path.join(prefix, 'nginx.conf'), '-e', 'stderr']);
  await waitFor(`${proxy}/healthz`, nginx);

  const login = await gql(proxy, `mutation { login(username: "admin", password: "${DEMO_PASSWORD}") { token } }`);
  assert.equal(login.errors, undefined, JSON.stringify(login.errors));
  admin = login.data.login.token;
});

after(async () => {
  for (const proc of [nginx, api1, api2]) if (proc && proc.child.exitCode === null) proc.child.kill('SIGTERM');
  await Promise.all([nginx, api1, api2].filter(Boolean).map((p) => p.exited));
  await db?.stop();
  rmSync(tmp, { recursive: true, force: true });
});

describe('two API replicas behind nginx with deploy/nginx.conf', () => {
  test('serves the app through the proxy with its headers: no framing at all', async () => {
    const res = await fetch(`${proxy}/classes`);
    assert.equal(res.status, 200);
    assert.match(await res.text(), /<div id="root"/);
    assert.equal(res.headers.get('x-frame-options'), 'DENY');
    assert.match(res.headers.get('content-security-policy') ?? '', /frame-ancestors 'none'/);
  });

  test('a session signed in on either replica works on the other one and through the proxy', async () => {
    const username = `proxy${Date.now().toString(36)}`;
    const password = 'Silks-and-lyra-proxy';
    const registered = await gql(direct.api1, `mutation($input: RegisterInput!) { register(input: $input) { token user { id } } }`, {
      input: {
        firstName: 'Proxy',
        lastName: 'Member',
        username,
        email: `${username}@example.test`,
        password,
        birthday: '1995-04-02',
        isParentOrGuardian: false,
      },
    });
    assert.equal(registered.errors, undefined, JSON.stringify(registered.errors));
    const id = registered.data.register.user.id;
    const onApi2 = await gql(direct.api2, `mutation($u: String!, $p: String!) { login(username: $u, password: $p) { token } }`, {
      u: username,
      p: password,
    });
    assert.equal(onApi2.errors, undefined, JSON.stringify(onApi2.errors));
    for (const token of [registered.data.register.token, onApi2.data.login.token])
      for (const base of [direct.api1, direct.api2, proxy]) {
        const me = await gql(base, `{ profile { id } }`, {}, token);
        assert.equal(me.data?.profile.id, id, `${base}: ${JSON.stringify(me.errors)}`);
      }
  });

  test('a live event published on either replica reaches a subscriber connected through the proxy', async () => {
    const client = createClient({ url: `${proxy.replace('http', 'ws')}/graphql`, webSocketImpl: WebSocket, retryAttempts: 0 });
    const titles = [];
    const errors = [];
    let acknowledged;
    const ready = new Promise((r) => (acknowledged = r));
    client.on('connected', () => acknowledged());
    const stop = client.subscribe(
      { query: `subscription { landingPageConfigChanged { heroTitle } }` },
      { next: (r) => titles.push(r.data?.landingPageConfigChanged.heroTitle), error: (e) => errors.push(e), complete: () => {} },
    );
    await ready;
    await new Promise((r) => setTimeout(r, 300)); // the subscription reaches the replica's LISTEN set
    // Published on each replica directly, one after the other (an event makes the subscriber read the page as it is
    // then): whichever replica nginx gave the socket to, one event crossed over.
    for (const [name, base] of Object.entries(direct)) {
      const res = await gql(
        base,
        `mutation($t: String!) { updateLandingPageConfig(input: { heroTitle: $t }) { heroTitle } }`,
        { t: `From ${name}` },
        admin,
      );
      assert.equal(res.errors, undefined, JSON.stringify(res.errors));
      const until = Date.now() + 10_000;
      while (!titles.includes(`From ${name}`) && !errors.length && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
      assert.deepEqual(errors, []);
      assert.ok(titles.includes(`From ${name}`), `the event from ${name} did not arrive (got ${JSON.stringify(titles)})`);
    }
    stop();
    await client.dispose();
  });

  test('takes a product image at the app limit and answers the app own 413 past it', async () => {
    const products = await gql(proxy, `{ products(category: merchandise) { id } }`, {}, admin);
    assert.equal(products.errors, undefined, JSON.stringify(products.errors));
    const productId = products.data.products[0].id;
    const upload = (bytes) =>
      fetch(`${proxy}/api/products/${productId}/images`, {
        method: 'POST',
        headers: { authorization: `Bearer ${admin}`, 'content-type': 'image/png' },
        body: bytes,
      });

    const atLimit = await pngOfSize(PRODUCT_IMAGE_MAX_BYTES - 100 * 1024); // ~4.9 MB
    const ok = await upload(atLimit);
    const body = await ok.json();
    assert.equal(ok.status, 200, JSON.stringify(body));
    const image = body.images.at(-1);
    // Stored where both replicas read it: each one serves the new picture.
    for (const base of Object.values(direct)) {
      const res = await fetch(new URL(image.url, base));
      assert.equal(res.status, 200, `${base}${image.url}`);
      assert.equal(res.headers.get('content-type'), 'image/webp');
    }

    const over = await upload(await pngOfSize(PRODUCT_IMAGE_MAX_BYTES + 100 * 1024));
    assert.equal(over.status, 413);
    assert.equal(await over.text(), 'The image is larger than 5 MB.');
  });

  test('a checkout started at another address of the proxy returns to that address, port included', async () => {
    const products = await gql(proxy, `{ products(category: merchandise) { id } }`, {}, admin);
    await gql(
      proxy,
      `mutation($p: ID!) { addProductToCart(productId: $p, quantity: 1) { id } }`,
      { p: products.data.products[0].id },
      admin,
    );
    // The browser's Host and Origin name an address other than PUBLIC_URL (a LAN name for the same server).
    const lan = `http://studio.lan:${new URL(proxy).port}`;
    const body = JSON.stringify({ query: `mutation { createCheckoutSession { url } }` });
    const answer = await new Promise((resolve, reject) => {
      const req = http.request(
        `${proxy}/graphql`,
        {
          method: 'POST',
          headers: {
            host: new URL(lan).host,
            origin: lan,
            authorization: `Bearer ${admin}`,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
          },
        },
        (res) => {
          let text = '';
          res.on('data', (d) => (text += d));
          res.on('end', () => resolve(JSON.parse(text)));
        },
      );
      req.on('error', reject);
      req.end(body);
    });
    assert.equal(answer.errors, undefined, JSON.stringify(answer.errors));
    assert.ok(answer.data.createCheckoutSession.url.startsWith(`${lan}/api/stripe/test-checkout/`), answer.data.createCheckoutSession.url);
  });

  test('answers the app own 413 for a GraphQL body over 1 MB, and a short plain one far past it', async () => {
    const body = (bytes) => JSON.stringify({ query: `{ __typename }`, variables: { pad: 'x'.repeat(bytes) } });
    const post = (bytes) =>
      fetch(`${proxy}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: body(bytes) });
    const under = await post(900 * 1024);
    assert.equal(under.status, 200);
    const over = await post(1100 * 1024);
    assert.equal(over.status, 413);
    assert.equal(await over.text(), 'The request is too large (limit 1 MB).');
    const far = await post(3 * 1024 * 1024);
    assert.equal(far.status, 413);
    assert.equal(far.headers.get('content-type'), 'text/plain');
    assert.equal((await far.text()).trim(), 'The request is too large.');
  });

  test('one replica stopped: reads and sign-in go on through the other; GET reads never fail', async () => {
    const duringStop = [];
    const afterStop = [];
    let exited = false;
    const query = `{ landingPageConfig { heroTitle } }`;
    /** A status, or for a 503 whether it is the draining replica's own (Retry-After, unprocessed). */
    const outcome = async (res) =>
      res.status === 503 && res.headers.get('retry-after') === '1' && (await res.text()).includes('restarting') ? 'restarting' : res.status;
    const read = (method) =>
      (method === 'GET'
        ? fetch(`${proxy}/graphql?query=${encodeURIComponent(query)}`, { headers: { 'apollo-require-preflight': '1' } })
        : fetch(`${proxy}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query }) })
      ).then(outcome, (e) => `failed: ${e.message}`);
    // Readers without pause (by GET and by POST) while the replica shuts down, until 20 reads followed its exit.
    const reader = async (method) => {
      while (afterStop.length < 20) {
        const status = await read(method);
        (exited ? afterStop : duringStop).push(`${method} ${status}`);
      }
    };
    const readers = [reader('GET'), reader('POST'), reader('POST')];
    while (duringStop.length < 4) await new Promise((r) => setTimeout(r, 20));
    api1.child.kill('SIGTERM');
    const exit = await api1.exited;
    exited = true;
    assert.equal(exit.code, 0, api1.output());
    await Promise.all(readers);
    const login = await gql(proxy, `mutation { login(username: "admin", password: "${DEMO_PASSWORD}") { token } }`);
    assert.equal(login.errors, undefined, JSON.stringify(login.errors));
    assert.deepEqual(
      afterStop.filter((s) => !s.endsWith(' 200')),
      [],
      `nginx said:\n${nginx.output()}`,
    );
    // While it drains (SHUTDOWN_DRAIN_MS) the replica answers 503 "restarting" without running anything: nginx passes
    // GETs on and takes the replica out. A POST is never passed on once sent (it might run twice), so one caught in
    // that instant gets the 503 with Retry-After, or now and then still a 502 (a connection reset as the replica
    // closes; not understood yet): shown, not asserted.
    assert.deepEqual(
      duringStop.filter((s) => s.startsWith('GET ') && s !== 'GET 200'),
      [],
      `nginx said:\n${nginx.output()}`,
    );
    const posts = duringStop.filter((s) => s.startsWith('POST '));
    const lost = posts.filter((s) => s !== 'POST 200');
    console.log(`# ${duringStop.length} reads during the shutdown; of ${posts.length} POSTs: ${lost.join(', ') || 'all 200'}`);
  });
});
