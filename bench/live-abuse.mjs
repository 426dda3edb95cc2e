// One member abusing the live layer while other members read (DESIGN §8: other members' read p99 within 2x of idle).
//
// The abuser signs in and opens as many WebSockets as the limits allow and more (WS_MAX_SOCKETS_PER_USER + 5), and on
// each one as many subscriptions as allowed and more (WS_MAX_SUBSCRIPTIONS_PER_SOCKET + 20), across the live feeds
// a member can follow (seat counts of classes of its own choosing, its notifications, the landing page); during the
// measurement it keeps trying: a subscribe on every socket and a new socket, several times a second, while seat
// changes arrive for the classes it follows (LIVE_ABUSE_EVENTS a second, default 2: a busy studio's bookings). Meanwhile another member reads the week's schedule
// with its session check (an open-loop steady load, bench/harness.mjs steadyLoad), and the same read is measured
// with nobody on the live layer first. Printed: what the server accepted and refused, the API's RSS, and the read
// p50/p99 idle and under the abuse with their ratio.
//
// `node bench/live-abuse.mjs`; LIVE_ABUSE_SECONDS sets each measurement (default 10), LIVE_ABUSE_RATE the reads a
// second (default 10, well under what one API process serves, so the
// idle figure is a latency and not a queue). LIVE_ABUSE_UNCAPPED=1 runs the same abuse once more with the limits lifted (5,000
// subscriptions on one socket, 200 sockets), for the picture without them.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { report, root, startBenchApp, steadyLoad } from './harness.mjs';

const WebSocket = createRequire(path.join(root, 'api/package.json'))('ws');

const SECONDS = Number(process.env.LIVE_ABUSE_SECONDS ?? 10);
const READS_PER_SECOND = Number(process.env.LIVE_ABUSE_RATE ?? 10);
/** Seat changes a second for the classes the abuser follows (20 is the fan-out bench's stress rate). */
const EVENTS_PER_SECOND = Number(process.env.LIVE_ABUSE_EVENTS ?? 2);
/** The API's defaults (api/src/env.ts), which the capped run keeps. */
const DEFAULTS = { socketsPerUser: 10, subscriptionsPerSocket: 30 };
const UNCAPPED = { socketsPerUser: 200, subscriptionsPerSocket: 5000 };

const WEEK = `query Week($from: String!, $to: String!) { me { id firstName } classSchedule(from: $from, to: $to) {
  id date startTime endTime status spotsLeft waitlistLength blueprint { name level apparatus { name } } instructor { name } } }`;
const SPOTS = `subscription($ids: [ID!]) { spotsChanged(classInstanceIds: $ids) { classInstanceId spotsLeft waitlistLength status takenRigPointIds } }`;
const NOTIFICATIONS = `subscription { notificationChanged(feed: user) { kind counts { unreadCount total } } }`;
const LANDING = `subscription { landingPageConfigChanged { heroTitle heroSubtitle } }`;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const rssMb = (pid) => Math.round(Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024);

async function signIn(bench, username) {
  const res = await bench.gql(`mutation { login(username: "${username}", password: "aerial-demo") { token } }`);
  return res.data.login.token;
}

/** Opens one socket for the abuser; answers it once acknowledged, or null when the server closed it instead. */
function openSocket(wsUrl, token, tally) {
  return new Promise((resolve) => {
    const socket = new WebSocket(wsUrl, 'graphql-transport-ws', { perMessageDeflate: false });
    let acknowledged = false;
    socket.on('open', () => socket.send(JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${token}` } })));
    socket.on('message', (data) => {
      const text = String(data);
      if (!acknowledged && text.includes('"connection_ack"')) {
        acknowledged = true;
        tally.sockets += 1;
        return resolve(socket);
      }
      if (text.includes('"type":"error"')) {
        const code = /"code":"([A-Z_]+)"/.exec(text)?.[1] ?? 'other';
        tally.refusedSubscriptions[code] = (tally.refusedSubscriptions[code] ?? 0) + 1;
      } else if (text.includes('"type":"next"')) tally.frames += 1;
    });
    socket.on('error', () => undefined);
    socket.on('close', (code) => {
      if (tally.done) return;
      if (acknowledged) tally.closedLater[code] = (tally.closedLater[code] ?? 0) + 1;
      else {
        tally.refusedSockets[code] = (tally.refusedSockets[code] ?? 0) + 1;
        resolve(null);
      }
    });
  });
}

let subscriptionIds = 0;
function subscribe(socket, payload) {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify({ id: String(++subscriptionIds), type: 'subscribe', payload }));
}

/** The abuser's feeds: mostly seat counts of hot classes (each a group of its own), its notifications, the landing page. */
function abuserPayload(i, hot) {
  if (i % 10 === 0) return { query: NOTIFICATIONS };
  if (i % 10 === 1) return { query: LANDING };
  return { query: SPOTS, variables: { ids: [hot[i % hot.length], randomUUID()] } };
}

async function run(label, limits, extraEnv) {
  const bench = await startBenchApp(extraEnv);
  const pid = bench.pid;
  const wsUrl = `${bench.url.replace(/^http/, 'ws')}/graphql`;
  const [abuserToken, readerToken] = await Promise.all([signIn(bench, 'student'), signIn(bench, 'parent')]);
  const monday = new Date();
  monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7));
  const sunday = new Date(monday.getTime() + 6 * 86_400_000);
  const body = JSON.stringify({
    query: WEEK,
    variables: { from: monday.toISOString().slice(0, 10), to: sunday.toISOString().slice(0, 10) },
  });
  const read = {
    url: `${bench.url}/graphql`,
    method: 'POST',
    requests: [
      {
        setupRequest: (req) => ({ ...req, body, headers: { 'content-type': 'application/json', authorization: `Bearer ${readerToken}` } }),
      },
    ],
    overallRate: READS_PER_SECOND,
  };

  await steadyLoad({ ...read, duration: 4 }); // warm-up
  const idle = await steadyLoad({ ...read, duration: SECONDS });
  const rssIdle = rssMb(pid);

  const tally = { sockets: 0, frames: 0, refusedSockets: {}, refusedSubscriptions: {}, closedLater: {}, done: false };
  const hot = Array.from({ length: 8 }, () => randomUUID());
  const sockets = [];
  for (let i = 0; i < limits.socketsPerUser + 5; i += 1) {
    const socket = await openSocket(wsUrl, abuserToken, tally);
    if (socket) sockets.push(socket);
  }
  let sent = 0;
  for (const socket of sockets)
    for (let k = 0; k < limits.subscriptionsPerSocket + 20; k += 1) {
      subscribe(socket, abuserPayload(sent, hot));
      sent += 1;
      if (sent % 200 === 0) await sleep(10); // let the socket drain now and then
    }
  await sleep(2000);
  const rssHeld = rssMb(pid);

  // The measurement: seat changes for the abuser's classes, the abuser trying for more, the other member reading.
  const pool = new pg.Pool({ connectionString: bench.databaseUrl, max: 2 });
  let going = true;
  const events = (async () => {
    for (let seq = 0; going; seq += 1) {
      const detail = {
        classInstanceId: hot[seq % hot.length],
        spotsLeft: seq % 12,
        waitlistLength: 0,
        status: 'scheduled',
        takenRigPointIds: [],
      };
      await pool.query(`select pg_notify('studio_events', $1)`, [JSON.stringify({ type: 'SPOTS_CHANGED', detail })]);
      await sleep(1000 / EVENTS_PER_SECOND);
    }
  })();
  const pressure = (async () => {
    const extra = [];
    while (going) {
      for (const socket of sockets) subscribe(socket, abuserPayload(sent++, hot));
      const socket = await openSocket(wsUrl, abuserToken, tally);
      if (socket) extra.push(socket);
      await sleep(200);
    }
    for (const socket of extra) socket.terminate();
  })();
  const busy = await steadyLoad({ ...read, duration: SECONDS });
  tally.done = true; // what closes from here on is the bench's own doing
  going = false;
  await Promise.all([events, pressure]);
  const rssBusy = rssMb(pid);
  for (const socket of sockets) socket.terminate();
  await pool.end();
  await bench.stop();

  report(`${label}: another member's week read (GraphQL, signed in), ${READS_PER_SECOND}/s open loop`, [
    ['idle', idle],
    ['one member at the limits', busy],
  ]);
  const held = sockets.length;
  console.log(
    `abuser: ${held} sockets held (${limits.socketsPerUser + 5} tried first, then one more every 200 ms); ` +
      `sockets refused ${JSON.stringify(tally.refusedSockets)}, held ones closed later ${JSON.stringify(tally.closedLater)}; ` +
      `${sent} subscribes sent, refused ${JSON.stringify(tally.refusedSubscriptions)}; ${tally.frames} frames received`,
  );
  const ratio = busy.p99 / idle.p99;
  console.log(
    `API RSS: ${rssIdle} MB idle, ${rssHeld} MB with the subscriptions held (+${rssHeld - rssIdle}), ${rssBusy} MB after the load; ` +
      `read p99 ${busy.p99} ms vs ${idle.p99} ms idle: ${ratio.toFixed(2)}x (budget <= 2x); errors ${busy.errors}; ` +
      `load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
  );
  return { ratio, idle, busy };
}

export async function benchLiveAbuse() {
  const capped = await run('Live limits at their defaults', DEFAULTS, {});
  if (process.env.LIVE_ABUSE_UNCAPPED === '1')
    await run('Live limits lifted', UNCAPPED, {
      WS_MAX_SOCKETS_PER_USER: String(UNCAPPED.socketsPerUser),
      WS_MAX_SUBSCRIPTIONS_PER_SOCKET: String(UNCAPPED.subscriptionsPerSocket),
      WS_MAX_SOCKETS_PER_ADDRESS: '100000',
      WS_SUBSCRIBES_PER_MINUTE: '100000',
    });
  return capped;
}

if (import.meta.url === `file://${process.argv[1]}`) benchLiveAbuse().then(() => process.exit(0));
