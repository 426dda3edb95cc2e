import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { createTestDatabase } from '../test/app.js';

/**
 * `npm start`'s process (api/dist/main.js, built here as build-if-stale builds it) stops promptly on SIGTERM and
 * SIGINT: exit code 0 within a few seconds, idle or with a WebSocket and a keep-alive connection open. It runs in
 * production mode, where Apollo would add signal handlers of its own.
 */
const ROOT = path.resolve(__dirname, '../..');
beforeAll(() => {
  const tsc = require.resolve('typescript/bin/tsc');
  execFileSync(process.execPath, [tsc, '-b', 'rules/tsconfig.build.json'], { cwd: ROOT });
  execFileSync(process.execPath, [tsc, '-p', 'api/tsconfig.build.json', '--incremental', '--tsBuildInfoFile', 'api/dist/.tsbuildinfo'], {
    cwd: ROOT,
  });
}, 240_000);

async function startMain() {
  const child = spawn(process.execPath, [path.join(ROOT, 'api/dist/main.js')], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      PORT: '0',
      DATABASE_URL: await createTestDatabase(),
      SEED_DEMO: '1',
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'studio-shutdown-')),
      JWT_SECRET: 'shutdown-test-secret-shutdown-test-secret',
      LOG_LEVEL: 'warn',
      ENV_FILE: '',
      WEB_DIST: '/nonexistent',
    },
  });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setInterval(() => {
      const running = /running at (http:\/\/\S+)/.exec(output);
      if (running && output.includes('Press Ctrl-C')) {
        clearInterval(timer);
        resolve(running[1]);
      }
    }, 50);
    void exited.then(() => {
      clearInterval(timer);
      reject(new Error(`main exited at start:\n${output}`));
    });
  });
  /** Sends the signal; answers the exit code and how long the process took to end. */
  const stop = async (signal: NodeJS.Signals) => {
    const at = Date.now();
    child.kill(signal);
    const code = await exited;
    return { code, ms: Date.now() - at, output };
  };
  return { url, stop };
}

it('exits 0 within a few seconds of SIGTERM when idle', async () => {
  const main = await startMain();
  await new Promise((r) => setTimeout(r, 1000)); // the scheduled jobs and the webhook poll have started
  const { code, ms, output } = await main.stop('SIGTERM');
  expect({ code, output: code === 0 ? '' : output }).toEqual({ code: 0, output: '' });
  expect(ms).toBeLessThan(4000);
}, 60_000);

it('exits 0 within a few seconds of SIGINT with a WebSocket and a keep-alive connection open', async () => {
  const main = await startMain();
  expect((await fetch(`${main.url}/healthz`)).status).toBe(200); // fetch keeps its connection alive
  const socket = new WebSocket(`${main.url.replace(/^http/, 'ws')}/graphql`, 'graphql-transport-ws');
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  socket.send(JSON.stringify({ type: 'connection_init' }));
  await new Promise((resolve) => socket.once('message', resolve));
  const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
  const { code, ms, output } = await main.stop('SIGINT');
  expect({ code, output: code === 0 ? '' : output }).toEqual({ code: 0, output: '' });
  expect(ms).toBeLessThan(4000);
  expect(await closed).toBeGreaterThan(0);
}, 60_000);
