// Webhook fan-out: 1,000 events (order.refunded, each committed in its own transaction as the refund service does)
// to 5 endpoints, i.e. 5,000 signed POSTs to 5 receivers on loopback, each verifying every delivery with the
// standardwebhooks library and counting webhook-ids. Budget: all 5,000 received within 10 s of the first commit,
// none twice. The API runs in this process (its event bus and queue are called as the app calls them); the
// receivers run in a child process of their own, so their work is not counted against the sender.
import { Buffer } from 'node:buffer';
import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { root, signedInGql, startInProcessApp } from './harness.mjs';

const EVENTS = Number(process.env.BENCH_WEBHOOK_EVENTS) || 1000;
const ENDPOINTS = 5;
const EMITTERS = 8;
const BUDGET_MS = 10_000;

/** The receivers' process: 5 HTTP servers that verify each delivery and report what they saw. */
async function receivers() {
  const http = await import('node:http');
  const { Webhook } = createRequire(path.join(root, 'api/package.json'))('standardwebhooks');
  const seen = new Map(); // webhook-id + endpoint -> count
  let verified = 0;
  let bad = 0;
  let last = 0;
  const secrets = [];
  const ports = [];
  for (let i = 0; i < ENDPOINTS; i++) {
    const n = i;
    const server = http.createServer((req, res) => {
      const chunks = [];
      req.on('data', (c) => chunks.push(c));
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        try {
          new Webhook(secrets[n]).verify(body, req.headers);
          verified += 1;
        } catch {
          bad += 1;
        }
        const key = `${n}:${req.headers['webhook-id']}`;
        seen.set(key, (seen.get(key) ?? 0) + 1);
        last = Date.now();
        res.writeHead(204).end();
      });
    });
    server.keepAliveTimeout = 60_000;
    await new Promise((r) => server.listen(0, '127.0.0.1', r));
    ports.push(server.address().port);
  }
  process.on('message', (msg) => {
    if (msg.secrets) secrets.push(...msg.secrets);
    if (msg.report)
      process.send({
        received: [...seen.values()].reduce((a, b) => a + b, 0),
        distinct: seen.size,
        twice: [...seen.values()].filter((c) => c > 1).length,
        verified,
        bad,
        last,
      });
  });
  process.send({ ports });
}

export async function benchWebhooks() {
  const child = fork(fileURLToPath(import.meta.url), ['--receivers'], { stdio: 'inherit' });
  const ask = (msg) =>
    new Promise((resolve) => {
      child.once('message', resolve);
      if (msg) child.send(msg);
    });
  const { ports } = await ask(null);
  const { app, graphqlUrl, stop } = await startInProcessApp({ WEBHOOKS_ALLOW_PRIVATE_NETWORKS: '1' });
  try {
    const gql = await signedInGql(graphqlUrl);
    const secrets = [];
    for (const port of ports) {
      const made = await gql(`mutation($input: WebhookEndpointInput!) { createWebhookEndpoint(input: $input) { secret } }`, {
        input: { url: `http://127.0.0.1:${port}/hooks`, description: 'bench', eventTypes: ['order.refunded'] },
      });
      secrets.push(made.createWebhookEndpoint.secret);
    }
    child.send({ secrets });
    const { orm, events } = app.services;
    const start = Date.now();
    const t0 = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: EMITTERS }, async () => {
        while (next < EVENTS) {
          next += 1;
          await orm.em.fork().transactional((tx) =>
            events.emit(tx, 'order.refunded', {
              orderId: randomUUID(),
              ownerId: null,
              amountCents: 500,
              refundedCents: 500,
              totalCents: 1000,
              fullyRefunded: false,
            }),
          );
        }
      }),
    );
    const committedMs = performance.now() - t0;
    const committedAt = Date.now();
    const expected = EVENTS * ENDPOINTS;
    let report;
    for (;;) {
      report = await ask({ report: true });
      if (report.received >= expected || Date.now() - start > 60_000) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    // A little longer: anything sent twice would arrive now.
    await new Promise((r) => setTimeout(r, 3000));
    report = await ask({ report: true });
    const deliveredMs = report.last - start;
    const [{ attempts }] = await orm.em.getConnection().execute(`select count(*)::int as attempts from webhook_attempt`);
    console.log(`\nwebhook fan-out: ${EVENTS} events x ${ENDPOINTS} endpoints = ${expected} deliveries`);
    console.log(`  events committed (${EMITTERS} emitters): ${Math.round(committedMs)} ms`);
    console.log(`  the last delivery ${((report.last - committedAt) / 1000).toFixed(2)} s after the last commit`);
    console.log(`  received ${report.received} (${report.distinct} distinct), verified ${report.verified}, bad signatures ${report.bad}`);
    console.log(`  sent twice: ${report.twice}; attempts recorded: ${attempts}`);
    console.log(
      `  all delivered ${(deliveredMs / 1000).toFixed(2)} s after the first commit (budget ${BUDGET_MS / 1000} s): ${report.distinct === expected && report.twice === 0 && deliveredMs <= BUDGET_MS ? 'MET' : 'NOT MET'}`,
    );
  } finally {
    child.kill();
    await stop();
  }
}

if (process.argv.includes('--receivers')) await receivers();
else if (import.meta.url === `file://${process.argv[1]}`) benchWebhooks().then(() => process.exit(0));
