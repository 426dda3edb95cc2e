// SQL statements for one page of the admin classes table, at page sizes 10 and 100 (budget: <= 4, the same
// for every page size). Counted from PostgreSQL's own statement statistics, so nothing in the API is patched.
import pg from 'pg';
import { startBenchApp } from './harness.mjs';

const QUERY = `query($n: Int!) { adminClassInstances(pageSize: $n) { total items { id date startTime spotsLeft waitlistLength status
  blueprint { name level apparatus { name } } instructor { name } } } }`;

export async function benchAdminTable() {
  const bench = await startBenchApp();
  const pool = new pg.Pool({ connectionString: bench.databaseUrl, max: 1 });
  const token = (await bench.gql(`mutation { login(username: "admin", password: "aerial-demo") { token } }`)).data.login.token;
  const counts = {};
  for (const n of [10, 100]) {
    await bench.gql(QUERY, { n }, token); // warm-up
    const before = await statements(pool);
    const res = await bench.gql(QUERY, { n }, token);
    counts[`page of ${res.data.adminClassInstances.items.length}`] = { 'SQL statements': (await statements(pool)) - before - 1 };
  }
  console.log('\nAdmin classes table: SQL statements per page (session lookup included)');
  console.table(counts);
  await pool.end();
  await bench.stop();
}

/** Transactions plus statements seen by the database, from pg_stat_database (xact_commit counts autocommit statements). */
async function statements(pool) {
  await pool.query('select pg_stat_clear_snapshot()');
  const { rows } = await pool.query(`select xact_commit::int as n from pg_stat_database where datname = current_database()`);
  await new Promise((r) => setTimeout(r, 600)); // statistics are flushed to the view about every 0.5 s
  const after = await pool.query(`select xact_commit::int as n from pg_stat_database where datname = current_database()`);
  return after.rows[0].n ?? rows[0].n;
}

if (import.meta.url === `file://${process.argv[1]}`) benchAdminTable().then(() => process.exit(0));
