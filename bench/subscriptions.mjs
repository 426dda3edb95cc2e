// Subscription fan-out (issue 11 "Budgets", DESIGN §6b/§8): N graphql-ws clients on one API process, public calendar
// viewers on `spotsChanged`, while seat changes arrive 20 times a second; the baseline is a bare `ws` broadcast of
// the same payload to the same number of sockets (bench/baseline-ws.mjs), in the same run.
//
// Events are published the way the booking service publishes them: a NOTIFY on the API's channel with the
// SPOTS_CHANGED payload (booking.service.ts). Driving real bookings instead would add the booking's own cost and
// make the send time of each event unknown; what is measured here is the live layer. Each event's spotsLeft is its
// sequence number, so a client knows which event it got, and the bench when it sent it.
//
// Per run: p99 delivery latency (NOTIFY sent → frame parsed by the client), lost events, server CPU per delivered
// message (/proc utime+stime), server RSS per connected client, and events/s delivered to everyone.
// `node bench/subscriptions.mjs [clients...]` (default 1000 5000); SUBSCRIPTIONS_SECONDS sets the send phase.
import { Buffer } from 'node:buffer';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { root, startBenchApp, startProcess } from './harness.mjs';
import { freePort } from '../scripts/net.mjs';

const WebSocket = createRequire(path.join(root, 'api/package.json'))('ws');

const RATE = 20; // events per second
const SECONDS = Number(process.env.SUBSCRIPTIONS_SECONDS ?? 10);
const VARIABLE_SETS = 4; // viewers look at different weeks: a few distinct variable sets, all containing the hot class
const QUERY = `subscription SpotsChanged($ids: [ID!]) { spotsChanged(classInstanceIds: $ids) { classInstanceId spotsLeft waitlistLength status takenRigPointIds } }`;
const TICKS = 100;
const SEQ_FIELD = Buffer.from('"spotsLeft":'); // /proc clock ticks per second (USER_HZ)

function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS; // utime + stime
}
function rssKb(pid) {
  return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]);
}
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const percentile = (values, p) => {
  if (!values.length) return NaN;
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

/** N graphql-ws clients (the protocol by hand: the client side must stay cheap, it shares the machine). */
async function connectClients(wsUrl, count, variableSets, onEvent) {
  const sockets = [];
  const closes = { dropped: new Map() }; // close code → sockets closed by the server during the run
  let terminating = false;
  const connectOne = (i) =>
    new Promise((resolve, reject) => {
      const socket = new WebSocket(wsUrl, 'graphql-transport-ws', { perMessageDeflate: false, skipUTF8Validation: true });
      socket.on('open', () => socket.send('{"type":"connection_init","payload":{}}'));
      let acknowledged = false;
      socket.on('message', (data) => {
        if (!acknowledged) {
          acknowledged = true;
          socket.send(
            JSON.stringify({
              id: '1',
              type: 'subscribe',
              payload: { query: QUERY, variables: { ids: variableSets[i % variableSets.length] } },
            }),
          );
          resolve(socket);
          return;
        }
        // The sequence number without decoding the frame (the client side must stay cheap: it shares the machine).
        const at = data.indexOf(SEQ_FIELD);
        if (at < 0) return;
        let seq = 0;
        for (let k = at + SEQ_FIELD.length; data[k] >= 48 && data[k] <= 57; k += 1) seq = seq * 10 + data[k] - 48;
        onEvent(i, seq);
      });
      socket.on('error', reject);
      socket.on('close', (code) => {
        if (!terminating) closes.dropped.set(code, (closes.dropped.get(code) ?? 0) + 1);
      });
    });
  for (let i = 0; i < count; i += 100) {
    sockets.push(...(await Promise.all(Array.from({ length: Math.min(100, count - i) }, (_, j) => connectOne(i + j)))));
  }
  return {
    sockets,
    closes,
    terminate() {
      terminating = true;
      for (const socket of sockets) socket.terminate();
    },
  };
}

/** One side (API or baseline) with `count` clients: connect, warm up, send RATE events/s for SECONDS, collect. */
async function measure(label, pid, wsUrl, notify, count) {
  const hot = randomUUID();
  const variableSets = Array.from({ length: VARIABLE_SETS }, () => [hot, randomUUID(), randomUUID()]);
  const sentAt = new Map();
  const received = new Map(); // seq → count
  const latencies = [];
  let lastDelivery = 0;
  const warmed = new Set();
  const onEvent = (client, seq) => {
    const now = performance.now();
    if (seq < 1_000_000) warmed.add(client);
    received.set(seq, (received.get(seq) ?? 0) + 1);
    const at = sentAt.get(seq);
    if (at !== undefined && seq >= 1_000_000) latencies.push(now - at);
    lastDelivery = now;
  };
  const send = (seq) => {
    sentAt.set(seq, performance.now());
    return notify({ classInstanceId: hot, spotsLeft: seq, waitlistLength: 0, status: 'scheduled', takenRigPointIds: [] });
  };

  await sleep(500);
  const rssBefore = rssKb(pid);
  const clients = await connectClients(wsUrl, count, variableSets, onEvent);
  // Warm-up events (below 1,000,000: not measured) until every client has had one: all subscriptions are in place.
  for (let seq = 1; warmed.size < count; seq += 1) {
    await send(seq);
    await sleep(500);
    if (seq > 120) throw new Error(`${label}: after 60 s of warm-up only ${warmed.size} of ${count} clients had an event`);
  }
  await sleep(1000);
  const rssAfter = rssKb(pid);

  const events = RATE * SECONDS;
  const cpuBefore = cpuMs(pid);
  const started = performance.now();
  for (let k = 0; k < events; k += 1) {
    const due = started + (k * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    void send(1_000_000 + k);
  }
  // Wait until everything arrived (or nothing moved for 5 s).
  const expected = events * count;
  let delivered = () => [...received].reduce((sum, [seq, n]) => (seq >= 1_000_000 ? sum + n : sum), 0);
  for (let last = -1, still = 0; delivered() < expected && still < 50;) {
    await sleep(100);
    const now = delivered();
    still = now === last ? still + 1 : 0;
    last = now;
  }
  const cpu = cpuMs(pid) - cpuBefore;
  const rssBusy = rssKb(pid);
  const got = delivered();
  const elapsed = (lastDelivery - started) / 1000;
  clients.terminate();
  await sleep(500);
  return {
    label,
    clients: count,
    'p50 ms': Math.round(percentile(latencies, 50)),
    'p99 ms': Math.round(percentile(latencies, 99)),
    lost: expected - got,
    'CPU µs/msg': Math.round((cpu * 1000) / Math.max(1, got)),
    'KB/client': Math.round((rssAfter - rssBefore) / count),
    'KB/client busy': Math.round((rssBusy - rssBefore) / count),
    'events/s': Number((events / Math.max(elapsed, SECONDS - 1 / RATE)).toFixed(1)),
    // 4413: fell behind the bound; 1006: graphql-ws's keep-alive ping had no pong in time (the client was stalled).
    'closed by server': [...clients.closes.dropped].map(([code, n]) => `${n}×${code}`).join(' ') || 0,
  };
}

export async function benchSubscriptions(counts = [1000, 5000]) {
  // The bench's clients share the machine with the server and fall behind at 5,000; a bound as high as the
  // baseline's (none) keeps them connected, so both sides deliver everything and the latencies compare.
  const bench = await startBenchApp({ WS_MAX_BUFFERED_BYTES: String(64 * 1024 * 1024) });
  const pool = new pg.Pool({ connectionString: bench.databaseUrl, max: 4 });
  const notify = (detail) => pool.query(`select pg_notify('studio_events', $1)`, [JSON.stringify({ type: 'SPOTS_CHANGED', detail })]);
  const basePort = await freePort();
  const baseline = await startProcess(
    'bench/baseline-ws.mjs',
    { PORT: String(basePort), DATABASE_URL: bench.databaseUrl },
    `http://127.0.0.1:${basePort}/healthz`,
  );
  const rows = [];
  try {
    for (const count of counts) {
      const api = await measure('graphql-ws', bench.pid, bench.url.replace(/^http/, 'ws') + '/graphql', notify, count);
      const bare = await measure('bare ws', baseline.child.pid, `ws://127.0.0.1:${basePort}/graphql`, notify, count);
      rows.push(api, bare);
      console.log(
        `${count} subscribers: p99 ${api['p99 ms']} ms = ${(api['p99 ms'] / Math.max(1, bare['p99 ms'])).toFixed(2)}x bare ws ` +
          `(budget <= 250 ms and <= 3x); lost ${api.lost}; ${api['CPU µs/msg']} µs CPU/msg vs ${bare['CPU µs/msg']}; ` +
          `${api['KB/client']} KB/client, ${api['KB/client busy']} after the events (budget <= 50); ${api['events/s']} events/s`,
      );
    }
  } finally {
    console.log(`\nSubscriptions: spotsChanged, ${RATE} events/s for ${SECONDS} s`);
    console.table(Object.fromEntries(rows.map(({ label, clients, ...r }) => [`${label} × ${clients}`, r])));
    await baseline.stop();
    await pool.end();
    await bench.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const counts = process.argv.slice(2).map(Number).filter(Boolean);
  benchSubscriptions(counts.length ? counts : undefined).then(
    () => process.exit(0),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
