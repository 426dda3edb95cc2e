// Webhook handling: POST /api/stripe/webhook (signature check, the processed-events row, the handler, commit) against
// a bare server that only verifies the signature, same run. Every request is a new event id, so none is answered as a
// duplicate; the events are checkout.session.expired for sessions this install does not know (recorded, looked up,
// nothing to release), i.e. the whole path short of a fulfilment, at a steady 200 events a second on both sides.
// Budget: p99 <= 2x the baseline's. A third side, "verify + commit", is the same bare server that also commits the
// event's row before answering (baseline-webhook.mjs with DATABASE_URL): the floor under any handler that answers
// only after its commit, so the report shows what the budget asks of PostgreSQL on this machine and what the API adds.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { freePort } from '../scripts/net.mjs';
import { compare, root, startBenchApp, startProcess, steadyLoad } from './harness.mjs';

const Stripe = createRequire(path.join(root, 'api/package.json'))('stripe');

function signedEvents(url, secret) {
  return {
    url: `${url}/api/stripe/webhook`,
    method: 'POST',
    requests: [
      {
        setupRequest: (req) => {
          const id = randomBytes(12).toString('hex');
          const payload = JSON.stringify({
            id: `evt_bench_${id}`,
            object: 'event',
            type: 'checkout.session.expired',
            created: Math.floor(Date.now() / 1000),
            data: { object: { id: `cs_bench_${id}`, object: 'checkout.session', status: 'expired', payment_status: 'unpaid' } },
          });
          const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
          return { ...req, method: 'POST', body: payload, headers: { 'content-type': 'application/json', 'stripe-signature': signature } };
        },
      },
    ],
  };
}

export async function benchWebhook() {
  const bench = await startBenchApp({ PAYMENTS_TEST_PROVIDER: '1' });
  const secret = readFileSync(path.join(bench.dataDir, 'payments-test-webhook-secret'), 'utf8').trim();
  const port = await freePort();
  const baseline = await startProcess(
    'bench/baseline-webhook.mjs',
    { PORT: String(port), WEBHOOK_SECRET: secret },
    `http://127.0.0.1:${port}/healthz`,
  );
  const floorPort = await freePort();
  const floor = await startProcess(
    'bench/baseline-webhook.mjs',
    { PORT: String(floorPort), WEBHOOK_SECRET: secret, DATABASE_URL: bench.databaseUrl },
    `http://127.0.0.1:${floorPort}/healthz`,
  );
  const { p99, referenceP99 } = await compare(
    'Stripe webhook: the API (verify, record, handle, commit) vs verifying the signature only',
    signedEvents(bench.url, secret),
    signedEvents(`http://127.0.0.1:${port}`, secret),
    // Stripe delivers events at a steady pace, not as a flood: both sides get the same 200 events a second, one every
    // 5 ms (steadyLoad; autocannon's rate limit sends bursts and inflates its p99, see there).
    {
      minShare: null,
      maxP99: 2,
      connections: 10,
      overallRate: 200,
      rounds: 5,
      loader: steadyLoad,
      reference: { name: 'verify + commit', ...signedEvents(`http://127.0.0.1:${floorPort}`, secret) },
    },
  );
  console.log(
    `webhook p99 ${p99.toFixed(2)}x the signature-only handler (budget <= 2x): ${p99 <= 2 ? 'within' : 'OVER'} budget; ` +
      `verify + commit alone: ${referenceP99.toFixed(2)}x`,
  );
  await floor.stop();
  await baseline.stop();
  await bench.stop();
}

if (import.meta.url === `file://${process.argv[1]}`) benchWebhook().then(() => process.exit(0));
