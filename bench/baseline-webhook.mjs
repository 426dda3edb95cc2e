// Baselines for bench/webhook.mjs: a bare node:http server that verifies the Stripe signature (with the stripe
// library, as the API does) and answers 200; no handling. With DATABASE_URL it also records the event, as the
// API's handler must before its 2xx: the same payment_event row inserted by one prepared statement, committed on its
// own (pg, a pool of 10 as the API's). Without it, the signature-only handler of the budget; with it, the floor
// under any handler that answers after its commit.
import { Buffer } from 'node:buffer';
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const apiRequire = createRequire(path.join(root, 'api/package.json'));
const Stripe = apiRequire('stripe');
const secret = process.env.WEBHOOK_SECRET;
const pool = process.env.DATABASE_URL ? new (apiRequire('pg').Pool)({ connectionString: process.env.DATABASE_URL, max: 10 }) : null;
const RECORD = `insert into payment_event (id, type, status, payload, received_at, processed_at, attempts, duplicates)
                values ($1, $2, 'processed', $3, now(), now(), 1, 0) on conflict (id) do nothing`;

async function handle(raw, signature) {
  const event = Stripe.webhooks.constructEvent(raw, signature, secret, 300);
  if (pool) await pool.query({ name: 'record', text: RECORD, values: [event.id, event.type, raw.toString('utf8')] });
}

http
  .createServer((req, res) => {
    if (req.url === '/healthz') return res.end('ok');
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      handle(Buffer.concat(chunks), req.headers['stripe-signature']).then(
        () => {
          res.setHeader('content-type', 'application/json');
          res.end(JSON.stringify({ received: true }));
        },
        (err) => {
          res.statusCode = err instanceof Stripe.errors.StripeSignatureVerificationError ? 400 : 500;
          res.end(res.statusCode === 400 ? 'Webhook signature verification failed.' : 'Not recorded.');
        },
      );
    });
  })
  .listen(Number(process.env.PORT), '127.0.0.1');
