import { Migrator } from '@mikro-orm/migrations';
import { defineConfig } from '@mikro-orm/postgresql';
import path from 'node:path';
import { entities } from './entities.js';
import { migrationsList } from './migrations/index.js';

/** MikroORM settings for a given database URL. Migrations are committed and run at boot. */
export function ormConfig(clientUrl: string, opts: { debug?: boolean; poolMax?: number } = {}) {
  return defineConfig({
    clientUrl,
    entities,
    extensions: [Migrator],
    debug: opts.debug ?? false,
    pool: { min: 0, max: opts.poolMax ?? 10 },
    // One em.fork() per request; the global one must never be used by accident.
    allowGlobalContext: false,
    forceUtcTimezone: true,
    // Tables owned by libraries (rate-limiter-flexible) or created by hand in migrations.
    schemaGenerator: { skipTables: ['rate_limit'] },
    migrations: {
      tableName: 'mikro_orm_migrations',
      silent: true,
      // Listed in code (migrations/index.ts) so they load the same from src, dist and Jest.
      migrationsList,
      path: path.join(__dirname, 'migrations'),
      transactional: true,
      allOrNothing: true,
      snapshot: false,
      emit: 'ts',
    },
  });
}
