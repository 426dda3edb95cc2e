// GraphQL `me` over the full stack vs a bare node:http handler running the same SQL with raw pg, each in its
// own process. Budget (DESIGN §8): >= 40% of the baseline's req/s, p99 <= 3x.
import { freePort, load, report, startBenchApp, startProcess } from './harness.mjs';

export async function benchMe() {
  const bench = await startBenchApp();
  const login = await bench.gql(`mutation { login(username: "student", password: "aerial-demo") { token user { id } } }`);
  const { token, user } = login.data.login;
  const port = await freePort();
  const baseline = await startProcess('bench/baseline-me.mjs', { DATABASE_URL: bench.databaseUrl, PORT: String(port), USER_ID: user.id }, `http://127.0.0.1:${port}/healthz`);

  const body = JSON.stringify({ query: '{ me { id username role } }' });
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
  await load({ url: `${bench.url}/graphql`, method: 'POST', headers, body, duration: 2 }); // warm-up
  const graphql = await load({ url: `${bench.url}/graphql`, method: 'POST', headers, body });
  const raw = await load({ url: `http://127.0.0.1:${port}/`, method: 'POST', headers, body });
  report('`me`: GraphQL (Apollo + TypeGraphQL + MikroORM + token check) vs node:http + pg, same SQL', [
    ['graphql', graphql],
    ['baseline', raw],
  ]);
  console.log(`ratio: ${((graphql.rps / raw.rps) * 100).toFixed(0)}% of baseline req/s; p99 ${(graphql.p99 / raw.p99).toFixed(2)}x (budget >= 40%, <= 3x)`);

  await baseline.stop();
  await bench.stop();
  return { graphql, raw };
}

if (import.meta.url === `file://${process.argv[1]}`) benchMe().then(() => process.exit(0));
