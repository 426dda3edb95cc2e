import { Migrator } from '@mikro-orm/migrations';
import { defineConfig } from '@mikro-orm/postgresql';
import path from 'node:path';
import { entities } from './entities.js';
import { migrationsList } from './migrations/index.js';

/**
 * How long a request may wait for the database before it is answered "unavailable" (503) instead of hanging for as
 * long as the database does: for a pooled connection or a new one (`acquireMs`), and for one statement
 * (`statementMs`, PostgreSQL's statement_timeout, and on the client a little later for a database that does not
 * answer at all). 0 turns a limit off.
 */
export interface DatabaseTimeouts {
  acquireMs: number;
  statementMs: number;
}

/** What the client waits past the server's statement_timeout, so the server's own cancel is what usually answers. */
const CLIENT_GRACE_MS = 1000;

/** MikroORM settings for a given database URL. Migrations are committed and run at boot. */
export function ormConfig(clientUrl: string, opts: { debug?: boolean; poolMax?: number; timeouts?: DatabaseTimeouts } = {}) {
  const { acquireMs = 0, statementMs = 0 } = opts.timeouts ?? {};
  return defineConfig({
    clientUrl,
    entities,
    extensions: [Migrator],
    debug: opts.debug ?? false,
    pool: { min: 0, max: opts.poolMax ?? 10 },
    driverOptions: {
      ...(acquireMs ? { acquireConnectionTimeout: acquireMs } : {}),
      connection: {
        ...(acquireMs ? { connectionTimeoutMillis: acquireMs } : {}),
        ...(statementMs ? { statement_timeout: statementMs, query_timeout: statementMs + CLIENT_GRACE_MS } : {}),
      },
    },
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
