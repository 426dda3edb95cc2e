// SQL statements for one page of the admin classes table at several page sizes (budget: <= 4, the same for
// every page size). The API runs in this process so its database connection can be counted (not changed).
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../scripts/net.mjs';
import { root } from './harness.mjs';

const require = createRequire(import.meta.url);
const QUERY = `query($n: Int!) { adminClassInstances(pageSize: $n) { total items { id date startTime spotsLeft waitlistLength status
  endTime capacity spotsTaken notes series { id } blueprint { id name level apparatus { id name } } instructor { id name } } } }`;

export async function benchAdminTable() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'studio-bench-'));
  chmodSync(dataDir, 0o711);
  const { startEmbeddedPostgres } = require(path.join(root, 'api/dist/db/embedded.js'));
  const { startApp } = require(path.join(root, 'api/dist/boot.js'));
  const { loadEnv } = require(path.join(root, 'api/dist/env.js'));
  const { seedDemo } = require(path.join(root, 'api/dist/seed/demo.js'));
  require(path.join(root, 'api/dist/logger.js')).setLogLevel('error');
  const db = await startEmbeddedPostgres(dataDir, await freePort());
  const env = loadEnv({
    NODE_ENV: 'production',
    PORT: '0',
    DATA_DIR: dataDir,
    DATABASE_URL: db.url,
    WEB_DIST: '/nonexistent',
    LOG_LEVEL: 'error',
  });
  const app = await startApp(env, db.url, { seed: seedDemo });
  const url = `http://127.0.0.1:${app.port}/graphql`;
  const gql = async (query, variables, token) =>
    (
      await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify({ query, variables }),
      })
    ).json();

  const token = (await gql(`mutation { login(username: "admin", password: "aerial-demo") { token } }`)).data.login.token;
  const connection = app.services.orm.em.getDriver().getConnection();
  const execute = connection.execute.bind(connection);
  let statements = 0;
  connection.execute = (...args) => {
    statements += 1;
    return execute(...args);
  };
  const rows = {};
  for (const n of [10, 50, 100]) {
    statements = 0;
    const res = await gql(QUERY, { n }, token);
    rows[`page size ${n} (${res.data.adminClassInstances.items.length} rows)`] = { 'SQL statements': statements };
  }
  connection.execute = execute;
  console.log('\nAdmin classes table: SQL statements per page (the session lookup included; budget <= 4)');
  console.table(rows);
  await app.stop();
  await db.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

if (import.meta.url === `file://${process.argv[1]}`) benchAdminTable().then(() => process.exit(0));
