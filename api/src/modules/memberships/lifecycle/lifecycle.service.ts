import type { MembershipAnnouncer } from '../membership-changes.js';
import { fullName } from '@studio/rules';
import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import { badInput, conflict, notFound } from '../../../graphql/errors.js';
import { log } from '../../../logger.js';
import type { SubscriptionChange } from '../../payments/payment-provider.js';
import type { PaymentService } from '../../payments/payments.service.js';
import { NotificationType } from '../../notifications/notification.entity.js';
import type { NotificationService } from '../../notifications/notification.service.js';
import { User } from '../../users/user.entity.js';
import type { Actor } from '../../users/role.js';
import { Membership, MembershipPlan, MembershipStatus } from '../membership.entity.js';
import { assertMayAdministerMembership, assertMayChangeRenewal } from '../memberships.policy.js';
import { LIVE, periodEnd, stepFrom, stripeUnavailable } from '../membership-terms.js';
import type { PlanService } from '../plans/plan.service.js';

/**
 * A membership's life after it starts: renewal choices, pauses, plan changes, cancelling with a refund of unused
 * days, complimentary memberships and their periods; each change made at Stripe first when it bills the membership.
 */
export class LifecycleService {
  constructor(
    private readonly notifications: NotificationService,
    private readonly payments: PaymentService,
    private readonly plans: PlanService,
    private readonly announcer: MembershipAnnouncer,
  ) {}
  /** Cancel at period end (true) or resume (false): the holder, or an admin. */
  async setCancelAtPeriodEnd(em: EntityManager, actor: Actor, id: string, cancel: boolean): Promise<Membership> {
    return em.transactional(async (tx) => {
      const membership = await tx.findOne(Membership, { id }, { populate: ['plan'], lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!membership) throw notFound('That membership');
      assertMayChangeRenewal(actor, { holderId: membership.holder.id, comp: membership.comp });
      if (!LIVE.includes(membership.status) && membership.status !== MembershipStatus.suspended)
        throw conflict('This membership has ended.');
      membership.cancelAtPeriodEnd = cancel;
      await this.toSubscription(membership, { cancelAtPeriodEnd: cancel }, 'the membership was not changed');
      await this.announcer.flush(tx);
      return membership;
    });
  }

  /**
   * Admin: a complimentary membership on a plan, from now, renewing without charge until cancelled. A member with a
   * live membership is refused unless `replace` says to end it now (its subscription too) and comp instead.
   */
  async comp(em: EntityManager, actor: Actor, userId: string, planId: string, replace = false): Promise<Membership> {
    return em.transactional(async (tx) => {
      // The member's row is locked: two comps at once cannot both find no live membership.
      const user = await tx.findOne(User, { id: userId, removedAt: null }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!user) throw notFound('That person');
      assertMayAdministerMembership(actor, { holderId: user.id });
      const plan = await tx.findOne(MembershipPlan, { id: planId });
      if (!plan) throw notFound('That plan');
      const live = await tx.find(
        Membership,
        { holder: user.id, status: { $in: [...LIVE, MembershipStatus.suspended] } },
        { populate: ['plan'], lockMode: LockMode.PESSIMISTIC_WRITE, orderBy: { createdAt: 'asc', id: 'asc' } },
      );
      if (live.length && !replace)
        throw conflict(
          `${fullName(user)} already has a ${live[0].plan.name} membership (${live[0].status.replace('_', ' ')}). End it first, or choose to replace it.`,
        );
      const now = new Date();
      for (const m of live) {
        await this.toSubscription(m, 'cancel', 'the membership was not replaced');
        this.end(m, now);
      }
      const membership = tx.create(Membership, {
        holder: user,
        plan,
        comp: true,
        currentPeriodStart: now,
        currentPeriodEnd: periodEnd(now, plan.interval),
      });
      await this.notifications.add(tx, this.notifications.recipientOf(user), {
        type: NotificationType.other,
        title: 'A membership from the studio',
        message: `You have a complimentary ${plan.name} membership. Enjoy your classes!`,
        link: '/memberships',
      });
      await this.announcer.flush(tx);
      return membership;
    });
  }

  end(m: Membership, at: Date): void {
    m.status = MembershipStatus.canceled;
    m.canceledAt = at;
    m.cancelAtPeriodEnd = false;
  }

  /**
   * Admin: pause (freeze) between two dates; classes in the pause are not covered. A Stripe subscription's collection
   * is paused only while the pause is on (renewal invoices then are voided) and resumes by itself at its end
   * (pause_collection.resumes_at): at once for a pause that has started, otherwise by the memberships-pause-collection
   * job when it starts, so a renewal before the pause is still charged. A pause already sent that this one replaces
   * is taken back at Stripe.
   */
  async pause(em: EntityManager, actor: Actor, id: string, from: Date, until: Date): Promise<Membership> {
    if (until <= from) throw badInput('The pause must end after it starts.', { until: 'Must be after the start.' });
    return this.administer(em, actor, id, async (m) => {
      const now = new Date();
      m.pausedFrom = from;
      m.pausedUntil = until;
      const on = from <= now && until > now;
      if (on && m.status === MembershipStatus.active) m.status = MembershipStatus.paused;
      else if (!on && m.status === MembershipStatus.paused) m.status = MembershipStatus.active;
      await this.syncPause(m, now, 'the membership was not paused');
    });
  }

  /**
   * Makes Stripe's pause_collection what the membership's pause says at `now`: paused until the pause ends while it is
   * on, not paused otherwise (a resumes_at in the past has resumed by itself). Answers whether Stripe was asked.
   */
  async syncPause(m: Membership, now: Date, notDone: string): Promise<boolean> {
    if (!this.plans.billing || !m.providerSubscriptionId) return false;
    const on =
      m.pausedFrom && m.pausedUntil && m.pausedFrom <= now && m.pausedUntil > now && LIVE.includes(m.status) ? m.pausedUntil : null;
    const sent = m.providerPausedUntil && m.providerPausedUntil > now ? m.providerPausedUntil : null;
    if (on?.getTime() === sent?.getTime()) {
      m.providerPausedUntil = sent;
      return false;
    }
    await this.toSubscription(m, { pauseUntil: on }, notDone);
    m.providerPausedUntil = on;
    return true;
  }

  /**
   * The memberships-pause-collection job: Stripe subscriptions whose pause has started and is not yet paused there
   * (or paused until another end) are paused until the pause ends, each in its own transaction under a row lock.
   * Stripe being unreachable leaves that one for the next run (idempotent: one already paused is not asked again).
   * Answers how many were paused at Stripe.
   */
  async startDuePauses(em: EntityManager, now = new Date()): Promise<number> {
    if (!this.plans.billing) return 0;
    const rows = await em.getConnection().execute<{ id: string }[]>(
      `select id from membership
        where provider_subscription_id is not null and status in (?, ?, ?)
          and paused_from <= ? and paused_until > ? and provider_paused_until is distinct from paused_until
        order by paused_from, id limit 500`,
      [...LIVE, now, now],
    );
    let done = 0;
    for (const { id } of rows) {
      try {
        const sent = await em.fork().transactional(async (tx) => {
          const m = await tx.findOne(Membership, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
          if (!m) return false;
          if (m.status === MembershipStatus.active && m.pausedFrom && m.pausedFrom <= now && m.pausedUntil && m.pausedUntil > now)
            m.status = MembershipStatus.paused;
          const asked = await this.syncPause(m, now, 'the pause did not start at Stripe');
          await this.announcer.flush(tx);
          return asked;
        });
        if (sent) done += 1;
      } catch (err) {
        log.warn('pausing a subscription at Stripe failed; the next run tries again', {
          membershipId: id,
          message: (err as Error).message,
        });
      }
    }
    return done;
  }

  /**
   * Admin: the membership changes to another plan from its next period. A Stripe subscription's price is swapped
   * without proration, so the next renewal bills the new plan (choosing the current plan again swaps it back).
   */
  async changePlan(em: EntityManager, actor: Actor, id: string, planId: string): Promise<Membership> {
    return this.administer(em, actor, id, async (m, tx) => {
      const plan = await tx.findOne(MembershipPlan, { id: planId });
      if (!plan) throw notFound('That plan');
      if (m.plan.interval !== plan.interval) throw badInput('Choose a plan billed at the same interval.', { planId: 'Another interval.' });
      const before = m.nextPlan?.id ?? m.plan.id;
      m.nextPlan = m.plan.id === plan.id ? null : plan;
      if (!this.plans.billing || !m.providerSubscriptionId || before === plan.id) return;
      if (!plan.stripePriceId) await this.plans.syncPlan(plan, true, 'the plan was not changed');
      await this.toSubscription(m, { priceId: plan.stripePriceId! }, 'the plan was not changed');
    });
  }

  /**
   * Admin: ends the membership now, and its Stripe subscription. With `refund`, the unused part of the current period
   * is refunded pro rata (by time, to the cent below) from the payment of its last paid invoice: the plan's price at
   * most (a sign-up fee is not refunded), recorded on that payment's order. The refund is made first with a key of
   * the membership's own, so a retry after any failure here is the same single refund at the provider. The amount
   * refunded is kept on the membership (refundedCents) for the admin page to show.
   */
  async cancelNow(em: EntityManager, actor: Actor, id: string, refund = false): Promise<Membership> {
    return this.administer(em, actor, id, async (m, tx) => {
      const now = new Date();
      const refunded = refund ? await this.refundUnused(tx, m, now) : null;
      await this.toSubscription(m, 'cancel', 'the membership was not ended');
      m.refundedCents = refunded;
      this.end(m, now);
    });
  }

  async refundUnused(tx: EntityManager, m: Membership, now: Date): Promise<number> {
    const order = m.providerSubscriptionId && !m.comp ? await this.payments.lastSubscriptionOrder(tx, m.providerSubscriptionId) : null;
    if (!order) throw conflict('No payment of this membership was found to refund: end it without a refund.');
    if (!m.paidThrough || m.paidThrough < m.currentPeriodEnd)
      throw conflict('The current period has not been paid, so there is nothing to refund: end it without a refund.');
    const start = m.currentPeriodStart.getTime();
    const end = m.currentPeriodEnd.getTime();
    const unused = end > start ? Math.min(1, Math.max(0, (end - now.getTime()) / (end - start))) : 0;
    const cents = Math.floor(Math.min(m.plan.priceCents, order.totalCents - order.refundedCents) * unused);
    if (cents <= 0) return 0;
    const made = await this.payments.refundPart(
      tx,
      order.id,
      cents,
      'Membership ended early: the unused days refunded',
      `membership-refund:${m.id}`,
    );
    return made.amountCents;
  }

  async administer(
    em: EntityManager,
    actor: Actor,
    id: string,
    change: (m: Membership, tx: EntityManager) => void | Promise<void>,
  ): Promise<Membership> {
    return em.transactional(async (tx) => {
      const membership = await tx.findOne(Membership, { id }, { populate: ['plan', 'nextPlan'], lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!membership) throw notFound('That membership');
      assertMayAdministerMembership(actor, { holderId: membership.holder.id });
      if (membership.status === MembershipStatus.canceled) throw conflict('This membership has ended.');
      await change(membership, tx);
      await this.announcer.flush(tx);
      return membership;
    });
  }

  /**
   * Comp memberships renew by themselves (no provider moves their period): each one whose period is over moves to the
   * period the moment falls in, so "classes used this period" starts again and the next plan takes over; one cancelled
   * at period end ends instead. Periods step from the old end as the entitlement rules reckon future periods.
   */
  async advanceCompPeriods(em: EntityManager, now = new Date()): Promise<number> {
    return em.transactional(async (tx) => {
      const due = await tx.find(
        Membership,
        { comp: true, status: { $in: LIVE }, currentPeriodEnd: { $lte: now } },
        { populate: ['plan', 'nextPlan'], lockMode: LockMode.PESSIMISTIC_PARTIAL_WRITE, limit: 500, orderBy: { id: 'asc' } },
      );
      for (const m of due) {
        if (m.cancelAtPeriodEnd) {
          this.end(m, m.currentPeriodEnd);
          continue;
        }
        const anchor = m.currentPeriodEnd;
        let n = 1;
        while (stepFrom(anchor, m.plan.interval, n) <= now) n += 1;
        const paused = m.status === MembershipStatus.paused;
        this.renew(m, n === 1 ? anchor : stepFrom(anchor, m.plan.interval, n - 1), stepFrom(anchor, m.plan.interval, n));
        if (paused && m.pausedUntil && m.pausedUntil > now) m.status = MembershipStatus.paused;
      }
      await this.announcer.flush(tx);
      return due.length;
    });
  }

  /** A new period begins (renewal paid, or a comp renewing): the next plan takes over; a pause that ended is undone. */
  renew(m: Membership, start: Date, end: Date): void {
    m.currentPeriodStart = start;
    m.currentPeriodEnd = end;
    if (m.nextPlan) {
      m.plan = m.nextPlan;
      m.nextPlan = null;
    }
    m.status = MembershipStatus.active;
    m.pastDueSince = null;
    m.failedPayments = 0;
  }

  /**
   * Sends a change to the membership's Stripe subscription (none for comps, the test provider, or no subscription),
   * inside the membership's transaction: when Stripe cannot be reached nothing changes here either. The moment is
   * kept as the newest subscription state, so the webhook's echoes of earlier states do not undo it.
   */
  async toSubscription(m: Membership, change: SubscriptionChange | 'cancel', notDone: string): Promise<void> {
    const billing = this.plans.billing;
    if (!billing || !m.providerSubscriptionId) return;
    try {
      if (change === 'cancel') await billing.cancelSubscription(m.providerSubscriptionId);
      else await billing.updateSubscription(m.providerSubscriptionId, change);
    } catch (err) {
      log.error('membership change at Stripe failed', { membershipId: m.id, message: (err as Error).message });
      throw stripeUnavailable(notDone);
    }
    m.providerStateAt = new Date();
  }
}
