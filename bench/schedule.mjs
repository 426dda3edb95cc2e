// `classSchedule` for one week (demo data) over GraphQL vs node:http + raw pg running the same SQL.
// Budget: >= 40% of the baseline's req/s, p99 <= 3x.
import { freePort } from '../scripts/net.mjs';
import { compare, startBenchApp, startProcess } from './harness.mjs';

const QUERY = `query Week($from: String!, $to: String!) { classSchedule(from: $from, to: $to) {
  id date startTime endTime status spotsLeft waitlistLength blueprint { name level apparatus { name } } instructor { name } } }`;

export async function benchSchedule() {
  const bench = await startBenchApp();
  const monday = new Date();
  monday.setDate(monday.getDate() - ((monday.getDay() + 6) % 7));
  const sunday = new Date(monday.getTime() + 6 * 86400_000);
  const variables = { from: monday.toISOString().slice(0, 10), to: sunday.toISOString().slice(0, 10) };
  const check = await bench.gql(QUERY, variables);
  const port = await freePort();
  const baseline = await startProcess(
    'bench/baseline-schedule.mjs',
    { DATABASE_URL: bench.databaseUrl, PORT: String(port), FROM: variables.from, TO: variables.to },
    `http://127.0.0.1:${port}/healthz`,
  );
  const raw = await (await fetch(`http://127.0.0.1:${port}/`)).json();
  if (raw.data.classSchedule.length !== check.data.classSchedule.length) throw new Error('baseline and GraphQL disagree');

  const body = JSON.stringify({ query: QUERY, variables });
  const headers = { 'content-type': 'application/json' };
  await compare(
    `classSchedule for one week (${check.data.classSchedule.length} classes): GraphQL vs node:http + pg, same SQL`,
    { url: `${bench.url}/graphql`, method: 'POST', headers, body },
    { url: `http://127.0.0.1:${port}/`, method: 'POST', headers, body },
  );
  await baseline.stop();
  await bench.stop();
}

if (import.meta.url === `file://${process.argv[1]}`) benchSchedule().then(() => process.exit(0));
