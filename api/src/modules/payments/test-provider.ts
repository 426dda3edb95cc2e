import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { CheckoutRequest, PaymentProvider, ProviderSession } from './payment-provider.js';
import { CheckoutStatus, type CheckoutSession } from './checkout-session.entity.js';

/** What the test provider needs of the payments service: its sessions, and the webhook to send events to. */
export interface TestProviderHooks {
  session(providerSessionId: string): Promise<CheckoutSession | null>;
  /** Delivers a signed event to the webhook handler, exactly as an HTTP delivery would. */
  deliver(event: object): Promise<{ status: number }>;
}

/**
 * The token a test payment link carries: a signature over the session and its payer (the member, or the front desk
 * for a sale without one), so only the link checkout handed out can pay that session, and only once (a paid session
 * is no longer open).
 */
export function testPaymentToken(secret: string, providerSessionId: string, ownerId: string | null): string {
  return createHmac('sha256', secret)
    .update(`test-payment\n${providerSessionId}\n${ownerId ?? 'front-desk'}`)
    .digest('base64url');
}

/** Whether `token` is the one testPaymentToken gives for this session and payer (compared in constant time). */
export function isTestPaymentToken(secret: string, providerSessionId: string, ownerId: string | null, token: unknown): boolean {
  if (typeof token !== 'string' || token.length === 0 || token.length > 100) return false;
  const expected = Buffer.from(testPaymentToken(secret, providerSessionId, ownerId));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** A test payment page's address: its payment link, with the token that lets its payer pay. */
export function testPaymentUrl(publicUrl: string, page: 'test-checkout' | 'test-subscribe', id: string, token: string): string {
  return `${publicUrl}/api/stripe/${page}/${encodeURIComponent(id)}?token=${encodeURIComponent(token)}`;
}

/** The payment the test provider "takes" for a session: derived, so every event about it names the same one. */
export const testPaymentIntent = (session: CheckoutSession) => `pi_test_local_${session.id.replace(/-/g, '')}`;

/** The checkout.session object of an event, shaped as Stripe sends it (the fields fulfilment reads). */
export function checkoutSessionObject(session: CheckoutSession, status: 'open' | 'complete' | 'expired', paid: boolean) {
  return {
    id: session.providerSessionId,
    object: 'checkout.session',
    status,
    payment_status: paid ? 'paid' : 'unpaid',
    payment_intent: paid ? testPaymentIntent(session) : null,
    amount_total: session.amountCents,
    currency: 'usd',
    client_reference_id: session.id,
    metadata: { checkoutId: session.id },
  };
}

/** An event as Stripe would send it. */
export function stripeEvent(type: string, object: object) {
  return {
    id: `evt_test_local_${randomBytes(12).toString('hex')}`,
    object: 'event',
    type,
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    data: { object },
  };
}

/**
 * The built-in payment provider for laptop installs (no Stripe keys, embedded database): checkout goes to our own
 * "Test payment — no card is charged" page, whose Pay and Cancel produce events signed with the stripe library and
 * delivered to the same webhook handler, so the same fulfilment code runs as with Stripe.
 */
export class TestPaymentProvider implements PaymentProvider {
  readonly mode = 'test_provider' as const;

  constructor(
    readonly webhookSecret: string,
    private readonly publicUrl: string,
    private readonly hooks: TestProviderHooks,
  ) {}

  async createCheckoutSession(req: CheckoutRequest): Promise<{ id: string; url: string }> {
    const id = `cs_test_local_${randomBytes(16).toString('hex')}`;
    // The page is served where the member will come back to (the success address's origin), as Stripe's returns there.
    const base = URL.canParse(req.successUrl) ? new URL(req.successUrl).origin : this.publicUrl;
    return { id, url: testPaymentUrl(base, 'test-checkout', id, testPaymentToken(this.webhookSecret, id, req.ownerId)) };
  }

  /** Whether a Pay carries the token of this session's link. */
  mayPay(session: CheckoutSession, token: unknown): boolean {
    return isTestPaymentToken(this.webhookSecret, session.providerSessionId, session.owner?.id ?? null, token);
  }

  async retrieveCheckoutSession(id: string): Promise<ProviderSession> {
    const session = await this.hooks.session(id);
    if (!session) throw new Error(`No such checkout session: ${id}`);
    const paid = session.status === CheckoutStatus.completed;
    return {
      id,
      url: session.url,
      status: paid ? 'complete' : session.status === CheckoutStatus.open && session.expiresAt > new Date() ? 'open' : 'expired',
      paymentStatus: paid ? 'paid' : 'unpaid',
      paymentIntentId: paid ? testPaymentIntent(session) : null,
    };
  }

  async expireCheckoutSession(id: string): Promise<void> {
    const session = await this.hooks.session(id);
    if (!session || session.status !== CheckoutStatus.open) return;
    await this.hooks.deliver(stripeEvent('checkout.session.expired', checkoutSessionObject(session, 'expired', false)));
  }

  /** The Pay button: the session is paid, and checkout.session.completed goes to the webhook. */
  async pay(id: string): Promise<boolean> {
    const session = await this.hooks.session(id);
    if (!session || session.status !== CheckoutStatus.open || session.expiresAt <= new Date()) return false;
    const { status } = await this.hooks.deliver(
      stripeEvent('checkout.session.completed', checkoutSessionObject(session, 'complete', true)),
    );
    return status < 300;
  }

  async refund(req: { paymentIntentId: string; amountCents: number; idempotencyKey: string }): Promise<{ id: string }> {
    return { id: `re_test_local_${req.idempotencyKey.slice(-24)}` };
  }
}
