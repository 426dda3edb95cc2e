import 'reflect-metadata';
import { MikroORM } from '@mikro-orm/postgresql';
import { Client } from 'pg';
import { ormConfig } from './db/mikro-orm.config.js';
import type { Env } from './env.js';
import { buildStudioSchema } from './graphql/schema.js';
import { createStudioServer, type StudioServer } from './http/server.js';
import { createServices, ensureReferenceData, type Services } from './services.js';
import { giveStorageToMigrations } from './storage/index.js';

export interface RunningApp {
  services: Services;
  server: StudioServer;
  port: number;
  stop(): Promise<void>;
}

/** Connects to the database, runs migrations, builds the services and schema, and starts listening. */
export async function startApp(
  env: Env,
  databaseUrl: string,
  opts: { seed?: (services: Services) => Promise<void> } = {},
): Promise<RunningApp> {
  const orm = await MikroORM.init(
    ormConfig(databaseUrl, { timeouts: { acquireMs: env.DB_ACQUIRE_TIMEOUT_MS, statementMs: env.DB_STATEMENT_TIMEOUT_MS } }),
  );
  let services: Services | null = null;
  try {
    // pg-boss creates its queues as they start: concurrently with another instance's, that deadlocks.
    services = await withStartupLock(databaseUrl, async () => {
      const ready = await createServices(env, orm, databaseUrl);
      try {
        giveStorageToMigrations(orm.config, ready.storage);
        await migrate(orm);
        await ready.queues.start(ready);
        await ensureReferenceData(ready, orm.em.fork());
        if (opts.seed) await opts.seed(ready);
      } catch (err) {
        await ready.close().catch(() => undefined);
        throw err;
      }
      return ready;
    });
    const running = services;
    const schema = await buildStudioSchema(services.pubsub);
    const server = await createStudioServer(services, schema);
    const port = await server.listen(env.PORT);
    return {
      services: running,
      server,
      port,
      async stop() {
        await server.drain(env.SHUTDOWN_DRAIN_MS);
        await server.close();
        await running.close();
        await orm.close(true);
      },
    };
  } catch (err) {
    await services?.close().catch(() => undefined);
    await orm.close(true);
    throw err;
  }
}

/** Migrations may rewrite large tables: they run in one transaction without the per-statement time limit. */
async function migrate(orm: MikroORM): Promise<void> {
  await orm.em.fork().transactional(async (em) => {
    await em.execute('set local statement_timeout = 0');
    await orm.getMigrator().up({ transaction: em.getTransactionContext() });
  });
}

/**
 * Several instances may boot at once: starting the services (pg-boss's queues), migrations and reference data run
 * under one PostgreSQL advisory lock, one instance at a time.
 */
async function withStartupLock<T>(databaseUrl: string, work: () => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock(804201)');
    return await work();
  } finally {
    await client.query('select pg_advisory_unlock(804201)').catch(() => undefined);
    await client.end();
  }
}
