// Time from `npm start` (dependencies installed) to GET /healthz answering 200, on a fresh data folder
// (first start: initdb, migrations, seed) and again on the same folder (a restart). Budget: <= 15 s.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { alive, freePort } from '../scripts/net.mjs';
import { root } from './harness.mjs';

async function timeStart(dataDir) {
  const port = await freePort();
  const pgPort = await freePort();
  const started = Date.now();
  const child = spawn('npm', ['start', '--silent'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), EMBEDDED_PG_PORT: String(pgPort), DATA_DIR: dataDir },
    stdio: 'ignore',
    detached: true,
  });
  for (;;) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (res.ok) break;
    } catch {
      /* not yet */
    }
    if (Date.now() - started > 120000) throw new Error('server did not become ready in 120 s');
    await new Promise((r) => setTimeout(r, 100));
  }
  const seconds = (Date.now() - started) / 1000;
  process.kill(-child.pid, 'SIGINT');
  await new Promise((r) => child.on('exit', r));
  // PostgreSQL removes postmaster.pid when it stops cleanly.
  const pidFile = path.join(dataDir, 'pg', 'postmaster.pid');
  return { seconds, postgresLeftRunning: existsSync(pidFile) && alive(Number(readFileSync(pidFile, 'utf8').split('\n')[0])) };
}

export async function benchStartup() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'studio-start-'));
  const first = await timeStart(dataDir);
  const again = await timeStart(dataDir);
  rmSync(dataDir, { recursive: true, force: true });
  console.log('\n`npm start` to /healthz 200 (dependencies installed, builds up to date; budget <= 15 s)');
  console.table({ 'fresh data folder': first, restart: again });
  return { first, again };
}

if (import.meta.url === `file://${process.argv[1]}`) benchStartup().then(() => process.exit(0));
