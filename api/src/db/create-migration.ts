import 'reflect-metadata';
import { MikroORM } from '@mikro-orm/postgresql';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { embeddedPort, startEmbeddedPostgres } from './embedded.js';
import { ormConfig } from './mikro-orm.config.js';

/**
 * `npm run migration:create -w api`: diffs the entities against a database migrated to the latest committed
 * migration and writes the difference as a new TypeScript migration into src/db/migrations.
 */
async function main(): Promise<void> {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'studio-migrate-'));
  const db = process.env.DATABASE_URL ? null : await startEmbeddedPostgres(tmp, await embeddedPort(undefined)); // any free port: worktrees run this side by side
  const config = ormConfig(process.env.DATABASE_URL ?? db!.url);
  config.migrations = { ...config.migrations, path: path.resolve(__dirname, '../../src/db/migrations'), emit: 'ts' };
  const orm = await MikroORM.init(config);
  try {
    await orm.getMigrator().up();
    const result = await orm.getMigrator().createMigration(undefined, false, process.argv.includes('--initial'));
    console.log(result.fileName ? `Created ${result.fileName}; add it to src/db/migrations/index.ts` : 'No changes');
  } finally {
    await orm.close(true);
    await db?.stop();
    rmSync(tmp, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
