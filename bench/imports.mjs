// Import of 10,000 people with families (a quarter of them children sharing a parent's email): upload, dry run and
// the real import end to end, as an admin's page drives them (PUT the file, startImport, wait for the job), rows a
// second and the API's RSS growth while it runs (the API runs in this process; RSS sampled every 20 ms). Budget:
// >= 1,000 rows/s end to end, dry run and real, RSS growth under 100 MB. Baseline in the same run: the people
// export of the same rows (rows/s), so a slow machine shows in both.
import { performance } from 'node:perf_hooks';
import process from 'node:process';
import { clearInterval, setInterval } from 'node:timers';
import { setTimeout as sleep } from 'node:timers/promises';
import { signedInGql, startInProcessApp } from './harness.mjs';

const ROWS = 10_000;

function peopleFile(mark) {
  const lines = ['First Name,Last Name,Email,Phone,Birthday,Status'];
  for (let i = 0; i < ROWS; i++)
    lines.push(
      i % 4 === 3
        ? `Kid${i},Bench${mark},p${i - 1}.${mark}@example.test,,2016-01-0${(i % 9) + 1},yes`
        : `Person${i},Bench${mark},p${i}.${mark}@example.test,555-${String(i).padStart(4, '0')},1980-02-0${(i % 9) + 1},yes`,
    );
  return lines.join('\n');
}

export async function benchImports() {
  const { graphqlUrl, stop } = await startInProcessApp();
  const base = graphqlUrl.replace('/graphql', '');
  const gql = await signedInGql(graphqlUrl);
  const login = await fetch(graphqlUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: 'mutation { login(username: "admin", password: "aerial-demo") { token } }' }),
  }).then((r) => r.json());
  const token = login.data.login.token;
  const rows = [];
  for (let run = 0; run < 3; run++) {
    const mark = `r${run}${Date.now().toString(36)}`;
    const csv = peopleFile(mark);
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
    const started = performance.now();
    const uploaded = await fetch(`${base}/api/imports/people?source=studio&filename=bench.csv`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
      body: csv,
    }).then((r) => r.json());
    const times = {};
    for (const dryRun of [true, false]) {
      const from = performance.now();
      await gql(`mutation($id: ID!, $d: Boolean!) { startImport(id: $id, dryRun: $d, skipFailingRows: false) { id } }`, {
        id: uploaded.id,
        d: dryRun,
      });
      let batch;
      do {
        await sleep(50);
        batch = (await gql(`query($id: ID!) { importBatch(id: $id) { state created problemCount failure } }`, { id: uploaded.id }))
          .importBatch;
      } while (['queued', 'checking', 'importing'].includes(batch.state));
      if (batch.state !== (dryRun ? 'checked' : 'imported') || batch.created !== ROWS)
        throw new Error(`the ${dryRun ? 'dry run' : 'import'} ended ${batch.state}: ${batch.failure ?? ''} (${batch.created} new)`);
      times[dryRun ? 'dry' : 'real'] = performance.now() - from;
    }
    clearInterval(sampler);
    const total = performance.now() - started;
    rows.push({
      run: run + 1,
      'dry run rows/s': Math.round(ROWS / (times.dry / 1000)),
      'import rows/s': Math.round(ROWS / (times.real / 1000)),
      'end to end s (upload, check, import)': +(total / 1000).toFixed(2),
      'RSS growth MB': +((peak - before) / 1e6).toFixed(1),
    });
  }
  // Baseline: the same people read back through the export, in this run.
  const from = performance.now();
  const res = await fetch(`${base}/api/export/people.csv`, { headers: { authorization: `Bearer ${token}` } });
  let lines = 0;
  for await (const chunk of res.body) for (let i = 0; i < chunk.length; i++) if (chunk[i] === 10) lines++;
  const exportRate = Math.round((lines - 1) / ((performance.now() - from) / 1000));
  console.log(`\nImport of ${ROWS.toLocaleString('en-US')} people with families (budget: >= 1,000 rows/s each, RSS growth < 100 MB)`);
  console.table(rows);
  console.log(`Baseline, same run: the people export reads ${exportRate.toLocaleString('en-US')} rows/s`);
  await stop();
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) benchImports().then(() => process.exit(0));
