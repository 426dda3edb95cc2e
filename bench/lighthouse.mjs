// Lighthouse (mobile preset: a mid-range phone on slow 4G, simulated throttling) on `/` and `/calendar` against
// `npm start` on a port of its own, in Debian's Chromium (the e2e suite's), and a check that the page's JavaScript
// and CSS go out brotli-compressed. Goal: performance >= 90 on `/` and >= 85 on `/calendar`,
// LCP <= 2.5 s, CLS <= 0.1, accessibility 100.
// Usage: node bench/lighthouse.mjs [--runs N]   (PORT, EMBEDDED_PG_PORT and DATA_DIR are honoured like `npm start`;
// without them it takes free ports and a fresh data folder, seeded with the demo data, removed afterwards).
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { freePort } from '../scripts/net.mjs';
import { root, waitForHttp } from './harness.mjs';

const CHROMIUM = '/usr/bin/chromium';
// The e2e suite's flags (STACK.md): without the background-networking ones Chromium floods this closed network.
const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const PAGES = [
  { path: '/', goal: { performance: 90 } },
  { path: '/calendar', goal: { performance: 85 } },
];
const GOAL = { accessibility: 100, lcpMs: 2500, cls: 0.1 };
const REPORTS = path.join(root, 'bench/results/lighthouse');

/** `npm start` in its own process group (Ctrl-C semantics on stop: the server stops PostgreSQL cleanly). */
async function startServer() {
  const port = Number(process.env.PORT) || (await freePort());
  const dataDir = process.env.DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'studio-lighthouse-'));
  const child = spawn('npm', ['start', '--silent'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'error' },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const running = () => child.exitCode === null && child.signalCode === null;
  // A failed run must not leave the server (and its PostgreSQL) behind.
  process.once('exit', () => running() && process.kill(-child.pid, 'SIGINT'));
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(`${url}/healthz`, 180000);
  return {
    url,
    async stop() {
      if (running()) {
        const exited = new Promise((r) => child.once('exit', r));
        process.kill(-child.pid, 'SIGINT');
        await exited;
      }
      if (!process.env.DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function startChromium() {
  const port = await freePort();
  const profile = mkdtempSync(path.join(os.tmpdir(), 'studio-lighthouse-chromium-'));
  const child = spawn(CHROMIUM, [...CHROMIUM_FLAGS, `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, 'about:blank'], {
    stdio: 'ignore',
  });
  process.once('exit', () => child.kill('SIGKILL'));
  await waitForHttp(`http://127.0.0.1:${port}/json/version`, 30000);
  return {
    port,
    stop: () =>
      new Promise((r) => {
        child.once('exit', () => {
          rmSync(profile, { recursive: true, force: true });
          r();
        });
        child.kill('SIGTERM');
      }),
  };
}

/**
 * How `url` goes out to a browser-like request (`br, gzip`), read off the wire (fetch would decompress and hide it):
 * its Content-Encoding and its size as it is. Files up to 1 KB are sent as they are by design (web/scripts/precompress.mjs).
 */
function encodingOf(url) {
  const head = (acceptEncoding) =>
    new Promise((resolve, reject) => {
      http
        .request(url, { method: 'HEAD', headers: { 'accept-encoding': acceptEncoding } }, (res) => {
          res.resume();
          resolve(res.headers);
        })
        .on('error', reject)
        .end();
    });
  return Promise.all([head('gzip, deflate, br, zstd'), head('identity')]).then(([browser, plain]) => ({
    encoding: browser['content-encoding'] ?? 'identity',
    bytes: Number(plain['content-length']),
  }));
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function audit(url, chromePort, attempts = 3) {
  // The machine is shared: the load average at the start of each run says how far its figures can be trusted.
  const load = os.loadavg()[0];
  const { lhr } = await lighthouse(url, {
    port: chromePort,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
  });
  // A trace that failed to record (NO_NAVSTART, NO_FCP on a busy machine) says nothing about the page: run again.
  if (lhr.runtimeError && attempts > 1) return audit(url, chromePort, attempts - 1);
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const requests = lhr.audits['network-requests'].details?.items ?? [];
  return {
    performance: Math.round(lhr.categories.performance.score * 100),
    accessibility: Math.round(lhr.categories.accessibility.score * 100),
    lcpMs: lhr.audits['largest-contentful-paint'].numericValue,
    cls: lhr.audits['cumulative-layout-shift'].numericValue,
    tbtMs: lhr.audits['total-blocking-time'].numericValue,
    fcpMs: lhr.audits['first-contentful-paint'].numericValue,
    transferBytes: requests.reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
    scripts: requests.filter((r) => r.resourceType === 'Script' || r.resourceType === 'Stylesheet').map((r) => r.url),
    load,
    lhr,
  };
}

export async function benchLighthouse({ runs = 3 } = {}) {
  const server = await startServer();
  const chromium = await startChromium();
  mkdirSync(REPORTS, { recursive: true });
  const rows = {};
  const failures = [];
  const assetEncodings = new Map();
  try {
    for (const page of PAGES) {
      const results = [];
      // Lighthouse scores vary from run to run (more so on a shared machine): the median run is reported.
      for (let i = 0; i < runs; i += 1) results.push(await audit(`${server.url}${page.path}`, chromium.port));
      const pick = (key) => median(results.map((r) => r[key]));
      // The median run's whole report, for the diagnostics (open it in the Lighthouse viewer).
      const reportFile = path.join(REPORTS, `${page.path === '/' ? 'landing' : page.path.slice(1)}.json`);
      writeFileSync(reportFile, JSON.stringify(results.find((r) => r.performance === pick('performance')).lhr));
      const row = {
        performance: pick('performance'),
        accessibility: pick('accessibility'),
        'LCP s': Number((pick('lcpMs') / 1000).toFixed(2)),
        CLS: Number(pick('cls').toFixed(3)),
        'TBT ms': Math.round(pick('tbtMs')),
        'FCP s': Number((pick('fcpMs') / 1000).toFixed(2)),
        'transfer KB': Number((pick('transferBytes') / 1024).toFixed(1)),
        'performance runs': results.map((r) => r.performance).join(' '),
        'load avg': results.map((r) => r.load.toFixed(1)).join(' '),
      };
      rows[page.path] = row;
      if (row.performance < page.goal.performance) failures.push(`${page.path}: performance ${row.performance} < ${page.goal.performance}`);
      if (row.accessibility < GOAL.accessibility) failures.push(`${page.path}: accessibility ${row.accessibility} < ${GOAL.accessibility}`);
      if (row['LCP s'] * 1000 > GOAL.lcpMs) failures.push(`${page.path}: LCP ${row['LCP s']} s > ${GOAL.lcpMs / 1000} s`);
      if (row.CLS > GOAL.cls) failures.push(`${page.path}: CLS ${row.CLS} > ${GOAL.cls}`);
      for (const url of new Set(results.flatMap((r) => r.scripts)))
        if (url.startsWith(server.url) && !assetEncodings.has(url)) assetEncodings.set(url, await encodingOf(url));
    }
  } finally {
    await chromium.stop();
    await server.stop();
  }

  console.log(
    `\nLighthouse ${lighthouseVersion()} mobile preset against \`npm start\` (median of ${runs} runs; reports in ${path.relative(root, REPORTS)})`,
  );
  console.table(rows);
  const answers = [...assetEncodings];
  const small = answers.filter(([, a]) => a.bytes <= 1024);
  const notBrotli = answers.filter(([, a]) => a.bytes > 1024 && a.encoding !== 'br');
  const list = (entries) =>
    entries
      .slice(0, 5)
      .map(([url, a]) => `${new URL(url).pathname} ${a.encoding}`)
      .join(', ') + (entries.length > 5 ? ', …' : '');
  console.log(
    `JS and CSS over 1 KB with content-encoding: br: ${answers.length - small.length - notBrotli.length} of ` +
      `${answers.length - small.length}${notBrotli.length ? ` (not: ${list(notBrotli)})` : ''}; ${small.length} up to 1 KB sent as they are`,
  );
  if (answers.length === small.length || notBrotli.length) failures.push('JS or CSS over 1 KB served without brotli');
  console.log(failures.length ? `goals missed: ${failures.join('; ')}` : 'goals met');
  return { rows, failures };
}

const lighthouseVersion = () => JSON.parse(readFileSync(path.join(root, 'node_modules/lighthouse/package.json'), 'utf8')).version;

if (import.meta.url === `file://${process.argv[1]}`) {
  const runsArg = process.argv.indexOf('--runs');
  const runs = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 3;
  benchLighthouse({ runs }).then(({ failures }) => process.exit(failures.length ? 1 : 0));
}
