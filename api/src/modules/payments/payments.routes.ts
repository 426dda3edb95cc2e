import type { Request, Response } from 'express';
import type http from 'node:http';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import type { Transform } from 'node:stream';
import type { Env } from '../../env.js';
import { appOriginOf } from '../../common/app-origin.js';
import type { DirectRoute, HttpRoute } from '../routes.js';
import type { PaymentService } from './payments.service.js';
import { frontDeskReturnPage, testCheckoutPage } from './test-checkout.page.js';

const WEBHOOK_PATH = '/api/stripe/webhook';

/** A test payment refused because it does not carry its own link's token. */
export const TEST_PAYMENT_LINK_REFUSAL =
  'This payment link is not valid: only the link your checkout opened can pay it. Start checkout again from the studio app.';
const WEBHOOK_LIMIT_BYTES = 1024 * 1024;

/** The body's bytes as sent, or inflated when it came compressed (Stripe never compresses; a proxy might). */
function decoded(req: http.IncomingMessage): http.IncomingMessage | Transform | null {
  const encoding = (req.headers['content-encoding'] ?? 'identity').toLowerCase();
  if (encoding === 'identity') return req;
  const inflate = { gzip: createGunzip, 'x-gzip': createGunzip, deflate: createInflate, br: createBrotliDecompress }[encoding];
  return inflate ? req.pipe(inflate()) : null;
}

/**
 * POST /api/stripe/webhook, the one entry point of Stripe's events, served on node:http ahead of Express (whose
 * middleware stack cost more than the handling itself under Stripe's steady load). The contract: the exact raw bytes
 * (at most 1 MB once inflated, else 413; a compressed body is inflated), the signature check with its 300 s tolerance
 * (400, no effect), 2xx only after the commit, 5xx so Stripe retries, no stack traces.
 */
export function stripeWebhookRoute(payments: PaymentService): DirectRoute {
  return {
    direct: true,
    method: 'POST',
    path: WEBHOOK_PATH,
    handler: (req, res) => {
      const send = (status: number, body: string | object) => {
        if (res.headersSent) return;
        const text = typeof body === 'string' ? body : JSON.stringify(body);
        res.statusCode = status;
        res.setHeader('Content-Type', typeof body === 'string' ? 'text/plain; charset=utf-8' : 'application/json; charset=utf-8');
        res.setHeader('Content-Length', Buffer.byteLength(text));
        res.end(text);
      };
      const tooLarge = () => send(413, 'The request is too large (limit 1 MB).');
      const body = decoded(req);
      if (!body) {
        send(415, 'Send the webhook body as it is, or compressed with gzip, deflate or br.');
        return void req.resume();
      }
      if (Number(req.headers['content-length']) > WEBHOOK_LIMIT_BYTES) {
        tooLarge();
        return void req.resume();
      }
      const chunks: Buffer[] = [];
      let size = 0;
      // Past the limit it answers at once and stops inflating (a small compressed body may inflate to gigabytes).
      const refuse = (answer: () => void) => {
        answer();
        if (body !== req) {
          req.unpipe(body as Transform);
          body.destroy();
        }
        req.resume();
      };
      body.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size <= WEBHOOK_LIMIT_BYTES) chunks.push(chunk);
        else if (!res.headersSent) refuse(tooLarge);
      });
      // An aborted upload has nothing to answer; a body that does not inflate is the sender's fault.
      req.on('error', () => undefined);
      if (body !== req) body.on('error', () => refuse(() => send(400, 'The request body could not be decompressed.')));
      body.on('end', () => {
        if (size > WEBHOOK_LIMIT_BYTES) return tooLarge();
        const raw = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size);
        payments.receiveWebhook(raw, req.headers['stripe-signature'] as string | undefined).then(
          (answer) => send(answer.status, answer.body),
          () => send(500, 'The event could not be handled; it will be retried.'),
        );
      });
    },
  };
}

/**
 * The built-in test provider's payment page (/api/stripe/test-checkout/{id}), which plays Stripe Checkout's part on a
 * laptop install (with Stripe configured it answers 404), and the page a customer's phone lands on after paying a
 * front-desk sale from the register's QR code.
 */
export function testCheckoutRoutes(payments: PaymentService, env: Pick<Env, 'publicUrl' | 'STUDIO_NAME'>): HttpRoute[] {
  const testProvider = () => (payments.provider?.mode === 'test_provider' ? payments.testProvider() : null);
  const notFound = (res: Response) => void res.status(404).type('text/plain').send('Not found');
  return [
    {
      method: 'get',
      path: '/api/stripe/test-checkout/:id',
      handler: async (req: Request, res: Response) => {
        const provider = testProvider();
        const session = provider ? await payments.sessionByProviderId(String(req.params.id)) : null;
        if (!provider || !session) return notFound(res);
        const token = provider.mayPay(session, req.query.token) ? String(req.query.token) : null;
        res.type('html').send(testCheckoutPage(session, env.STUDIO_NAME, token));
      },
    },
    {
      method: 'post',
      path: '/api/stripe/test-checkout/:id/pay',
      // Pay only with the token of the session's own link: nobody pays (gives away) a session they were not handed.
      handler: async (req: Request, res: Response) => {
        const provider = testProvider();
        const id = String(req.params.id);
        const session = provider ? await payments.sessionByProviderId(id) : null;
        if (!provider || !session) return notFound(res);
        if (!provider.mayPay(session, req.query.token)) return void res.status(403).type('text/plain').send(TEST_PAYMENT_LINK_REFUSAL);
        if (!(await provider.pay(id))) {
          // Paid already (the same link used again), expired or closed: the page says which; nothing is paid.
          const now = await payments.sessionByProviderId(id);
          return void res
            .status(409)
            .type('html')
            .send(testCheckoutPage(now ?? session, env.STUDIO_NAME, null));
        }
        if (session.counterSaleId) return void res.redirect(303, `${env.publicUrl}/api/stripe/front-desk/paid`);
        const back = payments.successUrl(payments.paysInvoice(session), appOriginOf(req));
        res.redirect(303, back.replace('{CHECKOUT_SESSION_ID}', encodeURIComponent(id)));
      },
    },
    {
      method: 'post',
      path: '/api/stripe/test-checkout/:id/cancel',
      handler: async (req: Request, res: Response) => {
        if (!testProvider()) return notFound(res);
        // Like Stripe's cancel link: back to the studio; the session stays open until it expires.
        const id = String(req.params.id);
        const session = await payments.sessionByProviderId(id);
        if (session?.counterSaleId) return void res.redirect(303, `${env.publicUrl}/api/stripe/front-desk/cancelled`);
        res.redirect(303, payments.cancelUrl(session ? payments.paysInvoice(session) : false, id, appOriginOf(req)));
      },
    },
    {
      method: 'get',
      path: '/api/stripe/front-desk/:outcome',
      handler: (req: Request, res: Response) => {
        const outcome = req.params.outcome === 'paid' ? 'paid' : req.params.outcome === 'cancelled' ? 'cancelled' : null;
        if (!outcome) return notFound(res);
        res.type('html').send(frontDeskReturnPage(outcome, env.STUDIO_NAME));
      },
    },
  ];
}
