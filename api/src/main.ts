import 'reflect-metadata';
import { startApp, type RunningApp } from './boot.js';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded.js';
import { DEMO_PASSWORD, DEMO_USERS, seedDemo } from './seed/demo.js';
import { loadEnv } from './env.js';
import { lifecycle } from './lifecycle.js';
import { log } from './logger.js';

/** `npm start` / `npm run dev`: embedded PostgreSQL unless DATABASE_URL is set, migrations, demo seed, HTTP. */
async function main(): Promise<void> {
  const started = Date.now();
  const env = loadEnv();
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
    console.error(`\nThe studio app could not start: ${(err as Error).message}\n`);
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
    '',
    '  Press Ctrl-C to stop.',
    '',
  ];
  console.log(lines.join('\n'));
}

void main();
