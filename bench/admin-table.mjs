// SQL statements for one page of the admin classes table at several page sizes (budget: <= 4, the same for
// every page size). The API runs in this process so its database connection can be counted (not changed).
import { signedInGql, startInProcessApp, statementRecorder } from './harness.mjs';

const QUERY = `query($n: Int!) { adminClassInstances(pageSize: $n) { total items { id date startTime spotsLeft waitlistLength status
  endTime capacity spotsTaken notes series { id } blueprint { id name level apparatus { id name } } instructor { id name } } } }`;

export async function benchAdminTable() {
  const { app, graphqlUrl: url, stop } = await startInProcessApp();
  const gql = await signedInGql(url);
  const recorder = statementRecorder(app);
  const rows = {};
  for (const n of [10, 50, 100]) {
    let res;
    const seen = await recorder.record(async () => (res = await gql(QUERY, { n })));
    rows[`page size ${n} (${res.adminClassInstances.items.length} rows)`] = { 'SQL statements': seen.length };
  }
  recorder.restore();
  console.log('\nAdmin classes table: SQL statements per page (the session lookup included; budget <= 4)');
  console.table(rows);
  await stop();
}

if (import.meta.url === `file://${process.argv[1]}`) benchAdminTable().then(() => process.exit(0));
