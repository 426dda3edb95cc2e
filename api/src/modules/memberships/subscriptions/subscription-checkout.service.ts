import type { EntityManager } from '@mikro-orm/postgresql';
import { badInput, conflict, notFound } from '../../../graphql/errors.js';
import { NOT_SET_UP_MESSAGE } from '../../payments/payment-provider.js';
import { randomBytes } from 'node:crypto';
import type { PaymentService } from '../../payments/payments.service.js';
import { isTestPaymentToken, testPaymentToken, testPaymentUrl } from '../../payments/test-provider.js';
import { User } from '../../users/user.entity.js';
import type { Actor } from '../../users/role.js';
import { Membership, MembershipCheckout, MembershipCheckoutStatus, MembershipPlan, MembershipStatus } from '../membership.entity.js';
import { LIVE, periodEnd } from '../membership-terms.js';
import type { PlanService } from '../plans/plan.service.js';

/** How long a subscription checkout stays open at Stripe (a day), less a margin. */
const OPEN_CHECKOUT_MS = 23 * 3600_000;

/** Subscribing to a plan: one open checkout per member and plan (Stripe's, or the built-in test provider's page). */
export class SubscriptionCheckoutService {
  constructor(
    private readonly payments: PaymentService,
    private readonly plans: PlanService,
    private readonly publicUrl: string,
  ) {}

  /**
   * Starts Checkout in subscription mode for a plan (Stripe), or the built-in test provider's page. The membership is
   * made by the webhook when the checkout completes; /membership-success?session_id= shows it then.
   */
  async subscribe(em: EntityManager, actor: User, planId: string, appOrigin?: string | null): Promise<{ url: string; sessionId: string }> {
    // One at a time per member and plan, so two tabs or concurrent requests get the same open checkout.
    return em.transactional(async (tx) => {
      await tx
        .getConnection()
        .execute(
          `select pg_advisory_xact_lock(hashtext('subscribe:' || ? || ':' || ?))`,
          [actor.id, planId],
          'get',
          tx.getTransactionContext(),
        );
      return this.subscribeLocked(tx, actor, planId, appOrigin ?? this.publicUrl);
    });
  }

  /** `base`: the app's origin the member returns to (their browser's, else PUBLIC_URL). */
  private async subscribeLocked(em: EntityManager, actor: User, planId: string, base: string): Promise<{ url: string; sessionId: string }> {
    const provider = this.payments.provider;
    if (!provider) throw badInput(NOT_SET_UP_MESSAGE);
    const plan = await em.findOne(MembershipPlan, { id: planId, active: true });
    if (!plan) throw notFound('That plan');
    if ((await em.count(Membership, { holder: actor.id, plan: plan.id, status: { $in: [...LIVE, MembershipStatus.suspended] } })) > 0)
      throw conflict(`You already have a ${plan.name} membership.`);
    // The member's checkout for this plan that is still open answers again (Stripe keeps one open for a day).
    const open = await em.findOne(
      MembershipCheckout,
      {
        owner: actor.id,
        plan: plan.id,
        status: MembershipCheckoutStatus.open,
        createdAt: { $gt: new Date(Date.now() - OPEN_CHECKOUT_MS) },
      },
      { orderBy: { createdAt: 'desc' } },
    );
    if (open) {
      const url = await this.openCheckoutUrl(open.providerSessionId, actor.id, base);
      if (url) return { url, sessionId: open.providerSessionId };
    }
    // A plan made before Stripe was connected gets its product and price now.
    if (this.plans.billing && !plan.stripePriceId) await this.plans.syncPlan(plan, true, 'the checkout could not start');
    const successUrl = `${base}/membership-success?session_id={CHECKOUT_SESSION_ID}`;
    let session: { id: string; url: string };
    if (provider.mode === 'test_provider') {
      const id = `cs_test_local_sub_${randomBytes(16).toString('hex')}`;
      session = { id, url: testPaymentUrl(base, 'test-subscribe', id, testPaymentToken(provider.webhookSecret, id, actor.id)) };
    } else if (provider.createSubscriptionCheckout) {
      session = await provider.createSubscriptionCheckout({
        idempotencyKey: `subscribe:${actor.id}:${plan.id}:${Math.floor(Date.now() / 60_000)}`,
        planName: plan.name,
        priceCents: plan.priceCents,
        interval: plan.interval,
        signUpFeeCents: plan.signUpFeeCents,
        successUrl,
        cancelUrl: `${base}/memberships?checkout=cancelled`,
        customerEmail: actor.email,
        metadata: { userId: actor.id, planId: plan.id },
        priceId: plan.stripePriceId,
      });
    } else throw badInput(NOT_SET_UP_MESSAGE);
    em.create(MembershipCheckout, { providerSessionId: session.id, owner: em.getReference(User, actor.id), plan });
    await em.flush();
    return { url: session.url, sessionId: session.id };
  }

  /** The payment page of a subscription checkout while it is still open, else null. */
  private async openCheckoutUrl(providerSessionId: string, ownerId: string, base: string): Promise<string | null> {
    const provider = this.payments.provider!;
    if (provider.mode === 'test_provider')
      return testPaymentUrl(
        base,
        'test-subscribe',
        providerSessionId,
        testPaymentToken(provider.webhookSecret, providerSessionId, ownerId),
      );
    try {
      const remote = await provider.retrieveCheckoutSession(providerSessionId);
      return remote.status === 'open' && remote.url ? remote.url : null;
    } catch {
      return null;
    }
  }

  /** /membership-success: the member's checkout, with its membership once the webhook has made it. */
  async checkoutResult(em: EntityManager, actor: Actor, sessionId: string): Promise<MembershipCheckout> {
    const checkout = await em.findOne(MembershipCheckout, { providerSessionId: sessionId }, { populate: ['plan', 'membership.plan'] });
    if (!checkout || checkout.owner.id !== actor.id) throw notFound('That checkout');
    return checkout;
  }

  /**
   * The test provider's Pay for a subscription: the events Stripe would send (the session completed, the first
   * invoice paid), signed and delivered to the same webhook handler. False when the checkout is not open.
   */
  async payTestCheckout(em: EntityManager, sessionId: string): Promise<boolean> {
    const checkout = await em.findOne(MembershipCheckout, { providerSessionId: sessionId }, { populate: ['plan'] });
    if (!checkout || checkout.status !== MembershipCheckoutStatus.open || this.payments.provider?.mode !== 'test_provider') return false;
    const subscription = `sub_test_local_${checkout.id.replace(/-/g, '')}`;
    const metadata = { userId: checkout.owner.id, planId: checkout.plan.id };
    const start = new Date();
    const end = periodEnd(start, checkout.plan.interval);
    const created = Math.floor(start.getTime() / 1000);
    const event = (type: string, object: object) => ({
      id: `evt_test_local_${randomBytes(12).toString('hex')}`,
      object: 'event',
      type,
      created,
      livemode: false,
      data: { object },
    });
    const completed = await this.payments.deliverSigned(
      event('checkout.session.completed', {
        id: sessionId,
        object: 'checkout.session',
        mode: 'subscription',
        status: 'complete',
        payment_status: 'paid',
        subscription,
        metadata,
      }),
    );
    const invoice = await this.payments.deliverSigned(
      event('invoice.paid', {
        id: `in_test_local_${randomBytes(12).toString('hex')}`,
        object: 'invoice',
        amount_paid: checkout.plan.priceCents + checkout.plan.signUpFeeCents,
        payment_intent: `pi_test_local_${checkout.id.replace(/-/g, '')}`,
        parent: { type: 'subscription_details', subscription_details: { subscription, metadata } },
        lines: { data: [{ period: { start: created, end: Math.floor(end.getTime() / 1000) } }] },
      }),
    );
    return completed.status < 300 && invoice.status < 300;
  }

  /** Whether a Pay on the test subscription page carries the token of the checkout's own link. */
  mayPayTestCheckout(checkout: MembershipCheckout, token: unknown): boolean {
    const provider = this.payments.provider;
    return (
      provider?.mode === 'test_provider' && isTestPaymentToken(provider.webhookSecret, checkout.providerSessionId, checkout.owner.id, token)
    );
  }

  /** The test provider's subscription page (plan, price, sign-up fee), or null when there is no such open checkout. */
  async testCheckout(em: EntityManager, sessionId: string): Promise<MembershipCheckout | null> {
    if (this.payments.provider?.mode !== 'test_provider') return null;
    return em.findOne(MembershipCheckout, { providerSessionId: sessionId }, { populate: ['plan'] });
  }
}
