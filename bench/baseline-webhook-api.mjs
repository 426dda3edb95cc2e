// Baseline for bench/webhook.mjs: the API itself (api/dist/main.js, same server, process and heap, its background
// work included) whose webhook handler only verifies the Stripe signature and answers 200, recording and handling
// nothing: "a handler that only verifies the signature", so the comparison is what the handling adds.
// Runs against the bench app's database (DATABASE_URL) and data folder (the test provider's webhook secret).
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(path.join(root, 'api/package.json'));
const { PaymentService } = require('./dist/modules/payments/payments.service.js');
const { verifiedEvent } = require('./dist/modules/payments/payment-provider.js');

PaymentService.prototype.receiveWebhook = async function verifyOnly(rawBody, signature) {
  try {
    verifiedEvent(rawBody, signature, this.provider.webhookSecret);
  } catch {
    return { status: 400, body: 'Webhook signature verification failed.' };
  }
  return { status: 200, body: { received: true } };
};
require('./dist/main.js');
