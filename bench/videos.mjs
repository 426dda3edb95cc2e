// Videos: range playback of a 100 MB private video to 20 concurrent readers (each request 1 MB at a random offset,
// as players fetch while streaming and seeking) through the API's signed address (signature, the row and the
// viewer's access looked up on every request, the stored file streamed with Range) against express.static serving
// the same file with the same ranges, same run. Budgets: >= 80% of express.static's throughput; the API's RSS grows
// by less than 50 MB meanwhile; the time to first byte of a private range request <= 2x a static file's.
import { open } from 'node:fs/promises';
import { mkdirSync, readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { clearInterval, setInterval } from 'node:timers';
import { freePort } from '../scripts/net.mjs';
import { compare, load, root, startBenchApp, startProcess, timeOneAtATime } from './harness.mjs';

const FILE_BYTES = 100 * 1024 * 1024;
const RANGE_BYTES = 1024 * 1024;
const CONNECTIONS = 20;
const pg = createRequire(path.join(root, 'api/package.json'))('pg');

const rssMb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;
/** A 1 MB range at a random offset of the file (each request its own). */
const randomRange = (req) => {
  const start = Math.floor(Math.random() * (FILE_BYTES - RANGE_BYTES));
  return { ...req, headers: { ...req.headers, range: `bytes=${start}-${start + RANGE_BYTES - 1}` } };
};

/** Writes the file in 4 MB pieces (never 100 MB in memory at once). */
async function writeBigFile(file) {
  const handle = await open(file, 'w');
  try {
    for (let at = 0; at < FILE_BYTES; at += 4 * 1024 * 1024) await handle.write(randomBytes(4 * 1024 * 1024));
  } finally {
    await handle.close();
  }
}

export async function benchVideos() {
  const bench = await startBenchApp({ VIDEO_TRANSCODE: '0' });
  const login = await bench.gql(`mutation { login(username: "admin", password: "aerial-demo") { token } }`);
  const token = login.data.login.token;
  const member = (await bench.gql(`mutation { login(username: "student", password: "aerial-demo") { token } }`)).data.login.token;
  const created = await bench.gql(`mutation { createVideo(input: { title: "Bench: 100 MB" }) { id } }`, {}, token);
  const id = created.data.createVideo.id;
  // The file as a finished upload leaves it in the core storage (DATA_DIR/uploads), and its row pointing at it.
  const key = `videos/${id}/bench.mp4`;
  mkdirSync(path.join(bench.dataDir, 'uploads', 'videos', id), { recursive: true });
  await writeBigFile(path.join(bench.dataDir, 'uploads', ...key.split('/')));
  const db = new pg.Client({ connectionString: bench.databaseUrl });
  await db.connect();
  await db.query(`update video set file_key = $1, size = $2, content_type = 'video/mp4', processing = 'ready' where id = $3`, [
    key,
    FILE_BYTES,
    id,
  ]);
  await db.end();
  // A member's signed address (members' access: the viewer's standing is read again on each request).
  const view = await bench.gql(`query ($id: ID!) { video(id: $id) { playbackUrl } }`, { id }, member);
  const privateUrl = `${bench.url}${view.data.video.playbackUrl}`;

  const port = await freePort();
  const staticBase = `http://127.0.0.1:${port}`;
  const baseline = await startProcess(
    'bench/baseline-static.mjs',
    { DATA_DIR: bench.dataDir, PORT: String(port) },
    `${staticBase}/healthz`,
  );
  const staticUrl = `${staticBase}/uploads/${key}`;
  for (const url of [privateUrl, staticUrl]) {
    const res = await fetch(url, { headers: { range: 'bytes=0-9' } });
    if (res.status !== 206) throw new Error(`${url} answered ${res.status}, not 206`);
    await res.arrayBuffer();
  }

  // RSS before any load is the process before its first streams (code compiled, pools filled): warm it with a short
  // load of both first, so the growth measured is what streaming 20 readers holds, reported beside the cold figure.
  const cold = rssMb(bench.pid);
  await load({ url: privateUrl, requests: [{ setupRequest: randomRange }], connections: CONNECTIONS, duration: 3, timeout: 60 });
  await load({ url: staticUrl, requests: [{ setupRequest: randomRange }], connections: CONNECTIONS, duration: 3, timeout: 60 });
  const idle = rssMb(bench.pid);
  // express.static's own growth under the same readers: what streaming them costs any Node server (the floor).
  const baselineIdle = rssMb(baseline.child.pid);
  let peak = idle;
  let baselinePeak = baselineIdle;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(bench.pid));
    baselinePeak = Math.max(baselinePeak, rssMb(baseline.child.pid));
  }, 100);
  const { share } = await compare(
    `Videos: ${CONNECTIONS} readers of a 100 MB private video, 1 MB ranges at random offsets, signed address vs express.static`,
    { url: privateUrl, requests: [{ setupRequest: randomRange }] },
    { url: staticUrl, requests: [{ setupRequest: randomRange }] },
    { minShare: 0.8, maxP99: Infinity, connections: CONNECTIONS, duration: 8, rounds: 3, timeout: 60 },
  );
  clearInterval(sampler);
  const growth = peak - idle;

  // Time to first byte, one request at a time: fetch resolves once the status and headers are in.
  const firstByte = (url) => async () => {
    const res = await fetch(url, { headers: { range: 'bytes=1048576-1049599' } });
    await res.arrayBuffer();
  };
  const ttfb = async (url) => {
    const times = [];
    for (let i = 0; i < 300; i += 1) {
      const started = performance.now();
      const res = await fetch(url, { headers: { range: `bytes=${i * 4096}-${i * 4096 + 1023}` } });
      times.push(performance.now() - started);
      await res.arrayBuffer();
    }
    times.sort((a, b) => a - b);
    return { p50: times[150], p95: times[285] };
  };
  await timeOneAtATime(firstByte(privateUrl), 50); // warm-up
  await timeOneAtATime(firstByte(staticUrl), 50);
  const privateTtfb = await ttfb(privateUrl);
  const staticTtfb = await ttfb(staticUrl);
  // The floor under any route of the API: its HTTP stack with no lookup at all.
  const healthTtfb = await ttfb(`${bench.url}/healthz`);
  const ttfbRatio = privateTtfb.p50 / staticTtfb.p50;

  console.log(
    `videos: ${(share * 100).toFixed(0)}% of express.static's range throughput (budget >= 80%): ${share >= 0.8 ? 'within' : 'UNDER'} budget; ` +
      `API RSS ${cold.toFixed(0)} MB cold, ${idle.toFixed(0)} MB after a 3 s warm-up, ${peak.toFixed(0)} MB at most (+${growth.toFixed(0)} MB over the warm figure, ` +
      `+${(peak - cold).toFixed(0)} MB over the cold one; budget < 50 MB): ${growth < 50 ? 'within' : 'OVER'} budget ` +
      `(express.static under the same readers: +${(baselinePeak - baselineIdle).toFixed(0)} MB over its warm figure); ` +
      `TTFB of a private range request p50 ${privateTtfb.p50.toFixed(2)} ms (p95 ${privateTtfb.p95.toFixed(2)}) vs a static file's ` +
      `${staticTtfb.p50.toFixed(2)} ms (p95 ${staticTtfb.p95.toFixed(2)}): ${ttfbRatio.toFixed(2)}x (budget <= 2x): ${ttfbRatio <= 2 ? 'within' : 'OVER'} budget; ` +
      `the API's /healthz p50 ${healthTtfb.p50.toFixed(2)} ms (its HTTP stack alone)`,
  );
  await baseline.stop();
  await bench.stop();
}

if (import.meta.url === `file://${process.argv[1]}`) benchVideos().then(() => process.exit(0));
