import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { startTestApp, type TestApp } from './app.js';

/** A checkout session as the stand-in keeps it (the fields our code sends and reads). */
export interface StandinSession {
  id: string;
  object: 'checkout.session';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid';
  payment_intent: string | null;
  amount_total: number;
  currency: string;
  url: string;
  expires_at: number;
  success_url: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  mode: string;
  /** The line items' price ids (null for a line with inline price_data). */
  line_prices: (string | null)[];
}

export interface StandinProduct {
  id: string;
  object: 'product';
  name: string;
  description: string | null;
  active: boolean;
  metadata: Record<string, string>;
}

export interface StandinPrice {
  id: string;
  object: 'price';
  product: string;
  unit_amount: number;
  currency: string;
  recurring: { interval: string };
  active: boolean;
}

export interface StandinSubscription {
  id: string;
  object: 'subscription';
  status: 'active' | 'canceled';
  cancel_at_period_end: boolean;
  canceled_at: number | null;
  pause_collection: { behavior: string; resumes_at: number | null } | null;
  items: { object: 'list'; data: { id: string; object: 'subscription_item'; price: StandinPrice | { id: string } }[] };
  /** The proration_behavior of the last update. */
  last_proration_behavior?: string | null;
  metadata: Record<string, string>;
}

const id = (prefix: string) => `${prefix}_standin_${randomBytes(10).toString('hex')}`;

/**
 * A local HTTP stand-in for the part of Stripe's API we call (checkout sessions create/retrieve/expire, refunds),
 * on loopback, for the real stripe SDK to talk to. Stripe's servers cannot be reached from here; this is the only
 * stand-in in the tests, at the network boundary. Idempotency keys behave like Stripe's: the same key answers the
 * first answer again.
 */
export class StripeStandin {
  readonly sessions = new Map<string, StandinSession>();
  readonly refunds: { id: string; payment_intent: string; amount: number }[] = [];
  readonly products = new Map<string, StandinProduct>();
  readonly prices = new Map<string, StandinPrice>();
  readonly subscriptions = new Map<string, StandinSubscription>();
  /** While set, requests matching it ('METHOD /path') answer 500 as Stripe does when it has a problem. */
  outage: RegExp | null = null;
  /** Requests by method and path, e.g. 'POST /v1/checkout/sessions'. */
  readonly requests: string[] = [];
  private readonly idempotent = new Map<string, string>();
  private server: http.Server | null = null;
  url = '';

  async start(): Promise<void> {
    this.server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        const path = (req.url ?? '').split('?')[0];
        this.requests.push(`${req.method} ${path}`);
        if (this.outage?.test(`${req.method} ${path}`))
          return this.send(
            res,
            500,
            JSON.stringify({ error: { type: 'api_error', message: 'An unknown error occurred (stand-in outage).' } }),
          );
        const key = req.headers['idempotency-key'];
        const cacheKey = typeof key === 'string' ? `${req.method} ${path} ${key}` : null;
        if (cacheKey && this.idempotent.has(cacheKey)) return this.send(res, 200, this.idempotent.get(cacheKey)!);
        const { status, answer } = this.route(req.method ?? 'GET', path, new URLSearchParams(body));
        const json = JSON.stringify(answer);
        if (cacheKey && status < 300) this.idempotent.set(cacheKey, json);
        this.send(res, status, json);
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  private send(res: http.ServerResponse, status: number, json: string) {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
    res.end(json);
  }

  private route(method: string, path: string, form: URLSearchParams): { status: number; answer: unknown } {
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      let amount = 0;
      const linePrices: (string | null)[] = [];
      for (let i = 0; form.has(`line_items[${i}][quantity]`); i++) {
        const priceId = form.get(`line_items[${i}][price]`);
        if (priceId && !this.prices.get(priceId)?.active)
          return { status: 400, answer: { error: { type: 'invalid_request_error', message: `No such active price: '${priceId}'` } } };
        const unit = priceId ? this.prices.get(priceId)!.unit_amount : Number(form.get(`line_items[${i}][price_data][unit_amount]`));
        amount += Number(form.get(`line_items[${i}][quantity]`)) * unit;
        linePrices.push(priceId);
      }
      const session: StandinSession = {
        id: id('cs_test'),
        object: 'checkout.session',
        status: 'open',
        payment_status: 'unpaid',
        payment_intent: null,
        amount_total: amount,
        currency: form.get('line_items[0][price_data][currency]') ?? 'usd',
        url: '',
        expires_at: Number(form.get('expires_at')),
        success_url: form.get('success_url') ?? '',
        client_reference_id: form.get('client_reference_id'),
        metadata: { checkoutId: form.get('metadata[checkoutId]') ?? '' },
        mode: form.get('mode') ?? 'payment',
        line_prices: linePrices,
      };
      session.url = `https://checkout.stripe.test/c/pay/${session.id}`;
      this.sessions.set(session.id, session);
      return { status: 200, answer: session };
    }
    const sessionPath = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(path);
    if (sessionPath) {
      const session = this.sessions.get(sessionPath[1]);
      if (!session)
        return {
          status: 404,
          answer: { error: { type: 'invalid_request_error', message: `No such checkout.session: '${sessionPath[1]}'` } },
        };
      if (sessionPath[2] && method === 'POST') {
        if (session.status !== 'open')
          return { status: 400, answer: { error: { type: 'invalid_request_error', message: 'Only open sessions can be expired.' } } };
        session.status = 'expired';
      }
      return { status: 200, answer: session };
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const refund = {
        id: id('re'),
        object: 'refund',
        payment_intent: form.get('payment_intent')!,
        amount: Number(form.get('amount')),
        status: 'succeeded',
      };
      this.refunds.push(refund);
      return { status: 200, answer: refund };
    }
    const missing = (what: string, which: string) => ({
      status: 404,
      answer: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}: '${which}'` } },
    });
    if (method === 'POST' && path === '/v1/products') {
      const product: StandinProduct = {
        id: id('prod'),
        object: 'product',
        name: form.get('name') ?? '',
        description: form.get('description'),
        active: form.get('active') !== 'false',
        metadata: { planId: form.get('metadata[planId]') ?? '' },
      };
      this.products.set(product.id, product);
      return { status: 200, answer: product };
    }
    const productPath = /^\/v1\/products\/([^/]+)$/.exec(path);
    if (method === 'POST' && productPath) {
      const product = this.products.get(productPath[1]);
      if (!product) return missing('product', productPath[1]);
      if (form.has('name')) product.name = form.get('name')!;
      if (form.has('description')) product.description = form.get('description') || null;
      if (form.has('active')) product.active = form.get('active') === 'true';
      return { status: 200, answer: product };
    }
    if (method === 'POST' && path === '/v1/prices') {
      const productId = form.get('product') ?? '';
      if (!this.products.has(productId)) return missing('product', productId);
      const price: StandinPrice = {
        id: id('price'),
        object: 'price',
        product: productId,
        unit_amount: Number(form.get('unit_amount')),
        currency: form.get('currency') ?? 'usd',
        recurring: { interval: form.get('recurring[interval]') ?? 'month' },
        active: true,
      };
      this.prices.set(price.id, price);
      return { status: 200, answer: price };
    }
    const pricePath = /^\/v1\/prices\/([^/]+)$/.exec(path);
    if (method === 'POST' && pricePath) {
      const price = this.prices.get(pricePath[1]);
      if (!price) return missing('price', pricePath[1]);
      if (form.has('active')) price.active = form.get('active') === 'true';
      return { status: 200, answer: price };
    }
    const subPath = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (subPath) {
      const sub = this.subscriptions.get(subPath[1]);
      if (!sub) return missing('subscription', subPath[1]);
      if (method === 'GET') return { status: 200, answer: sub };
      if (sub.status === 'canceled')
        return {
          status: 400,
          answer: { error: { type: 'invalid_request_error', message: 'A canceled subscription can only update its metadata.' } },
        };
      if (method === 'DELETE') {
        Object.assign(sub, { status: 'canceled', canceled_at: Math.floor(Date.now() / 1000), cancel_at_period_end: false });
        return { status: 200, answer: sub };
      }
      if (form.has('cancel_at_period_end')) sub.cancel_at_period_end = form.get('cancel_at_period_end') === 'true';
      if (form.has('items[0][price]')) {
        const item = sub.items.data.find((i) => i.id === form.get('items[0][id]'));
        const price = this.prices.get(form.get('items[0][price]')!);
        if (!item || !price) return missing('price or subscription item', form.get('items[0][price]')!);
        item.price = price;
        sub.last_proration_behavior = form.get('proration_behavior');
      }
      if (form.has('pause_collection'))
        sub.pause_collection = null; // an empty value resumes collection
      else if (form.has('pause_collection[behavior]'))
        sub.pause_collection = {
          behavior: form.get('pause_collection[behavior]')!,
          resumes_at: form.has('pause_collection[resumes_at]') ? Number(form.get('pause_collection[resumes_at]')) : null,
        };
      return { status: 200, answer: sub };
    }
    return { status: 404, answer: { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path})` } } };
  }

  /** The customer pays: the session completes, and the checkout.session.completed event Stripe would send. */
  pay(sessionId: string): StripeEventJson {
    const session = this.sessions.get(sessionId)!;
    Object.assign(session, { status: 'complete', payment_status: 'paid', payment_intent: id('pi') });
    return this.event('checkout.session.completed', { ...session });
  }

  /** A subscription as Stripe keeps one after its checkout (on a price of ours, or an inline one). */
  addSubscription(priceId: string | null, metadata: Record<string, string> = {}): StandinSubscription {
    const sub: StandinSubscription = {
      id: id('sub'),
      object: 'subscription',
      status: 'active',
      cancel_at_period_end: false,
      canceled_at: null,
      pause_collection: null,
      items: {
        object: 'list',
        data: [{ id: id('si'), object: 'subscription_item', price: (priceId && this.prices.get(priceId)) || { id: id('price') } }],
      },
      metadata,
    };
    this.subscriptions.set(sub.id, sub);
    return sub;
  }

  /** An event as Stripe sends it, around an object. */
  event(type: string, object: object): StripeEventJson {
    return {
      id: id('evt'),
      object: 'event',
      type,
      api_version: '2026-10-28.endive',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      pending_webhooks: 1,
      data: { object },
    };
  }
}

export type StripeEventJson = { id: string; type: string; data: { object: object } } & Record<string, unknown>;

export const STANDIN_WEBHOOK_SECRET = 'whsec_standin_secret_for_tests';

/**
 * Starts `stripe` and the real API wired to it (Stripe keys, the stand-in's address, a public URL for the success
 * and cancel addresses); closing the app stops both.
 */
export async function startStripeTestApp(stripe: StripeStandin, overrides: Record<string, string> = {}): Promise<TestApp> {
  await stripe.start();
  const app = await startTestApp({
    STRIPE_SECRET_KEY: 'sk_test_standin',
    STRIPE_WEBHOOK_SECRET: STANDIN_WEBHOOK_SECRET,
    STRIPE_API_URL: stripe.url,
    PUBLIC_URL: 'http://studio.test',
    ...overrides,
  });
  return {
    ...app,
    async close() {
      await app.close();
      await stripe.stop();
    },
  };
}

/** POSTs an event to the app's webhook, signed by the stripe library (with another secret or time when asked). */
export async function deliverEvent(
  appUrl: string,
  event: object,
  opts: { secret?: string; timestamp?: number; signature?: string | null } = {},
): Promise<{ status: number; body: string }> {
  const payload = JSON.stringify(event);
  const signature =
    opts.signature === undefined
      ? Stripe.webhooks.generateTestHeaderString({ payload, secret: opts.secret ?? STANDIN_WEBHOOK_SECRET, timestamp: opts.timestamp })
      : opts.signature;
  const res = await fetch(`${appUrl}/api/stripe/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
    body: payload,
  });
  return { status: res.status, body: await res.text() };
}
