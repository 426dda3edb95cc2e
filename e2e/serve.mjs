// Starts the built API (which serves the built web app) for Playwright on a fresh database every run.
// Deletes e2e/.data/ first (stopping any PostgreSQL a previous, killed run left behind there), then runs
// api/dist/main.js in this process with PORT=4300, EMBEDDED_PG_PORT=25300, NODE_ENV=production.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { alive } from '../scripts/net.mjs';

// The API's thread pool size (api/src/process-defaults.ts) must be set before this process first uses the pool.
process.env.UV_THREADPOOL_SIZE ??= '16';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
// One data folder per port, so runs on different ports never delete each other's database.
const dataRoot = path.join(here, '.data', process.env.E2E_PORT ?? '4300');

function leftoverPostgresPids(dir) {
  const pids = [];
  if (!existsSync(dir)) return pids;
  const walk = (d, depth) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, entry.name);
      if (entry.isFile() && entry.name === 'postmaster.pid') {
        const pid = Number(readFileSync(p, 'utf8').split('\n')[0]);
        if (pid > 0) pids.push(pid);
      } else if (entry.isDirectory() && depth < 4) walk(p, depth + 1);
    }
  };
  walk(dir, 0);
  return pids;
}

for (const pid of leftoverPostgresPids(dataRoot)) {
  if (!alive(pid)) continue;
  console.log(`[e2e] stopping PostgreSQL ${pid} left by an earlier run`);
  process.kill(pid, 'SIGTERM');
  for (let i = 0; i < 50 && alive(pid); i++) await new Promise((r) => setTimeout(r, 100));
}

rmSync(dataRoot, { recursive: true, force: true });
const dataDir = path.join(dataRoot, `run-${Date.now()}`);
mkdirSync(dataDir, { recursive: true });

Object.assign(process.env, {
  PORT: process.env.E2E_PORT ?? '4300',
  // Below Linux's ephemeral range (32768–60999): no outgoing connection of another test can be holding it, which
  // 55300 once was ("port 55300 is taken" right after the proxy test).
  EMBEDDED_PG_PORT: process.env.E2E_PG_PORT ?? '25300',
  DATA_DIR: dataDir,
  NODE_ENV: 'production',
  WEB_DIST: path.join(root, 'web/dist'),
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  // E2E_STUDIO_TZ runs the suite in another zone, e.g. one where it is late evening now (specs/classSupport.ts).
  STUDIO_TIME_ZONE: process.env.E2E_STUDIO_TZ ?? 'America/Los_Angeles',
  ENV_FILE: '', // a developer's .env must not point the e2e server at another database
  // Every spec registers its own accounts, all from this machine's address.
  REGISTRATIONS_PER_IP_PER_HOUR: '100000',
  // ...and opens its live connections from it, several specs at once as the same demo users.
  WS_MAX_SOCKETS_PER_ADDRESS: '100000',
  WS_MAX_SOCKETS_PER_USER: '1000',
  WS_SUBSCRIBES_PER_MINUTE: '100000',
  // The webhooks spec's receiver listens on loopback, which the studio refuses by default.
  WEBHOOKS_ALLOW_PRIVATE_NETWORKS: '1',
});

const apiMain = path.resolve(root, process.env.E2E_API_MAIN ?? 'api/dist/main.js');
if (!existsSync(apiMain) || !existsSync(path.join(root, 'web/dist/index.html'))) {
  console.error('[e2e] Build first: `npm run build` (api/dist and web/dist are needed).');
  process.exit(1);
}
await import(pathToFileURL(apiMain).href);
