// Shared benchmark helpers: an embedded PostgreSQL, the built API in its own process, a baseline server in its
// own process, autocannon in this one, and ratio reports. Baselines run in the same session because the
// machine is shared and noisy: compare ratios, not absolute numbers.
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { Buffer } from 'node:buffer';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../scripts/net.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);

export async function waitForHttp(url, timeoutMs = 180_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not yet */
    }
    if (Date.now() > until) throw new Error(`${url} did not answer in time`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Starts a node script as a child process with extra env; resolves once `readyUrl` answers. BENCH_NODE_ARGS adds
 * node flags (e.g. --cpu-prof), BENCH_CHILD_STDOUT=1 shows the child's stdout (e.g. --trace-gc's lines).
 */
export async function startProcess(script, env, readyUrl) {
  const child = spawn(process.execPath, [...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? []), script], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', process.env.BENCH_CHILD_STDOUT ? 'inherit' : 'ignore', 'inherit'],
  });
  // A failed benchmark must not leave its servers behind.
  process.once('exit', () => child.kill('SIGTERM'));
  await waitForHttp(readyUrl);
  return {
    child,
    stop: () =>
      new Promise((r) => {
        child.once('exit', r);
        child.kill('SIGTERM');
      }),
  };
}

/**
 * The built API in this process (with the demo data, and `extraEnv`'s settings), for benchmarks that count its SQL
 * statements on its own database connection or call its services: `app` (its services), `graphqlUrl`, and `stop()`.
 */
export async function startInProcessApp(extraEnv = {}) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'studio-bench-'));
  chmodSync(dataDir, 0o711);
  const { startEmbeddedPostgres } = require(path.join(root, 'api/dist/db/embedded.js'));
  const { startApp } = require(path.join(root, 'api/dist/boot.js'));
  const { loadEnv } = require(path.join(root, 'api/dist/env.js'));
  const { seedDemo } = require(path.join(root, 'api/dist/seed/demo.js'));
  require(path.join(root, 'api/dist/logger.js')).setLogLevel('error');
  const db = await startEmbeddedPostgres(dataDir, await freePort());
  const env = loadEnv({
    NODE_ENV: 'production',
    PORT: '0',
    DATA_DIR: dataDir,
    DATABASE_URL: db.url,
    WEB_DIST: '/nonexistent',
    LOG_LEVEL: 'error',
    ...extraEnv,
  });
  const app = await startApp(env, db.url, { seed: seedDemo });
  return {
    app,
    graphqlUrl: `http://127.0.0.1:${app.port}/graphql`,
    async stop() {
      await app.stop();
      await db.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Records the SQL statements an in-process API sends while answering requests (its request scope), so the outbox
 * poller and the job queue running in the background at the same moment are not counted. `execute` runs SQL
 * uncounted.
 */
export function statementRecorder(app) {
  const connection = app.services.orm.em.getDriver().getConnection();
  const { requestScope } = require(path.join(root, 'api/dist/logger.js'));
  const execute = connection.execute.bind(connection);
  let seen = [];
  connection.execute = (...args) => {
    if (requestScope.getStore()) seen.push(args);
    return execute(...args);
  };
  return {
    execute,
    /** The statements (text and parameters) sent while `work` ran. */
    async record(work) {
      seen = [];
      await work();
      return [...seen];
    },
    restore() {
      connection.execute = execute;
    },
  };
}

/**
 * A GraphQL caller signed in as a demo account (password aerial-demo): `gql(query, variables)` answers `data` and
 * throws on errors.
 */
export async function signedInGql(graphqlUrl, username = 'admin') {
  const post = async (query, variables, token) => {
    const res = await fetch(graphqlUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ query, variables }),
    });
    const body = await res.json();
    if (body.errors) throw new Error(JSON.stringify(body.errors));
    return body.data;
  };
  const { login } = await post(`mutation($u: String!) { login(username: $u, password: "aerial-demo") { token } }`, { u: username });
  return (query, variables) => post(query, variables, login.token);
}

/** Runs `fn` `count` times one after another (what one person waits for) and answers the p50 and p95 in ms. */
export async function timeOneAtATime(fn, count) {
  const times = [];
  for (let i = 0; i < count; i += 1) {
    const start = process.hrtime.bigint();
    await fn();
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  times.sort((a, b) => a - b);
  const at = (p) => +times[Math.min(times.length - 1, Math.floor((times.length * p) / 100))].toFixed(1);
  return { p50: at(50), p95: at(95) };
}

/** Embedded PostgreSQL in a temporary folder and the built API (api/dist/main.js, production mode) against it, demo data seeded. */
export async function startBenchApp(extraEnv = {}) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'studio-bench-'));
  chmodSync(dataDir, 0o711);
  const { startEmbeddedPostgres } = require(path.join(root, 'api/dist/db/embedded.js'));
  // BENCH_PG_PORT / BENCH_PORT pin the ports (machines shared by several runs); otherwise free ones are taken.
  const db = await startEmbeddedPostgres(dataDir, Number(process.env.BENCH_PG_PORT) || (await freePort()));
  const port = Number(process.env.BENCH_PORT) || (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const env = {
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    DATABASE_URL: db.url,
    SEED_DEMO: '1',
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'error',
    WEB_DIST: '/nonexistent',
    ...extraEnv,
  };
  const api = await startProcess('api/dist/main.js', { ...env, PORT: String(port) }, `${url}/healthz`);
  return {
    url,
    /** The API's settings but its port: for a second API process on the same database and data folder. */
    env: { ...env, SEED_DEMO: '0' },
    pid: api.child.pid,
    dataDir,
    databaseUrl: db.url,
    async gql(query, variables, token) {
      const res = await fetch(`${url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify({ query, variables }),
      });
      return res.json();
    },
    async stop() {
      await api.stop();
      await db.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Runs autocannon and returns requests/s and latency percentiles. Non-2xx answers count as errors. */
export async function load(opts) {
  const result = await autocannon({ connections: 20, duration: 8, ...opts });
  const errors = result.errors + result.non2xx + result.timeouts;
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors, total: result.requests.total };
}

/**
 * An open-loop load at a steady pace: request i goes out at start + i / rate, whatever the answers before it did,
 * over `connections` kept-alive sockets, and each latency is timed to the microsecond from its send to the end of
 * its answer. For loads that model a steady sender (Stripe's webhooks). autocannon's `overallRate` is not one: each
 * connection sends its share of a second back to back when the second starts (a burst of `connections` in flight),
 * and it "corrects" for coordinated omission with an expected interval of ceil(1 / rate) = 1 ms, so an answer of
 * L ms is recorded L times (L, L-1, ..., 1): a few slow answers become the p99. Takes the same options as `load`
 * (url, method, requests[0].setupRequest, overallRate, duration, connections).
 */
export async function steadyLoad({ url, method = 'GET', requests = [], overallRate, duration, connections = 10 }) {
  const target = new URL(url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const setup = requests[0]?.setupRequest ?? ((req) => req);
  const interval = 1000 / overallRate;
  const total = Math.round(overallRate * duration);
  const latencies = [];
  let errors = 0;
  let late = 0;
  const send = () =>
    new Promise((resolve) => {
      const req = setup({ method, headers: {} });
      const body = req.body ?? '';
      const started = process.hrtime.bigint();
      const request = http.request(
        {
          host: target.hostname,
          port: target.port,
          path: target.pathname + target.search,
          method: req.method ?? method,
          agent,
          headers: { ...req.headers, 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          res.resume();
          res.on('end', () => {
            latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
            if (res.statusCode < 200 || res.statusCode >= 300) errors += 1;
            resolve();
          });
        },
      );
      request.on('error', () => {
        errors += 1;
        resolve();
      });
      request.end(body);
    });
  const inFlight = [];
  const t0 = performance.now();
  for (let i = 0; i < total; i += 1) {
    const due = t0 + i * interval;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    else if (wait < -interval) late += 1;
    inFlight.push(send());
  }
  await Promise.all(inFlight);
  const elapsed = (performance.now() - t0) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q) => Number(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))].toFixed(2));
  if (late > total / 100) console.warn(`steadyLoad: ${late} of ${total} requests left over one interval late (a busy client)`);
  return { rps: latencies.length / elapsed, p50: at(0.5), p99: at(0.99), errors, total: latencies.length };
}

const median = (values) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)];

/**
 * Loads `subject` and `baseline` in alternation for `rounds` rounds (the machine is shared: a noisy neighbour then
 * hits both sides) and prints each round and the medians of the ratios against the budget (minShare null: none).
 * `references` ([{ name, ...target }]) are further sides loaded in each round after the baseline (other baselines,
 * a floor under any implementation of the subject), each reported as its p99 ratio to the baseline's and the
 * subject's to it.
 */
export async function compare(
  title,
  subject,
  baseline,
  { rounds = 3, duration = 5, minShare = 0.4, maxP99 = 3, loader = load, references = [], ...loadOptions } = {},
) {
  await loader({ ...subject, ...loadOptions, duration: 5 }); // warm-up: lets V8 optimise the hot paths first
  await loader({ ...baseline, ...loadOptions, duration: references.length ? 5 : 2 });
  for (const reference of references) await loader({ ...reference, ...loadOptions, duration: 2 });
  const rows = [];
  const shares = [];
  const p99s = [];
  const toBaseline = references.map(() => []);
  const subjectTo = references.map(() => []);
  for (let i = 1; i <= rounds; i += 1) {
    const a = await loader({ ...subject, ...loadOptions, duration });
    const b = await loader({ ...baseline, ...loadOptions, duration });
    rows.push([`graphql #${i}`, a], [`baseline #${i}`, b]);
    shares.push(a.rps / b.rps);
    p99s.push(a.p99 / b.p99);
    for (const [k, reference] of references.entries()) {
      const c = await loader({ ...reference, ...loadOptions, duration });
      rows.push([`${reference.name} #${i}`, c]);
      toBaseline[k].push(c.p99 / b.p99);
      subjectTo[k].push(a.p99 / c.p99);
    }
  }
  report(title, rows);
  const share = median(shares);
  const p99 = median(p99s);
  const budget = minShare === null ? 'no budget' : `budget >= ${minShare * 100}%, <= ${maxP99}x`;
  console.log(
    `ratio (median of ${rounds}): ${(share * 100).toFixed(0)}% of baseline req/s; p99 ${p99.toFixed(2)}x ` +
      `(rounds: ${shares.map((r) => `${(r * 100).toFixed(0)}%`).join(', ')}; p99 ${p99s.map((r) => `${r.toFixed(2)}x`).join(', ')}; ${budget})`,
  );
  const rounded = (ratios) => ratios.map((r) => `${r.toFixed(2)}x`).join(', ');
  for (const [k, reference] of references.entries())
    console.log(
      `${reference.name}: p99 ${median(toBaseline[k]).toFixed(2)}x the baseline's (median of ${rounds}; rounds ${rounded(toBaseline[k])}); ` +
        `the subject's p99 is ${median(subjectTo[k]).toFixed(2)}x ${reference.name}'s (rounds ${rounded(subjectTo[k])})`,
    );
  return { share, p99 };
}

export function report(title, rows) {
  console.log(`\n${title}`);
  console.table(
    Object.fromEntries(rows.map(([name, r]) => [name, { 'req/s': Math.round(r.rps), 'p50 ms': r.p50, 'p99 ms': r.p99, errors: r.errors }])),
  );
}
