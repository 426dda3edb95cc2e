import './process-defaults.js';
import './v8-flags.js';
import 'reflect-metadata';
import { startApp, type RunningApp } from './boot.js';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded.js';
import { DEMO_PASSWORD, DEMO_USERS, seedDemo } from './seed/demo.js';
import { loadDotEnv, loadEnv, type Env } from './env.js';
import { lifecycle } from './lifecycle.js';
import { TEST_MODE_STARTUP_LINE } from './modules/index.js';
import { isDatabaseUnavailable } from './graphql/errors.js';
import { log, setLogLevel } from './logger.js';

/** `npm start` / `npm run dev`: embedded PostgreSQL unless DATABASE_URL is set, migrations, demo seed, HTTP. */
async function main(): Promise<void> {
  const started = Date.now();
  let envFile: string | null;
  let env: Env;
  try {
    envFile = loadDotEnv();
    env = loadEnv();
  } catch (err) {
    console.error(`\nThe studio app could not start: ${(err as Error).message}\n`);
    process.exit(1);
  }
  setLogLevel(env.LOG_LEVEL);
  if (envFile) log.info('settings read', { file: envFile });
  let embedded: EmbeddedDatabase | null = null;
  let app: RunningApp | null = null;

  const shutdown = async (signal: string) => {
    if (lifecycle.stopping) return;
    lifecycle.stopping = true;
    log.info('shutting down', { signal });
    const force = setTimeout(() => process.exit(1), 15000);
    force.unref();
    let code = 0;
    try {
      await app?.stop();
    } catch (err) {
      code = 1;
      log.error('shutdown error', { message: (err as Error).message });
    } finally {
      await embedded?.stop().catch(() => undefined);
    }
    process.exit(code);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    let databaseUrl = env.DATABASE_URL;
    if (!databaseUrl) {
      embedded = await startEmbeddedPostgres(env.dataDir, env.EMBEDDED_PG_PORT);
      databaseUrl = embedded.url;
    }
    const seed = !env.DATABASE_URL || env.SEED_DEMO === '1';
    app = await startApp(env, databaseUrl, { seed: seed ? seedDemo : undefined });
  } catch (err) {
    console.error(`\nThe studio app could not start: ${startupFailure(err, env)}\n`);
    log.debug('start-up failure', { stack: (err as Error).stack });
    await embedded?.stop().catch(() => undefined);
    process.exit(1);
  }

  const url = `http://localhost:${app.port}`;
  const seeded = !env.DATABASE_URL || env.SEED_DEMO === '1';
  const lines = [
    '',
    `  Aerial studio app is running at ${url}  (${env.NODE_ENV} mode, ready in ${((Date.now() - started) / 1000).toFixed(1)} s)`,
    `  GraphQL: ${url}/graphql   Health: ${url}/healthz`,
    ...(seeded
      ? ['', `  Demo logins (password: ${DEMO_PASSWORD}):`, ...DEMO_USERS.map((u) => `    ${u.username.padEnd(11)} ${u.role}`)]
      : []),
    ...(app.services.payments.mode === 'test_provider' ? ['', `  ${TEST_MODE_STARTUP_LINE}`] : []),
    '',
    '  Press Ctrl-C to stop.',
    '',
  ];
  console.log(lines.join('\n'));
}

/** One line that says what went wrong and which setting changes it; the stack only at LOG_LEVEL=debug. */
function startupFailure(err: unknown, env: Env): string {
  const e = err as NodeJS.ErrnoException;
  if (e.code === 'EADDRINUSE') return `port ${env.PORT} is taken (another app, or a second instance of this one): set PORT to a free port.`;
  if (env.DATABASE_URL && isDatabaseUnavailable(err)) {
    const { hostname, port } = new URL(env.DATABASE_URL);
    return `the database at ${hostname}:${port || 5432} (DATABASE_URL) cannot be reached (${e.message}).`;
  }
  return e.message || String(err);
}

void main();
