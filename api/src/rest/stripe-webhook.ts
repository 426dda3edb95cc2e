import express, { type Request, type Response } from 'express';
import type { Services } from '../graphql/context.js';
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
    if (!session) return void res.status(404).type('text/plain').send('Not found');
    res.setHeader('Cache-Control', 'no-store');
    res.type('html').send(testCheckoutPage(session, services.env.STUDIO_NAME));
  });

  router.post('/test-checkout/:id/pay', async (req: Request, res: Response) => {
    const provider = testProvider();
    if (!provider) return void res.status(404).type('text/plain').send('Not found');
    const id = String(req.params.id);
    const paid = await provider.pay(id);
    const session = paid ? await payments.sessionByProviderId(id) : null;
    if (session?.counterSaleId) return void res.redirect(303, `${services.env.publicUrl}/api/stripe/front-desk/paid`);
    res.redirect(
      303,
      paid
        ? payments.successUrl(session ? payments.paysInvoice(session) : false).replace('{CHECKOUT_SESSION_ID}', encodeURIComponent(id))
        : `/api/stripe/test-checkout/${encodeURIComponent(id)}`,
    );
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
    const checkout = await services.memberships.testCheckout(services.orm.em.fork(), String(req.params.id));
    if (!checkout) return void res.status(404).type('text/plain').send('Not found');
    res.setHeader('Cache-Control', 'no-store');
    res.type('html').send(testSubscribePage(checkout, services.env.STUDIO_NAME));
  });

  router.post('/test-subscribe/:id/pay', async (req: Request, res: Response) => {
    const id = String(req.params.id);
    const paid = await services.memberships.payTestCheckout(services.orm.em.fork(), id);
    if (!paid && !(await services.memberships.testCheckout(services.orm.em.fork(), id)))
      return void res.status(404).type('text/plain').send('Not found');
    res.redirect(303, `${services.env.publicUrl}/membership-success?session_id=${encodeURIComponent(id)}`);
  });

  return router;
}
