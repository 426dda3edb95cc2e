// Baseline for bench/webhook.mjs: a bare node:http server that only verifies the Stripe signature (with the stripe
// library, as the API does) and answers 200; no database, no handling.
import { Buffer } from 'node:buffer';
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const Stripe = createRequire(path.join(root, 'api/package.json'))('stripe');
const secret = process.env.WEBHOOK_SECRET;

http
  .createServer((req, res) => {
    if (req.url === '/healthz') return res.end('ok');
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      try {
        Stripe.webhooks.constructEvent(Buffer.concat(chunks), req.headers['stripe-signature'], secret, 300);
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ received: true }));
      } catch {
        res.statusCode = 400;
        res.end('Webhook signature verification failed.');
      }
    });
  })
  .listen(Number(process.env.PORT), '127.0.0.1');
