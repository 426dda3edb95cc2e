// Files: 50 concurrent clients fetching one 5 MB file from the API's file route (a product picture streamed from the
// core storage: ETag, Range, nosniff) against express.static serving the same file from the same folder, same run.
// Budget: >= 80% of express.static's throughput, and the API's RSS flat while it streams (sampled through the run:
// buffering whole files would cost up to 50 x 5 MB at once).
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { clearInterval, setInterval } from 'node:timers';
import { freePort } from '../scripts/net.mjs';
import { compare, startBenchApp, startProcess } from './harness.mjs';

const FILE_BYTES = 5 * 1024 * 1024;
const CONNECTIONS = 50;

const rssMb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;

export async function benchFiles() {
  const bench = await startBenchApp({ SEED_DEMO: '0' }); // no demo data: the file is all it serves
  const id = randomUUID();
  const folder = path.join(bench.dataDir, 'uploads', 'products', id);
  mkdirSync(folder, { recursive: true });
  writeFileSync(path.join(folder, 'full.webp'), randomBytes(FILE_BYTES));
  const port = await freePort();
  const staticUrl = `http://127.0.0.1:${port}`;
  const baseline = await startProcess('bench/baseline-static.mjs', { DATA_DIR: bench.dataDir, PORT: String(port) }, `${staticUrl}/healthz`);

  const idle = rssMb(bench.pid);
  let peak = idle;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(bench.pid))), 100);
  const { share } = await compare(
    `Files: ${CONNECTIONS} clients fetching a 5 MB file, the API's file route vs express.static`,
    { url: `${bench.url}/api/product-images/${id}/full.webp` },
    { url: `${staticUrl}/uploads/products/${id}/full.webp` },
    // A 5 MB answer shared 50 ways takes seconds on a busy machine: autocannon's 10 s timeout would count it failed.
    { minShare: 0.8, maxP99: Infinity, connections: CONNECTIONS, duration: 10, rounds: 3, timeout: 60 },
  );
  clearInterval(sampler);
  const growth = peak - idle;
  // Whole-file buffering would hold about one file per client in flight; streaming holds a few chunks per client.
  const flat = growth < (CONNECTIONS * FILE_BYTES) / (1024 * 1024) / 4;
  console.log(
    `files: ${(share * 100).toFixed(0)}% of express.static's throughput (budget >= 80%): ${share >= 0.8 ? 'within' : 'UNDER'} budget; ` +
      `API RSS ${idle.toFixed(0)} MB idle, ${peak.toFixed(0)} MB at most while streaming (+${growth.toFixed(0)} MB; ` +
      `whole-file buffering would add up to ${(CONNECTIONS * FILE_BYTES) / (1024 * 1024)} MB): ${flat ? 'flat' : 'NOT flat'}`,
  );
  await baseline.stop();
  await bench.stop();
}

if (import.meta.url === `file://${process.argv[1]}`) benchFiles().then(() => process.exit(0));
