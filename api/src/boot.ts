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
  const orm = await MikroORM.init(ormConfig(databaseUrl));
  let services: Services | null = null;
  try {
    services = await createServices(env, orm, databaseUrl);
    const ready = services;
    giveStorageToMigrations(orm.config, services.storage);
    await withStartupLock(databaseUrl, async () => {
      await orm.getMigrator().up();
      await ensureReferenceData(ready, orm.em.fork());
      if (opts.seed) await opts.seed(ready);
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

/** Several instances may boot at once: migrations and reference data run under one PostgreSQL advisory lock. */
async function withStartupLock(databaseUrl: string, work: () => Promise<void>): Promise<void> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock(804201)');
    await work();
  } finally {
    await client.query('select pg_advisory_unlock(804201)').catch(() => undefined);
    await client.end();
  }
}
