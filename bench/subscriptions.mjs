// Subscription fan-out: N graphql-ws clients on one API process, public calendar
// viewers on `spotsChanged`, while seat changes arrive 20 times a second; the baseline is a bare `ws` broadcast of
// the same payload to the same number of sockets (bench/baseline-ws.mjs), in the same run.
//
// Events are published the way the booking service publishes them: a NOTIFY on the API's channel with the
// SPOTS_CHANGED payload (booking.service.ts). Driving real bookings instead would add the booking's own cost and
// make the send time of each event unknown; what is measured here is the live layer. Each event's spotsLeft is its
// sequence number, so a client knows which event it got, and the bench when it sent it.
//
// The chat case: N members of one conversation receiving RATE messages a second. The conversation is the staff room
// (every staff member is in it, and it is the one conversation whose membership grows with the studio: a
// multi-site studio's staff, each with a phone and a desktop open; a family thread has one family and the staff,
// a direct conversation two people). The bench makes N instructors with a session each (rows and signed tokens,
// as a sign-in would leave them; hashing N passwords would only time scrypt), inserts each message as a row and
// announces it the way ChatService.send does after commit (CHAT_CHANGED with the message's id, in the same
// statement): every subscriber is authorised again and reads what the event names. The message body carries the
// sequence number. Its baseline is the same bare `ws` server reading the message once and broadcasting the frame
// the API sends.
//
// Per run: p99 delivery latency (NOTIFY sent → frame parsed by the client), lost events, server CPU per delivered
// message (/proc utime+stime), server RSS per connected client, and events/s delivered to everyone.
// `node bench/subscriptions.mjs [clients...]` (default 1000 5000); SUBSCRIPTIONS_SECONDS sets the send phase,
// SUBSCRIPTIONS_CASE=spots|chat one case (default both). The machine's load average is printed with the results.
import { Buffer } from 'node:buffer';
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
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
// The web app's own document (web/src/pages/chat/staffChat.graphql): the fields a chat page selects.
const CHAT_QUERY = `subscription ChatEvents($conversationId: ID!) { chatEvents(conversationId: $conversationId) { kind conversationId message { id conversationId body source createdAt editedAt deletedAt author { id firstName lastName role } deletedBy { id firstName lastName role } } user { id firstName lastName role } receipt { user { id firstName lastName role } lastReadMessageId readAt } } }`;
const TICKS = 100; // /proc clock ticks per second (USER_HZ)
const SPOTS_SEQ = Buffer.from('"spotsLeft":');
const CHAT_SEQ = Buffer.from('"body":"seq ');

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
async function connectClients(wsUrl, count, subject, onEvent) {
  const sockets = [];
  const closes = { dropped: new Map() }; // close code → sockets closed by the server during the run
  let terminating = false;
  const connectOne = (i) =>
    new Promise((resolve, reject) => {
      const socket = new WebSocket(wsUrl, 'graphql-transport-ws', { perMessageDeflate: false, skipUTF8Validation: true });
      socket.on('open', () => socket.send(JSON.stringify({ type: 'connection_init', payload: subject.init(i) })));
      let acknowledged = false;
      socket.on('message', (data) => {
        if (!acknowledged) {
          acknowledged = true;
          socket.send(JSON.stringify({ id: '1', type: 'subscribe', payload: subject.subscribe(i) }));
          resolve(socket);
          return;
        }
        // The sequence number without decoding the frame (the client side must stay cheap: it shares the machine).
        const at = data.indexOf(subject.seqField);
        if (at < 0) return;
        let seq = 0;
        for (let k = at + subject.seqField.length; data[k] >= 48 && data[k] <= 57; k += 1) seq = seq * 10 + data[k] - 48;
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

/** The spotsChanged case: anonymous calendar viewers of a few weeks that all contain the hot class. */
function spotsCase(notify) {
  return () => {
    const hot = randomUUID();
    const variableSets = Array.from({ length: VARIABLE_SETS }, () => [hot, randomUUID(), randomUUID()]);
    return {
      seqField: SPOTS_SEQ,
      init: () => ({}),
      subscribe: (i) => ({ query: QUERY, variables: { ids: variableSets[i % variableSets.length] } }),
      send: (seq) => notify({ classInstanceId: hot, spotsLeft: seq, waitlistLength: 0, status: 'scheduled', takenRigPointIds: [] }),
    };
  };
}

/** N instructors signed in (a session row and a signed token each), all members of the staff room. */
async function chatMembers(pool, jwtSecret, count) {
  const { TokenSigner } = createRequire(path.join(root, 'api/package.json'))(path.join(root, 'api/dist/modules/auth/tokens.js'));
  const signer = new TokenSigner(jwtSecret);
  const members = Array.from({ length: count }, (_, i) => ({ id: randomUUID(), sessionId: randomUUID(), name: `Staff${i}` }));
  for (let i = 0; i < count; i += 1000) {
    const batch = members.slice(i, i + 1000);
    await pool.query(
      `insert into app_user (id, first_name, last_name, role, birthday)
       select id, 'Bench', name, 'instructor', '1990-01-01' from unnest($1::uuid[], $2::text[]) as t(id, name)`,
      [batch.map((m) => m.id), batch.map((m) => m.name)],
    );
    await pool.query(
      `insert into user_session (id, user_id, device, token_version, expires_at)
       select sid, uid, 'bench', 0, now() + interval '1 day' from unnest($1::uuid[], $2::uuid[]) as t(sid, uid)`,
      [batch.map((m) => m.sessionId), batch.map((m) => m.id)],
    );
  }
  for (const m of members) m.token = await signer.sign({ userId: m.id, sessionId: m.sessionId });
  return members;
}

/** The chat case: `count` members of the staff room; one of them writes RATE messages a second. */
function chatCase(pool, jwtSecret) {
  const cache = new Map();
  return async (count) => {
    if (!cache.has(count)) cache.set(count, await chatMembers(pool, jwtSecret, count));
    const members = cache.get(count);
    const [{ id: room }] = (await pool.query(`select id from conversation where singleton = 'staff_room'`)).rows;
    return {
      seqField: CHAT_SEQ,
      init: (i) => ({ authorization: `Bearer ${members[i].token}` }),
      subscribe: () => ({ query: CHAT_QUERY, variables: { conversationId: room } }),
      // The row and its announcement in one statement, as ChatService.send commits them together.
      send: (seq) => {
        const id = randomUUID();
        const type = `CHAT_CHANGED:${room}`;
        return pool.query(
          `with m as (insert into chat_message (id, conversation_id, author_id, body) values ($1, $2, $3, $4) returning id)
           select pg_notify('studio_events', $5) from m`,
          [id, room, members[0].id, `seq ${seq}`, JSON.stringify({ type, detail: { kind: 'message_added', messageId: id } })],
        );
      },
    };
  };
}

/** One side (API or baseline) with `count` clients: connect, warm up, send RATE events/s for SECONDS, collect. */
async function measure(label, pid, wsUrl, subject, count) {
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
    return subject.send(seq);
  };

  await sleep(500);
  const rssBefore = rssKb(pid);
  const clients = await connectClients(wsUrl, count, subject, onEvent);
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

export async function benchSubscriptions(counts = [1000, 5000], cases = ['spots', 'chat']) {
  // The bench's clients share the machine with the server and fall behind at 5,000; a bound as high as the
  // baseline's (none) keeps them connected, so both sides deliver everything and the latencies compare.
  const jwtSecret = randomBytes(32).toString('hex');
  // Thousands of clients from one address, subscribing at once: the live limits are for members, not for the bench.
  const bench = await startBenchApp({
    WS_MAX_BUFFERED_BYTES: String(64 * 1024 * 1024),
    JWT_SECRET: jwtSecret,
    WS_MAX_SOCKETS_PER_ADDRESS: '100000',
    WS_SUBSCRIBES_PER_MINUTE: '100000',
  });
  const pool = new pg.Pool({ connectionString: bench.databaseUrl, max: 4 });
  const notify = (detail) => pool.query(`select pg_notify('studio_events', $1)`, [JSON.stringify({ type: 'SPOTS_CHANGED', detail })]);
  const basePort = await freePort();
  const baseline = await startProcess(
    'bench/baseline-ws.mjs',
    { PORT: String(basePort), DATABASE_URL: bench.databaseUrl },
    `http://127.0.0.1:${basePort}/healthz`,
  );
  const subjects = { spots: spotsCase(notify), chat: chatCase(pool, jwtSecret) };
  const titles = { spots: 'spotsChanged (anonymous calendar viewers)', chat: 'chatEvents (members of the staff room)' };
  const rows = [];
  const loads = [];
  try {
    for (const which of cases)
      for (const count of counts) {
        const load = os
          .loadavg()
          .map((l) => l.toFixed(2))
          .join(' ');
        const api = await measure(
          `${which} graphql-ws`,
          bench.pid,
          bench.url.replace(/^http/, 'ws') + '/graphql',
          await subjects[which](count),
          count,
        );
        const bare = await measure(
          `${which} bare ws`,
          baseline.child.pid,
          `ws://127.0.0.1:${basePort}/graphql`,
          await subjects[which](count),
          count,
        );
        rows.push(api, bare);
        loads.push(
          `${which} × ${count}: load average ${load} before, ${os
            .loadavg()
            .map((l) => l.toFixed(2))
            .join(' ')} after`,
        );
        console.log(
          `${titles[which]}, ${count} subscribers: p99 ${api['p99 ms']} ms = ${(api['p99 ms'] / Math.max(1, bare['p99 ms'])).toFixed(2)}x bare ws ` +
            `(budget <= 250 ms and <= 3x); lost ${api.lost}; ${api['CPU µs/msg']} µs CPU/msg vs ${bare['CPU µs/msg']}; ` +
            `${api['KB/client']} KB/client, ${api['KB/client busy']} after the events (budget <= 50); ${api['events/s']} events/s`,
        );
      }
  } finally {
    console.log(`\nSubscriptions: ${RATE} events/s for ${SECONDS} s; ${os.cpus().length} CPUs`);
    console.table(Object.fromEntries(rows.map(({ label, clients, ...r }) => [`${label} × ${clients}`, r])));
    for (const line of loads) console.log(line);
    await baseline.stop();
    await pool.end();
    await bench.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const counts = process.argv.slice(2).map(Number).filter(Boolean);
  const cases = process.env.SUBSCRIPTIONS_CASE ? [process.env.SUBSCRIPTIONS_CASE] : undefined;
  benchSubscriptions(counts.length ? counts : undefined, cases).then(
    () => process.exit(0),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
