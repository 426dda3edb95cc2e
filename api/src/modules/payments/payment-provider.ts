import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import Stripe from 'stripe';
import type { Env } from '../../env.js';

/** Spec §6 of the issue: the test provider, Stripe's test mode, or Stripe live. */
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
  /** Stripe only: the test provider's subscription checkout is played by memberships (see rest/stripe-webhook.ts). */
  createSubscriptionCheckout?(req: SubscriptionCheckoutRequest): Promise<{ id: string; url: string }>;
}

/** Stripe's webhook tolerance: a signature older than this (seconds) is refused, so a captured event cannot be replayed. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;
export const CURRENCY = 'usd';

/** Checks a webhook's signature with the stripe library and answers the event; throws when it is bad or stale. */
export function verifiedEvent(rawBody: Buffer, signature: string | undefined, secret: string): Stripe.Event {
  if (!signature) throw new Error('No Stripe-Signature header.');
  return Stripe.webhooks.constructEvent(rawBody, signature, secret, WEBHOOK_TOLERANCE_SECONDS);
}

/** Signs a payload as Stripe would (the test provider's events, and tests). */
export function signedHeader(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });
}

/** Stripe Checkout in payment mode, through the official SDK. */
export class StripeProvider implements PaymentProvider {
  readonly mode: PaymentMode;
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
          {
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

/** The test provider's webhook secret: generated once and kept in the data folder, never hard-coded. */
export function testProviderSecret(dataDir: string): string {
  const file = path.join(dataDir, 'payments-test-webhook-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = `whsec_${randomBytes(24).toString('hex')}`;
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** Which provider this install uses: Stripe with both keys; the test provider on the embedded database (or when asked). */
export function providerMode(env: Env): PaymentMode | null {
  if (env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET)
    return env.STRIPE_SECRET_KEY.startsWith('sk_live_') ? 'stripe_live' : 'stripe_test';
  if (!env.DATABASE_URL || env.PAYMENTS_TEST_PROVIDER === '1') return 'test_provider';
  return null;
}
