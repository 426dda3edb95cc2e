import express, { type Request, type Response } from 'express';
import { randomUUID } from 'node:crypto';
import type http from 'node:http';
import type { Services } from '../graphql/context.js';
import { requestScope, rootLogger } from '../logger.js';
import { frontDeskReturnPage, testCheckoutPage, testSubscribePage } from '../modules/index.js';

/**
 * /api/stripe/webhook: the raw body (the signature covers its exact bytes), so it is mounted before the JSON parser.
 * Also the built-in test provider's payment page (/api/stripe/test-checkout/{id}), which plays Stripe Checkout's part
 * on a laptop install; with Stripe configured it answers 404.
 */
export function stripeRoutes(services: Services): express.Router {
  const router = express.Router();
  const { payments } = services;

  router.post('/webhook', express.raw({ type: () => true, limit: '1mb' }), async (req: Request, res: Response) => {
    const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const answer = await payments.receiveWebhook(raw, req.header('stripe-signature'));
    if (typeof answer.body === 'string') res.status(answer.status).type('text/plain').send(answer.body);
    else res.status(answer.status).json(answer.body);
  });

  const testProvider = () => (payments.provider?.mode === 'test_provider' ? payments.testProvider() : null);

  router.get('/test-checkout/:id', async (req: Request, res: Response) => {
    const provider = testProvider();
    const session = provider ? await payments.sessionByProviderId(String(req.params.id)) : null;
    if (!provider || !session) return void res.status(404).type('text/plain').send('Not found');
    res.setHeader('Cache-Control', 'no-store');
    const token = provider.mayPay(session, req.query.token) ? String(req.query.token) : null;
    res.type('html').send(testCheckoutPage(session, services.env.STUDIO_NAME, token));
  });

  // Pay only with the token of the session's own link: nobody pays (gives away) a session they were not handed.
  router.post('/test-checkout/:id/pay', async (req: Request, res: Response) => {
    const provider = testProvider();
    const id = String(req.params.id);
    const session = provider ? await payments.sessionByProviderId(id) : null;
    if (!provider || !session) return void res.status(404).type('text/plain').send('Not found');
    if (!provider.mayPay(session, req.query.token)) return void res.status(403).type('text/plain').send(TEST_PAYMENT_LINK_REFUSAL);
    res.setHeader('Cache-Control', 'no-store');
    if (!(await provider.pay(id))) {
      // Paid already (the same link used again), expired or closed: the page says which; nothing is paid.
      const now = await payments.sessionByProviderId(id);
      return void res
        .status(409)
        .type('html')
        .send(testCheckoutPage(now ?? session, services.env.STUDIO_NAME, null));
    }
    if (session.counterSaleId) return void res.redirect(303, `${services.env.publicUrl}/api/stripe/front-desk/paid`);
    res.redirect(303, payments.successUrl(payments.paysInvoice(session)).replace('{CHECKOUT_SESSION_ID}', encodeURIComponent(id)));
  });

  router.post('/test-checkout/:id/cancel', async (req: Request, res: Response) => {
    if (!testProvider()) return void res.status(404).type('text/plain').send('Not found');
    // Like Stripe's cancel link: back to the studio; the session stays open until it expires.
    const id = String(req.params.id);
    const session = await payments.sessionByProviderId(id);
    if (session?.counterSaleId) return void res.redirect(303, `${services.env.publicUrl}/api/stripe/front-desk/cancelled`);
    res.redirect(303, payments.cancelUrl(session ? payments.paysInvoice(session) : false, id));
  });

  // Where the customer's phone lands after paying (or cancelling) a front-desk sale from the register's QR code.
  router.get('/front-desk/:outcome', (req: Request, res: Response) => {
    const outcome = req.params.outcome === 'paid' ? 'paid' : req.params.outcome === 'cancelled' ? 'cancelled' : null;
    if (!outcome) return void res.status(404).type('text/plain').send('Not found');
    res.setHeader('Cache-Control', 'no-store');
    res.type('html').send(frontDeskReturnPage(outcome, services.env.STUDIO_NAME));
  });

  // The test provider's subscription checkout (a membership plan): Pay sends the events Stripe would.
  router.get('/test-subscribe/:id', async (req: Request, res: Response) => {
    const id = String(req.params.id);
    const checkout = await services.memberships.testCheckout(services.orm.em.fork(), id);
    if (!checkout) return void res.status(404).type('text/plain').send('Not found');
    res.setHeader('Cache-Control', 'no-store');
    const token = services.memberships.mayPayTestCheckout(checkout, req.query.token) ? String(req.query.token) : null;
    res.type('html').send(testSubscribePage(checkout, services.env.STUDIO_NAME, token));
  });

  router.post('/test-subscribe/:id/pay', async (req: Request, res: Response) => {
    const id = String(req.params.id);
    const checkout = await services.memberships.testCheckout(services.orm.em.fork(), id);
    if (!checkout) return void res.status(404).type('text/plain').send('Not found');
    if (!services.memberships.mayPayTestCheckout(checkout, req.query.token))
      return void res.status(403).type('text/plain').send(TEST_PAYMENT_LINK_REFUSAL);
    res.setHeader('Cache-Control', 'no-store');
    if (!(await services.memberships.payTestCheckout(services.orm.em.fork(), id))) {
      const now = await services.memberships.testCheckout(services.orm.em.fork(), id);
      return void res
        .status(409)
        .type('html')
        .send(testSubscribePage(now ?? checkout, services.env.STUDIO_NAME, null));
    }
    res.redirect(303, `${services.env.publicUrl}/membership-success?session_id=${encodeURIComponent(id)}`);
  });

  return router;
}

/** A test payment refused because it does not carry its own link's token. */
export const TEST_PAYMENT_LINK_REFUSAL =
  'This payment link is not valid: only the link your checkout opened can pay it. Start checkout again from the studio app.';

export const WEBHOOK_PATH = '/api/stripe/webhook';
const WEBHOOK_LIMIT_BYTES = 1024 * 1024;
const REQUEST_ID = /^[A-Za-z0-9._:-]{8,64}$/;

/**
 * POST /api/stripe/webhook served straight on node:http, ahead of Express (whose middleware stack cost more than the
 * handling itself under Stripe's steady load, issue 10). Same contract as the Express route above, which stays for
 * anything this does not take: the exact raw bytes (1 MB at most, else 413), the signature check with its 300 s
 * tolerance (400, no effect), 2xx only after the commit, 5xx so Stripe retries, no stack traces; and the same answer
 * headers as the rest of the API (`headers`: the security headers, computed once), `X-Request-Id`, `Cache-Control:
 * no-store`, an access log line. Answers false when the request is not one it serves (another path or method, a
 * compressed body), so the caller hands it to Express.
 */
export function stripeWebhookListener(
  services: Services,
  headers: readonly (readonly [string, string])[],
): (req: http.IncomingMessage, res: http.ServerResponse) => boolean {
  const { payments } = services;
  return (req, res) => {
    if (req.method !== 'POST') return false;
    const url = req.url ?? '';
    const query = url.indexOf('?');
    if ((query === -1 ? url : url.slice(0, query)) !== WEBHOOK_PATH) return false;
    const encoding = req.headers['content-encoding'];
    if (encoding && encoding.toLowerCase() !== 'identity') return false; // Express inflates it (Stripe never compresses)

    const started = process.hrtime.bigint();
    const given = req.headers['x-request-id'];
    const requestId = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    for (const [name, value] of headers) res.setHeader(name, value);
    res.setHeader('X-Request-Id', requestId);
    res.setHeader('Cache-Control', 'no-store');

    const send = (status: number, body: string | object) => {
      if (res.headersSent) return;
      const text = typeof body === 'string' ? body : JSON.stringify(body);
      res.statusCode = status;
      res.setHeader('Content-Type', typeof body === 'string' ? 'text/plain; charset=utf-8' : 'application/json; charset=utf-8');
      res.setHeader('Content-Length', Buffer.byteLength(text));
      res.end(text);
      const level = status >= 500 ? 'error' : 'info';
      if (rootLogger.isLevelEnabled(level))
        rootLogger[level](
          {
            requestId,
            req: { method: 'POST', path: WEBHOOK_PATH },
            res: { status },
            responseTime: Number((process.hrtime.bigint() - started) / 1_000_000n),
          },
          status >= 500 ? 'request failed' : 'request',
        );
    };
    const tooLarge = () => send(413, 'The request is too large (limit 1 MB).');

    if (Number(req.headers['content-length']) > WEBHOOK_LIMIT_BYTES) {
      tooLarge();
      req.resume();
      return true;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= WEBHOOK_LIMIT_BYTES) chunks.push(chunk);
    });
    req.on('error', () => undefined); // an aborted upload: nothing to answer
    req.on('end', () => {
      if (size > WEBHOOK_LIMIT_BYTES) return tooLarge();
      const raw = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size);
      requestScope.run({ requestId }, () => {
        payments.receiveWebhook(raw, req.headers['stripe-signature'] as string | undefined).then(
          (answer) => send(answer.status, answer.body),
          () => send(500, 'The event could not be handled; it will be retried.'),
        );
      });
    });
    return true;
  };
}
