// The same GraphQL request sent with an API key and with an admin's session token, against the same in-process API:
// req/s of each (8 requests in flight, short rounds alternated so both see the same machine), and the SQL statements one
// request sends. Budget: the key's req/s >= 0.9 of the session's. The key's bucket is made large enough never to
// throttle here: the bench measures what checking the key, its scopes and charging its bucket cost.
import { startInProcessApp, statementRecorder } from './harness.mjs';

const WEEK = `query Week($from: String!, $to: String!) { classSchedule(from: $from, to: $to) { id startsAt endsAt capacity spotsLeft } }`;
const IN_FLIGHT = 8;
const PER_ROUND = 400;
const ROUNDS = 12;

async function requestsPerSecond(send) {
  let next = 0;
  const start = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next++ < PER_ROUND) await send();
    }),
  );
  return PER_ROUND / (Number(process.hrtime.bigint() - start) / 1e9);
}

export async function benchApiKeys() {
  const { app, graphqlUrl: url, stop } = await startInProcessApp({ API_KEY_BUCKET_POINTS: '1000000', API_KEY_RESTORE_RATE: '100000' });
  const em = app.services.orm.em.fork();
  const [admin] = await em.getConnection().execute(`select id from app_user where username = 'admin'`);
  const creator = await em.findOneOrFail('User', { id: admin.id });
  const { secret } = await app.services.apikeys.create(em, creator, { name: 'Bench integration', scopes: ['schedule:read'] });
  const login = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: `mutation { login(username: "admin", password: "aerial-demo") { token } }` }),
  }).then((r) => r.json());
  const token = login.data.login.token;
  const today = new Date().toISOString().slice(0, 10);
  const inAWeek = new Date(Date.now() + 6 * 86_400_000).toISOString().slice(0, 10);
  const body = JSON.stringify({ query: WEEK, variables: { from: today, to: inAWeek } });
  const sender = (bearer) => async () => {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${bearer}` },
      body,
    });
    const answer = await res.json();
    if (answer.errors) throw new Error(JSON.stringify(answer.errors));
    return answer;
  };
  const modes = { 'session token': sender(token), 'API key': sender(secret) };
  const sample = await modes['API key']();
  for (const send of Object.values(modes)) for (let i = 0; i < 300; i++) await send(); // warm up

  const recorder = statementRecorder(app);
  const statements = {};
  for (const [name, send] of Object.entries(modes)) statements[name] = (await recorder.record(send)).length;
  recorder.restore();

  const rates = { 'session token': [], 'API key': [] };
  for (let round = 0; round < ROUNDS; round++)
    for (const name of round % 2 ? ['API key', 'session token'] : ['session token', 'API key'])
      rates[name].push(await requestsPerSecond(modes[name]));
  // Each mode's rate over all its rounds: the requests it sent over the time they took.
  const overall = (list) => list.length / list.reduce((sum, rate) => sum + 1 / rate, 0);
  const rows = {};
  for (const name of Object.keys(modes))
    rows[name] = {
      'req/s': +overall(rates[name]).toFixed(0),
      'rounds (min–max)': `${Math.min(...rates[name]).toFixed(0)}–${Math.max(...rates[name]).toFixed(0)}`,
      'SQL statements': statements[name],
    };
  const ratio = overall(rates['API key']) / overall(rates['session token']);
  console.log(
    `\nThe week's schedule (${sample.data.classSchedule.length} classes, cost ${sample.extensions.cost.requestedQueryCost}) with an API key vs a session token, ${IN_FLIGHT} in flight (budget: key >= 0.9 of session)`,
  );
  console.table(rows);
  console.log(`API key / session token: ${ratio.toFixed(3)} (${ratio >= 0.9 ? 'within' : 'OVER'} budget)`);
  await stop();
  return { rows, ratio };
}

if (import.meta.url === `file://${process.argv[1]}`) benchApiKeys().then(() => process.exit(0));
