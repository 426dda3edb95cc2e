import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import Stripe from 'stripe';
import type { Env } from '../../env.js';
import { RefusalReason, conflict } from '../../graphql/errors.js';

export const NOT_SET_UP_MESSAGE =
  'Payments are not set up: the studio has not connected a payment provider yet. Please pay at the front desk.';

/** What start-up prints when checkout uses the built-in test provider. */
export const TEST_MODE_STARTUP_LINE =
  'Test mode — no card is charged: checkout uses the built-in test provider. To take payments set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET (Admin → Stripe).';

/** The provider, or a refusal telling the member payments are not set up. */
export function requireProvider(provider: PaymentProvider | null): PaymentProvider {
  if (!provider) throw conflict(NOT_SET_UP_MESSAGE, RefusalReason.PAYMENTS_NOT_SET_UP);
  return provider;
}

/** Who takes payments: the test provider, Stripe's test mode, or Stripe live. */
export type PaymentMode = 'test_provider' | 'stripe_test' | 'stripe_live';

export interface CheckoutRequest {
  /** The same key gives the same session (a retried request, a double click). */
  idempotencyKey: string;
  lines: { name: string; unitCents: number; quantity: number }[];
  successUrl: string;
  cancelUrl: string;
  expiresAt: Date;
  customerEmail: string | null;
  /** Our checkout session id, carried back in every event about the session. */
  checkoutId: string;
  /** Who pays: the member whose cart it is, or null for a front-desk sale. */
  ownerId: string | null;
}

export interface ProviderSession {
  id: string;
  url: string;
  status: Stripe.Checkout.Session.Status;
  paymentStatus: Stripe.Checkout.Session.PaymentStatus;
  paymentIntentId: string | null;
}

/** Checkout in subscription mode: a membership plan billed every month or year, with an optional sign-up fee. */
export interface SubscriptionCheckoutRequest {
  idempotencyKey: string;
  planName: string;
  priceCents: number;
  interval: 'month' | 'year';
  signUpFeeCents: number;
  successUrl: string;
  cancelUrl: string;
  customerEmail: string | null;
  /** Set on the subscription too, so every event about it (and its invoices) names the member and the plan. */
  metadata: Record<string, string>;
  /** The plan's own recurring price at Stripe (plans synced to products and prices); price_data inline without it. */
  priceId?: string | null;
}

/** A membership plan as a Stripe product (name, description, on offer or not). */
export interface PlanProduct {
  planId: string;
  productId: string | null;
  name: string;
  description: string;
  active: boolean;
}

/** What a membership's subscription changes to (each field only when given). */
export interface SubscriptionChange {
  cancelAtPeriodEnd?: boolean;
  /** The price from the next period on: no proration, the next renewal bills it. */
  priceId?: string;
  /** Collection paused until this moment (invoices in between are voided); null resumes collection. */
  pauseUntil?: Date | null;
}

/**
 * Stripe only: membership plans as products and recurring prices, and changes to members' subscriptions. The test
 * provider has none of these (its subscriptions are played locally), so memberships skips them there.
 */
export interface SubscriptionBilling {
  /** Creates the plan's product, or updates it; answers its id. */
  saveProduct(req: PlanProduct, idempotencyKey: string): Promise<string>;
  /** A new recurring price of a product (Stripe prices never change: a new amount is a new price). */
  createPrice(
    req: { productId: string; unitCents: number; interval: 'month' | 'year'; planId: string },
    idempotencyKey: string,
  ): Promise<string>;
  /** The price is no longer offered (subscriptions already on it keep it). */
  archivePrice(priceId: string): Promise<void>;
  updateSubscription(subscriptionId: string, change: SubscriptionChange): Promise<void>;
  /** Ends the subscription at once (no proration invoice: a refund is made separately). */
  cancelSubscription(subscriptionId: string): Promise<void>;
}

/**
 * What checkout needs of a payment provider: Stripe Checkout through the real SDK, or the built-in test provider
 * that plays Stripe's part on a laptop. Either way, what happens next arrives as signed events at the webhook.
 */
export interface PaymentProvider {
  readonly mode: PaymentMode;
  /** The secret the webhook's signatures are made with. */
  readonly webhookSecret: string;
  createCheckoutSession(req: CheckoutRequest): Promise<{ id: string; url: string }>;
  retrieveCheckoutSession(id: string): Promise<ProviderSession>;
  expireCheckoutSession(id: string): Promise<void>;
  refund(req: { paymentIntentId: string; amountCents: number; idempotencyKey: string }): Promise<{ id: string }>;
  /** Stripe only: the test provider's subscription checkout is played by memberships (see memberships.routes.ts). */
  createSubscriptionCheckout?(req: SubscriptionCheckoutRequest): Promise<{ id: string; url: string }>;
  /** Stripe only: plans as products and prices, and changes to subscriptions. */
  readonly billing?: SubscriptionBilling;
}

/** Stripe's webhook tolerance: a signature older than this (seconds) is refused, so a captured event cannot be replayed. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;
export const CURRENCY = 'usd';

/**
 * Checks a webhook's signature with the stripe library and answers the event; throws when it is bad, stale, or
 * signed more than the tolerance in the future (the library checks only the past), so a signature made with a
 * clock set ahead cannot be kept and replayed later.
 */
export function verifiedEvent(rawBody: Buffer, signature: string | undefined, secret: string, now = Date.now()): Stripe.Event {
  if (!signature) throw new Error('No Stripe-Signature header.');
  const event = Stripe.webhooks.constructEvent(rawBody, signature, secret, WEBHOOK_TOLERANCE_SECONDS);
  const signedAt = Number(/(?:^|,)\s*t=(\d+)/.exec(signature)?.[1]);
  if (!(signedAt * 1000 <= now + WEBHOOK_TOLERANCE_SECONDS * 1000)) throw new Error('The signature is dated in the future.');
  return event;
}

/** Signs a payload as Stripe would (the test provider's events, and tests). */
export function signedHeader(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });
}

/** Stripe Checkout in payment mode, through the official SDK. */
export class StripeProvider implements PaymentProvider {
  readonly mode: PaymentMode;
  readonly billing: SubscriptionBilling;
  private readonly stripe: Stripe;

  constructor(
    secretKey: string,
    readonly webhookSecret: string,
    apiUrl?: string,
  ) {
    this.mode = secretKey.startsWith('sk_live_') ? 'stripe_live' : 'stripe_test';
    const api = apiUrl ? new URL(apiUrl) : null;
    this.stripe = new Stripe(secretKey, {
      ...(api
        ? {
            host: api.hostname,
            port: Number(api.port || (api.protocol === 'https:' ? 443 : 80)),
            protocol: api.protocol === 'https:' ? 'https' : 'http',
            maxNetworkRetries: 0,
          }
        : { maxNetworkRetries: 2 }),
      timeout: 20_000,
    });
    this.billing = new StripeBilling(this.stripe);
  }

  async createCheckoutSession(req: CheckoutRequest): Promise<{ id: string; url: string }> {
    const session = await this.stripe.checkout.sessions.create(
      {
        mode: 'payment',
        line_items: req.lines.map((line) => ({
          quantity: line.quantity,
          price_data: { currency: CURRENCY, unit_amount: line.unitCents, product_data: { name: line.name.slice(0, 250) } },
        })),
        success_url: req.successUrl,
        cancel_url: req.cancelUrl,
        expires_at: Math.floor(req.expiresAt.getTime() / 1000),
        client_reference_id: req.checkoutId,
        metadata: { checkoutId: req.checkoutId },
        ...(req.customerEmail ? { customer_email: req.customerEmail } : {}),
      },
      { idempotencyKey: req.idempotencyKey },
    );
    if (!session.url) throw new Error('Stripe answered a checkout session without a url.');
    return { id: session.id, url: session.url };
  }

  async createSubscriptionCheckout(req: SubscriptionCheckoutRequest): Promise<{ id: string; url: string }> {
    const session = await this.stripe.checkout.sessions.create(
      {
        mode: 'subscription',
        line_items: [
          req.priceId
            ? { quantity: 1, price: req.priceId }
            : {
                quantity: 1,
                price_data: {
                  currency: CURRENCY,
                  unit_amount: req.priceCents,
                  recurring: { interval: req.interval },
                  product_data: { name: req.planName.slice(0, 250) },
                },
              },
          ...(req.signUpFeeCents > 0
            ? [{ quantity: 1, price_data: { currency: CURRENCY, unit_amount: req.signUpFeeCents, product_data: { name: 'Sign-up fee' } } }]
            : []),
        ],
        success_url: req.successUrl,
        cancel_url: req.cancelUrl,
        metadata: req.metadata,
        subscription_data: { metadata: req.metadata },
        ...(req.customerEmail ? { customer_email: req.customerEmail } : {}),
      },
      { idempotencyKey: req.idempotencyKey },
    );
    if (!session.url) throw new Error('Stripe answered a checkout session without a url.');
    return { id: session.id, url: session.url };
  }

  async retrieveCheckoutSession(id: string): Promise<ProviderSession> {
    const s = await this.stripe.checkout.sessions.retrieve(id);
    return {
      id: s.id,
      url: s.url ?? '',
      status: s.status ?? 'open',
      paymentStatus: s.payment_status,
      paymentIntentId: typeof s.payment_intent === 'string' ? s.payment_intent : (s.payment_intent?.id ?? null),
    };
  }

  async expireCheckoutSession(id: string): Promise<void> {
    await this.stripe.checkout.sessions.expire(id);
  }

  async refund(req: { paymentIntentId: string; amountCents: number; idempotencyKey: string }): Promise<{ id: string }> {
    const refund = await this.stripe.refunds.create(
      { payment_intent: req.paymentIntentId, amount: req.amountCents },
      { idempotencyKey: req.idempotencyKey },
    );
    return { id: refund.id };
  }
}

/** Plans and subscriptions at Stripe, through the official SDK. */
class StripeBilling implements SubscriptionBilling {
  constructor(private readonly stripe: Stripe) {}

  async saveProduct(req: PlanProduct, idempotencyKey: string): Promise<string> {
    const fields = { name: req.name.slice(0, 250), active: req.active, ...(req.description ? { description: req.description } : {}) };
    if (req.productId) {
      // An emptied description is unset ('' is Stripe's way to clear a field).
      await this.stripe.products.update(req.productId, { ...fields, description: req.description.slice(0, 5000) });
      return req.productId;
    }
    const product = await this.stripe.products.create({ ...fields, metadata: { planId: req.planId } }, { idempotencyKey });
    return product.id;
  }

  async createPrice(
    req: { productId: string; unitCents: number; interval: 'month' | 'year'; planId: string },
    idempotencyKey: string,
  ): Promise<string> {
    const price = await this.stripe.prices.create(
      {
        product: req.productId,
        currency: CURRENCY,
        unit_amount: req.unitCents,
        recurring: { interval: req.interval },
        metadata: { planId: req.planId },
      },
      { idempotencyKey },
    );
    return price.id;
  }

  async archivePrice(priceId: string): Promise<void> {
    await this.stripe.prices.update(priceId, { active: false });
  }

  async updateSubscription(subscriptionId: string, change: SubscriptionChange): Promise<void> {
    const params: Stripe.SubscriptionUpdateParams = {};
    if (change.cancelAtPeriodEnd !== undefined) params.cancel_at_period_end = change.cancelAtPeriodEnd;
    if (change.priceId) {
      const sub = await this.stripe.subscriptions.retrieve(subscriptionId);
      const item = sub.items.data[0];
      if (!item) throw new Error(`Subscription ${subscriptionId} has no item to change.`);
      params.items = [{ id: item.id, price: change.priceId }];
      params.proration_behavior = 'none';
    }
    if (change.pauseUntil !== undefined)
      params.pause_collection = change.pauseUntil ? { behavior: 'void', resumes_at: Math.floor(change.pauseUntil.getTime() / 1000) } : '';
    await this.stripe.subscriptions.update(subscriptionId, params);
  }

  async cancelSubscription(subscriptionId: string): Promise<void> {
    try {
      await this.stripe.subscriptions.cancel(subscriptionId, { prorate: false, invoice_now: false });
    } catch (err) {
      // Cancelled already (a retry after our commit failed, or the dashboard): that is what was asked.
      if (!(err instanceof Stripe.errors.StripeInvalidRequestError)) throw err;
      const sub = await this.stripe.subscriptions.retrieve(subscriptionId);
      if (sub.status !== 'canceled') throw err;
    }
  }
}

/** The test provider's webhook secret: generated once and kept in the data folder, never hard-coded. */
export function testProviderSecret(dataDir: string): string {
  const file = path.join(dataDir, 'payments-test-webhook-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = `whsec_${randomBytes(24).toString('hex')}`;
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * Which provider this install uses: Stripe with both keys. Without them, the built-in test provider where it is
 * chosen (PAYMENTS_TEST_PROVIDER=1), or by default where the install is clearly a laptop demo: the embedded database
 * and an address on this machine only (PUBLIC_URL unset, localhost or a loopback address). A server (PUBLIC_URL a
 * real address, or DATABASE_URL) gets no provider: checkout answers "Payments are not set up".
 * PAYMENTS_TEST_PROVIDER=0 turns it off everywhere.
 */
export function providerMode(env: Env): PaymentMode | null {
  if (env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET)
    return env.STRIPE_SECRET_KEY.startsWith('sk_live_') ? 'stripe_live' : 'stripe_test';
  if (env.PAYMENTS_TEST_PROVIDER !== undefined) return env.PAYMENTS_TEST_PROVIDER === '1' ? 'test_provider' : null;
  return !env.DATABASE_URL && isLoopbackUrl(env.publicUrl) ? 'test_provider' : null;
}

/** Whether an address names this machine only (localhost, 127.0.0.0/8, ::1). */
export function isLoopbackUrl(url: string): boolean {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host.endsWith('.localhost') || /^127(\.\d{1,3}){3}$/.test(host) || host === '::1';
}
