// Webhook handling: POST /api/stripe/webhook (signature check, the processed-events row, the handler, commit) against
// the same API whose handler only verifies the signature (baseline-webhook-api.mjs), same run. Every request is a new
// event id, so none is answered as a duplicate; the events are checkout.session.expired for sessions this install
// does not know (recorded, looked up, nothing to release), i.e. the whole path short of a fulfilment, at a steady
// 200 events a second on every side. Budget: p99 <= 2x the baseline's.
// Two more sides for context (baseline-webhook.mjs): a bare node:http server that only verifies the signature, and
// the same bare server committing the event's row before it answers, the floor under any handler that answers only
// after its commit (on this machine it is itself about the budget: the WAL flush is the tail).
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

/** Starts `script` on a free port with `env`; answers its base URL and its stop(). */
async function serve(script, env) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const { stop } = await startProcess(script, { ...env, PORT: String(port) }, `${url}/healthz`);
  return { url, stop };
}

export async function benchWebhook() {
  const bench = await startBenchApp({ PAYMENTS_TEST_PROVIDER: '1' });
  const secret = readFileSync(path.join(bench.dataDir, 'payments-test-webhook-secret'), 'utf8').trim();
  const verifyOnly = await serve('bench/baseline-webhook-api.mjs', bench.env);
  const bare = await serve('bench/baseline-webhook.mjs', { WEBHOOK_SECRET: secret });
  const bareCommit = await serve('bench/baseline-webhook.mjs', { WEBHOOK_SECRET: secret, DATABASE_URL: bench.databaseUrl });
  const { p99 } = await compare(
    'Stripe webhook: the API (verify, record, handle, commit) vs the API verifying the signature only',
    signedEvents(bench.url, secret),
    signedEvents(verifyOnly.url, secret),
    {
      minShare: null,
      maxP99: 2,
      connections: 10,
      // Stripe delivers events at a steady pace, not as a flood: every side gets the same 200 events a second, one
      // every 5 ms (steadyLoad; autocannon's rate limit sends bursts and inflates its p99, see there).
      overallRate: 200,
      rounds: 5,
      loader: steadyLoad,
      references: [
        { name: 'bare verify', ...signedEvents(bare.url, secret) },
        { name: 'bare verify + commit', ...signedEvents(bareCommit.url, secret) },
      ],
    },
  );
  console.log(`webhook p99 ${p99.toFixed(2)}x the signature-only handler (budget <= 2x): ${p99 <= 2 ? 'within' : 'OVER'} budget`);
  await Promise.all([verifyOnly.stop(), bare.stop(), bareCommit.stop()]);
  await bench.stop();
}

if (import.meta.url === `file://${process.argv[1]}`) benchWebhook().then(() => process.exit(0));
