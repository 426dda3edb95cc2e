// Export of 100,000 people: /api/export/people.csv and .json streamed to a client that reads as fast as it can,
// rows a second and the API's RSS while it runs (the API runs in this process; RSS is sampled every 20 ms). Budget:
// >= 20,000 rows/s, RSS flat (growth well under the file's size). Also: the mailing audience check of all 100,000
// (count, who is left out, a sample), one request at a time.
import { performance } from 'node:perf_hooks';
import process from 'node:process';
import { clearInterval, setInterval } from 'node:timers';
import { insertPeople } from './people.mjs';
import { signedInGql, startInProcessApp, timeOneAtATime } from './harness.mjs';

const PEOPLE = 100_000;

async function download(url, token) {
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const start = performance.now();
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  let bytes = 0;
  let lines = 0;
  for await (const chunk of res.body) {
    bytes += chunk.length;
    for (let i = 0; i < chunk.length; i++) if (chunk[i] === 10) lines++;
  }
  const ms = performance.now() - start;
  clearInterval(sampler);
  return { ms, bytes, lines, rssGrowthMB: (peak - before) / 1e6 };
}

export async function benchExport() {
  const { app, graphqlUrl, stop } = await startInProcessApp();
  const connection = app.services.orm.em.getDriver().getConnection();
  await insertPeople((text, params = []) => connection.execute(text, params), PEOPLE);
  const base = graphqlUrl.replace('/graphql', '');
  const login = await fetch(graphqlUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: 'mutation { login(username: "admin", password: "aerial-demo") { token } }' }),
  }).then((r) => r.json());
  const token = login.data.login.token;

  await download(`${base}/api/export/people.csv`, token); // warm-up
  const rows = [];
  for (const format of ['csv', 'json']) {
    for (let run = 0; run < 3; run++) {
      const r = await download(`${base}/api/export/people.${format}`, token);
      const records = format === 'csv' ? r.lines - 1 : r.lines - 2;
      rows.push({
        format,
        run: run + 1,
        rows: records,
        MB: +(r.bytes / 1e6).toFixed(1),
        ms: Math.round(r.ms),
        'rows/s': Math.round(records / (r.ms / 1000)),
        'RSS growth MB': +r.rssGrowthMB.toFixed(1),
      });
    }
  }
  console.log(`\nExport of ${PEOPLE.toLocaleString('en-US')} people, streamed (budget: >= 20,000 rows/s, RSS flat)`);
  console.table(rows);

  const gql = await signedInGql(graphqlUrl);
  const AUDIENCE = `query($a: MailingAudienceInput!) { mailingAudience(audience: $a) { recipients excluded { reason count } sample { name } } }`;
  const audience = { groupIds: [], roles: ['student', 'instructor'], classInstanceIds: [], userIds: [] };
  const check = await gql(AUDIENCE, { a: audience });
  const timing = await timeOneAtATime(() => gql(AUDIENCE, { a: audience }), 30);
  console.log(
    `Mailing audience of every student and instructor (${check.mailingAudience.recipients.toLocaleString('en-US')} recipients):`,
    timing,
  );
  await stop();
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) benchExport().then(() => process.exit(0));
