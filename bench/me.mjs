// GraphQL `me` over the full stack vs a bare node:http handler running the same SQL with raw pg, each in its
// own process. No budget is set: it shows what a signed-in request costs beyond its SQL.
import { freePort } from '../scripts/net.mjs';
import { compare, startBenchApp, startProcess } from './harness.mjs';

export async function benchMe() {
  const bench = await startBenchApp();
  const login = await bench.gql(`mutation { login(username: "student", password: "aerial-demo") { token user { id } } }`);
  const { token, user } = login.data.login;
  const port = await freePort();
  const baseline = await startProcess(
    'bench/baseline-me.mjs',
    { DATABASE_URL: bench.databaseUrl, PORT: String(port), USER_ID: user.id },
    `http://127.0.0.1:${port}/healthz`,
  );

  const body = JSON.stringify({ query: '{ me { id username role } }' });
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
  const result = await compare(
    '`me`: GraphQL (Apollo + TypeGraphQL + MikroORM + token check) vs node:http + pg, same SQL',
    { url: `${bench.url}/graphql`, method: 'POST', headers, body },
    { url: `http://127.0.0.1:${port}/`, method: 'POST', headers, body },
    { minShare: null }, // no budget for `me`: it shows the fixed cost of a signed-in request
  );

  await baseline.stop();
  await bench.stop();
  return result;
}

if (import.meta.url === `file://${process.argv[1]}`) benchMe().then(() => process.exit(0));
