import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import { formatMoney, fullName } from '@studio/rules';
import type Stripe from 'stripe';
import { describeStudioDay } from '../../common/studio-time.js';
import { providerUnavailable } from '../../graphql/errors.js';
import { log } from '../../logger.js';
import { NotificationType } from '../notifications/notification.entity.js';
import type { NotificationService } from '../notifications/notification.service.js';
import type { Order } from '../payments/order.entity.js';
import type { PaymentService } from '../payments/payments.service.js';
import { User } from '../users/user.entity.js';
import { Membership, MembershipCheckout, MembershipCheckoutStatus, MembershipPlan, MembershipStatus } from './membership.entity.js';
import { LIVE, periodEnd } from './membership-terms.js';
import type { MembershipService } from './memberships.service.js';

/** The subscription and invoice events memberships follow (payments records each once and calls us in its transaction). */
export const MEMBERSHIP_EVENTS = [
  'checkout.session.completed',
  'invoice.paid',
  'invoice.payment_failed',
  'customer.subscription.updated',
  'customer.subscription.deleted',
];

/** Who and which plan: set as the subscription's metadata at checkout, and copied by Stripe onto its invoices. */
interface SubscriptionMeta {
  userId?: string;
  planId?: string;
}

const seconds = (s: number | null | undefined) => (s ? new Date(s * 1000) : null);
const idOf = (ref: string | { id: string } | null | undefined) => (typeof ref === 'string' ? ref : (ref?.id ?? null));

/** An invoice as the events carry it: its subscription (old and new API shapes) and the period it pays for. */
function invoiceFacts(invoice: Stripe.Invoice) {
  const legacy = invoice as unknown as { subscription?: string | { id: string } | null };
  const details = invoice.parent?.subscription_details;
  const subscriptionId = idOf(legacy.subscription) ?? idOf(details?.subscription as string | { id: string } | null | undefined);
  const line = invoice.lines?.data?.[0];
  return {
    subscriptionId,
    meta: (details?.metadata ?? {}) as SubscriptionMeta,
    periodStart: seconds(line?.period?.start),
    periodEnd: seconds(line?.period?.end),
  };
}

/** The payment an invoice was paid with (top level in older API versions, in its payments list in newer ones). */
function paymentIntentOf(invoice: Stripe.Invoice): string | null {
  const legacy = invoice as unknown as { payment_intent?: string | { id: string } | null };
  const payments = (invoice as unknown as { payments?: { data?: { payment?: { payment_intent?: string | { id: string } | null } }[] } })
    .payments;
  return idOf(legacy.payment_intent) ?? payments?.data?.map((p) => idOf(p.payment?.payment_intent)).find(Boolean) ?? null;
}

/** A subscription's current period (top level in older API versions, on its items in newer ones). */
function subscriptionPeriod(sub: Stripe.Subscription): { start: Date | null; end: Date | null } {
  const legacy = sub as unknown as { current_period_start?: number; current_period_end?: number };
  const item = sub.items?.data?.[0];
  return {
    start: seconds(legacy.current_period_start ?? item?.current_period_start),
    end: seconds(legacy.current_period_end ?? item?.current_period_end),
  };
}

/**
 * The provider's period replaces one of our reckoning (a membership made from its checkout event alone), whichever
 * ends first. A paid-through that was only our reckoning's end is forgotten: the invoice events say what is paid.
 */
function adoptPeriod(m: Membership, start: Date | null, end: Date): void {
  if (m.paidThrough?.getTime() === m.currentPeriodEnd.getTime()) m.paidThrough = null;
  m.currentPeriodStart = start ?? m.currentPeriodStart;
  m.currentPeriodEnd = end;
  m.periodFromProvider = true;
}

/**
 * Applies subscription events to memberships. Every event may arrive late, early or again: the membership is found
 * (or made) by its subscription id under a row lock; periods only move forward; a failed payment for a period already
 * paid through is stale; a cancelled membership never comes back; subscription states older than the one applied are
 * ignored. Repeats of one event id never reach here (payments records ids).
 */
export class MembershipWebhooks {
  constructor(
    private readonly memberships: MembershipService,
    private readonly notifications: NotificationService,
    private readonly payments: PaymentService,
    private readonly timeZone: string,
  ) {}

  /** Applies a provider event to its membership; what changed of it is announced (membership.changed). */
  async handle(tx: EntityManager, event: Stripe.Event): Promise<void> {
    await this.apply(tx, event);
    await this.memberships.announcer.flush(tx);
  }

  private async apply(tx: EntityManager, event: Stripe.Event): Promise<void> {
    switch (event.type) {
      case 'checkout.session.completed': {
        const session = event.data.object;
        if (session.mode !== 'subscription') return;
        const m = await this.find(tx, idOf(session.subscription), (session.metadata ?? {}) as SubscriptionMeta);
        if (!m) return;
        if (!m.paidThrough) m.paidThrough = m.currentPeriodEnd;
        // /membership-success shows the membership from here on.
        await tx.nativeUpdate(
          MembershipCheckout,
          { providerSessionId: session.id },
          { status: MembershipCheckoutStatus.completed, membership: m.id },
        );
        return;
      }
      case 'invoice.paid': {
        const invoice = event.data.object;
        const facts = invoiceFacts(invoice);
        const m = await this.find(tx, facts.subscriptionId, facts.meta, facts.periodStart, facts.periodEnd);
        if (!m || !facts.periodEnd) return;
        if (!m.periodFromProvider) adoptPeriod(m, facts.periodStart, facts.periodEnd);
        if (!m.paidThrough || facts.periodEnd > m.paidThrough) m.paidThrough = facts.periodEnd;
        if (facts.periodEnd > m.currentPeriodEnd) this.memberships.renew(m, facts.periodStart ?? m.currentPeriodEnd, facts.periodEnd);
        if (m.status !== MembershipStatus.canceled && m.paidThrough >= m.currentPeriodEnd) {
          if (m.status === MembershipStatus.past_due || m.status === MembershipStatus.suspended) m.status = MembershipStatus.active;
          m.pastDueSince = null;
          m.failedPayments = 0;
        }
        // The payment is an order of the holder's (once per invoice, on the plan it paid for): what an admin's
        // "end now with refund" refunds.
        if (invoice.id && facts.subscriptionId) {
          const order = await this.payments.recordSubscriptionPayment(tx, {
            ownerId: m.holder.id,
            providerInvoiceId: invoice.id,
            providerSubscriptionId: facts.subscriptionId,
            paymentIntentId: paymentIntentOf(invoice),
            totalCents: invoice.amount_paid ?? 0,
            periodEnd: facts.periodEnd,
            description: `${m.plan.name} membership, ${describeStudioDay(facts.periodStart ?? m.currentPeriodStart, this.timeZone)} to ${describeStudioDay(facts.periodEnd, this.timeZone)}`,
          });
          if (m.duplicate && order) await this.refundDuplicate(tx, m, order, invoice.id);
        }
        return;
      }
      case 'invoice.payment_failed': {
        const invoice = event.data.object;
        const facts = invoiceFacts(invoice);
        const m = await this.find(tx, facts.subscriptionId, facts.meta, facts.periodStart, facts.periodEnd);
        if (!m || m.status === MembershipStatus.canceled) return;
        // Paid through this period already (a retry succeeded, delivered before this): nothing failed any more.
        if (facts.periodEnd && !m.periodFromProvider) adoptPeriod(m, facts.periodStart, facts.periodEnd);
        if (m.paidThrough && facts.periodEnd && facts.periodEnd <= m.paidThrough) return;
        if (facts.periodEnd && facts.periodEnd > m.currentPeriodEnd) {
          m.currentPeriodStart = facts.periodStart ?? m.currentPeriodEnd;
          m.currentPeriodEnd = facts.periodEnd;
        }
        const failedAt = seconds(event.created) ?? new Date();
        if (!m.pastDueSince || failedAt < m.pastDueSince) m.pastDueSince = failedAt;
        m.failedPayments += 1;
        if (m.status === MembershipStatus.active || m.status === MembershipStatus.paused) m.status = MembershipStatus.past_due;
        await this.notifications.add(tx, this.notifications.recipientOf(m.holder), {
          type: NotificationType.other,
          title: 'Membership payment failed',
          message: `We could not take the payment for your ${m.plan.name} membership. Please update your card within the grace period so your classes stay covered.`,
          link: '/memberships',
          dedupeKey: `membership_payment_failed:${invoice.id}`,
        });
        return;
      }
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted': {
        const sub = event.data.object;
        const period = subscriptionPeriod(sub);
        const m = await this.find(tx, sub.id, (sub.metadata ?? {}) as SubscriptionMeta, period.start, period.end);
        if (!m) return;
        const stateAt = seconds(event.created) ?? new Date();
        if (event.type === 'customer.subscription.deleted' || sub.status === 'canceled') {
          m.status = MembershipStatus.canceled;
          m.canceledAt ??= seconds(sub.canceled_at) ?? stateAt;
          m.cancelAtPeriodEnd = false;
          return;
        }
        if (m.status === MembershipStatus.canceled || (m.providerStateAt && stateAt < m.providerStateAt)) return;
        m.providerStateAt = stateAt;
        m.cancelAtPeriodEnd = sub.cancel_at_period_end;
        if (period.end && !m.periodFromProvider) adoptPeriod(m, period.start, period.end);
        if (period.end && period.end > m.currentPeriodEnd) {
          m.currentPeriodStart = period.start ?? m.currentPeriodEnd;
          m.currentPeriodEnd = period.end;
        }
        return;
      }
      default:
        return;
    }
  }

  /**
   * The membership of a subscription, locked; made from the metadata when this is the first event about it. Null when
   * the subscription is not a membership of ours (no metadata naming a plan and a member).
   */
  private async find(
    tx: EntityManager,
    subscriptionId: string | null,
    meta: SubscriptionMeta,
    periodStart: Date | null = null,
    periodEndAt: Date | null = null,
  ): Promise<Membership | null> {
    if (!subscriptionId) return null;
    // Two first events about one subscription at once: the second waits here for the first's insert.
    await tx
      .getConnection()
      .execute(`select pg_advisory_xact_lock(hashtext('subscription:' || ?))`, [subscriptionId], 'get', tx.getTransactionContext());
    const found = await tx.findOne(
      Membership,
      { providerSubscriptionId: subscriptionId },
      { populate: ['plan', 'nextPlan', 'holder'], lockMode: LockMode.PESSIMISTIC_WRITE },
    );
    if (found) return found;
    if (!meta.userId || !meta.planId) return null;
    const holder = await tx.findOne(User, { id: meta.userId });
    const plan = await tx.findOne(MembershipPlan, { id: meta.planId });
    if (!holder || !plan) return null;
    // Two subscriptions of one member to one plan arriving at once: the second waits and sees the first.
    await tx
      .getConnection()
      .execute(
        `select pg_advisory_xact_lock(hashtext('holds-plan:' || ? || ':' || ?))`,
        [holder.id, plan.id],
        'get',
        tx.getTransactionContext(),
      );
    const start = periodStart ?? new Date();
    const duplicate = (await tx.count(Membership, { holder, plan, status: { $in: [...LIVE, MembershipStatus.suspended] } })) > 0;
    const membership = tx.create(Membership, {
      holder,
      plan,
      providerSubscriptionId: subscriptionId,
      currentPeriodStart: start,
      currentPeriodEnd: periodEndAt ?? periodEnd(start, plan.interval),
      periodFromProvider: periodEndAt !== null,
      ...(duplicate ? { duplicate, status: MembershipStatus.canceled, canceledAt: new Date() } : {}),
    });
    await this.memberships.announcer.flush(tx);
    if (duplicate) {
      // Ended at the provider before anything more is charged; a failure rolls this back and the provider retries.
      await this.cancelAtProvider(subscriptionId);
      return membership;
    }
    // A membership bought online is a new order for the studio, as a shop order is.
    await this.notifications.notifyAdmins(tx, {
      type: NotificationType.checkout,
      title: 'New membership',
      message: `${fullName(holder)} started the ${plan.name} membership (${formatMoney(plan.priceCents)} a ${plan.interval}).`,
      link: '/admin/memberships',
      dedupeKey: `membership_started:${membership.id}`,
    });
    return membership;
  }

  private async cancelAtProvider(subscriptionId: string): Promise<void> {
    const provider = this.payments.provider;
    const billing = provider && provider.mode !== 'test_provider' ? provider.billing : null;
    if (!billing) return; // the test provider's subscriptions are played locally: nothing to end there
    try {
      await billing.cancelSubscription(subscriptionId);
    } catch (err) {
      log.error('could not end a duplicate subscription at the provider', { subscriptionId, message: (err as Error).message });
      throw providerUnavailable('The payment provider could not end the duplicate subscription. It is tried again.');
    }
  }

  /**
   * A payment of a duplicate subscription goes back in full (once per invoice: the key is the invoice's), and the
   * holder and the admins are told.
   */
  private async refundDuplicate(tx: EntityManager, m: Membership, order: Order, providerInvoiceId: string): Promise<void> {
    if (order.refundedCents >= order.totalCents) return;
    const refund = await this.payments.refundPart(
      tx,
      order.id,
      order.totalCents - order.refundedCents,
      `Refunded automatically: ${fullName(m.holder)} already had a ${m.plan.name} membership`,
      `duplicate-membership:${providerInvoiceId}`,
    );
    const amount = formatMoney(refund.amountCents);
    await this.notifications.add(tx, this.notifications.recipientOf(m.holder), {
      type: NotificationType.other,
      title: 'Refund on its way',
      message: `You already have a ${m.plan.name} membership, so the second one you paid for was ended at once: ${amount} goes back to the card you paid with.`,
      link: '/memberships',
      dedupeKey: `duplicate_membership_refund:${providerInvoiceId}`,
    });
    await this.notifications.notifyAdmins(tx, {
      type: NotificationType.checkout,
      title: 'Payment refunded automatically',
      message: `${fullName(m.holder)} paid for a second ${m.plan.name} membership while one was live: it was ended at once and ${amount} refunded.`,
      link: '/admin/memberships',
      dedupeKey: `duplicate_membership_refund:${providerInvoiceId}`,
    });
  }

  /** Past-due memberships whose grace period is over are suspended (a scheduled job). */
  async suspendOverdue(em: EntityManager, graceDays: number, now = new Date()): Promise<number> {
    return em.transactional(async (tx) => {
      const overdue = await tx.find(
        Membership,
        { status: MembershipStatus.past_due, pastDueSince: { $lte: new Date(now.getTime() - graceDays * 86_400_000) } },
        { lockMode: LockMode.PESSIMISTIC_PARTIAL_WRITE, limit: 500, orderBy: { id: 'asc' } },
      );
      for (const m of overdue) m.status = MembershipStatus.suspended;
      await this.memberships.announcer.flush(tx);
      return overdue.length;
    });
  }
}
