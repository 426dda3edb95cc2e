import { fullName } from '@studio/rules';
import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import { addDays, addMonths, addYears } from 'date-fns';
import { badInput, conflict, notFound, providerUnavailable } from '../../graphql/errors.js';
import { log } from '../../logger.js';
import type { SubscriptionBilling, SubscriptionChange } from '../payments/payment-provider.js';
import type { Booking } from '../bookings/booking.entity.js';
import type { EntitlementPayer } from '../bookings/bookings.ports.js';
import { randomBytes } from 'node:crypto';
import { NOT_SET_UP_MESSAGE } from '../payments/payment-provider.js';
import type { PaymentService } from '../payments/payments.service.js';
import { isTestPaymentToken, testPaymentToken, testPaymentUrl } from '../payments/test-provider.js';
import { NotificationType } from '../notifications/notification.entity.js';
import type { NotificationService } from '../notifications/notification.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import { Product, ProductCategory, ProductVariant } from '../products/product.entity.js';
import { User } from '../users/user.entity.js';
import type { Actor } from '../users/role.js';
import { entitlementOrder, membershipCovers, membershipLabel, periodStartFor, type CoverCandidate } from './entitlement.rules.js';
import {
  BillingInterval,
  ClassPack,
  Membership,
  MembershipCheckout,
  MembershipCheckoutStatus,
  MembershipPlan,
  MembershipStatus,
} from './membership.entity.js';
import { assertMayAdministerMembership, assertMayChangeRenewal } from './memberships.policy.js';
import type { AdminMembershipArgs, GrantPackArgs } from './memberships.types.js';
import { likePattern, SortDirection } from '../../common/paging.js';

export interface PlanFields {
  name: string;
  description?: string | null;
  priceCents: number;
  interval: BillingInterval;
  classesPerPeriod?: number | null;
  coveredApparatusIds?: string[] | null;
  familyMembers?: number | null;
  signUpFeeCents?: number | null;
  active?: boolean | null;
}

export interface ClassPackProductFields {
  name: string;
  description?: string | null;
  priceCents: number;
  classes: number;
  validDays: number;
  active?: boolean | null;
}

export const periodEnd = (start: Date, interval: BillingInterval) =>
  interval === BillingInterval.year ? addYears(start, 1) : addMonths(start, 1);

const stepFrom = (anchor: Date, interval: BillingInterval, n: number) =>
  interval === BillingInterval.year ? addYears(anchor, n) : addMonths(anchor, n);

/** Stripe could not be reached (or refused): nothing was changed here, the admin or member may try again. */
const stripeUnavailable = (what: string) => providerUnavailable(`Stripe could not be reached, so ${what}. Please try again in a moment.`);

/** How long a subscription checkout stays open at Stripe (a day), less a margin. */
const OPEN_CHECKOUT_MS = 23 * 3600_000;

const LIVE = [MembershipStatus.active, MembershipStatus.past_due, MembershipStatus.paused];

interface CandidateRow {
  id: string;
  holder_id: string;
  status: MembershipStatus;
  comp: boolean;
  current_period_start: Date;
  current_period_end: Date;
  cancel_at_period_end: boolean;
  paused_from: Date | null;
  paused_until: Date | null;
  past_due_since: Date | null;
  interval: BillingInterval;
  classes_per_period: number | null;
  covered_apparatus_ids: string[];
  family_members: number;
  plan_name: string;
}

const candidate = (r: CandidateRow): CoverCandidate & { planName: string } => ({
  id: r.id,
  holderId: r.holder_id,
  status: r.status,
  comp: r.comp,
  currentPeriodStart: new Date(r.current_period_start),
  currentPeriodEnd: new Date(r.current_period_end),
  cancelAtPeriodEnd: r.cancel_at_period_end,
  pausedFrom: r.paused_from && new Date(r.paused_from),
  pausedUntil: r.paused_until && new Date(r.paused_until),
  pastDueSince: r.past_due_since && new Date(r.past_due_since),
  interval: r.interval,
  classesPerPeriod: r.classes_per_period,
  coveredApparatusIds: r.covered_apparatus_ids ?? [],
  familyMembers: r.family_members,
  planName: r.plan_name,
});

/**
 * Plans, memberships and class packs, and what pays for a booking. The entitlement is claimed inside the booking's
 * transaction: the attendee's (and their guardian's) live memberships are locked FOR UPDATE before a limited plan's
 * uses are counted, and a pack's credit is taken by a conditional UPDATE, so concurrent bookings never share a credit.
 */
export class MembershipService implements EntitlementPayer {
  constructor(
    private readonly settings: SettingsService,
    private readonly notifications: NotificationService,
    private readonly payments: PaymentService,
    private readonly publicUrl: string,
  ) {}

  // ── subscribing ─────────────────────────────────────────────────────────────────────────────────────────

  /**
   * Starts Checkout in subscription mode for a plan (Stripe), or the built-in test provider's page. The membership is
   * made by the webhook when the checkout completes; /membership-success?session_id= shows it then.
   */
  async subscribe(em: EntityManager, actor: User, planId: string): Promise<{ url: string; sessionId: string }> {
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
      return this.subscribeLocked(tx, actor, planId);
    });
  }

  private async subscribeLocked(em: EntityManager, actor: User, planId: string): Promise<{ url: string; sessionId: string }> {
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
      const url = await this.openCheckoutUrl(open.providerSessionId, actor.id);
      if (url) return { url, sessionId: open.providerSessionId };
    }
    // A plan made before Stripe was connected gets its product and price now.
    if (this.billing && !plan.stripePriceId) await this.syncPlan(plan, true, 'the checkout could not start');
    const successUrl = `${this.publicUrl}/membership-success?session_id={CHECKOUT_SESSION_ID}`;
    let session: { id: string; url: string };
    if (provider.mode === 'test_provider') {
      const id = `cs_test_local_sub_${randomBytes(16).toString('hex')}`;
      session = { id, url: testPaymentUrl(this.publicUrl, 'test-subscribe', id, testPaymentToken(provider.webhookSecret, id, actor.id)) };
    } else if (provider.createSubscriptionCheckout) {
      session = await provider.createSubscriptionCheckout({
        idempotencyKey: `subscribe:${actor.id}:${plan.id}:${Math.floor(Date.now() / 60_000)}`,
        planName: plan.name,
        priceCents: plan.priceCents,
        interval: plan.interval,
        signUpFeeCents: plan.signUpFeeCents,
        successUrl,
        cancelUrl: `${this.publicUrl}/memberships?checkout=cancelled`,
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
  private async openCheckoutUrl(providerSessionId: string, ownerId: string): Promise<string | null> {
    const provider = this.payments.provider!;
    if (provider.mode === 'test_provider')
      return testPaymentUrl(
        this.publicUrl,
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

  // ── what pays for a booking ─────────────────────────────────────────────────────────────────────────────

  async claim(tx: EntityManager, booking: Booking): Promise<string | null> {
    const connection = tx.getConnection();
    const ctx = tx.getTransactionContext();
    const attendeeId = booking.attendee.id;
    const guardianId = booking.attendee.guardian?.id ?? null;
    const holders = guardianId ? [attendeeId, guardianId] : [attendeeId];
    const instance = booking.classInstance;
    const startsAt = instance.startsAt;
    const apparatusId = instance.blueprint.apparatus.id;

    const list = holders.map(() => '?').join(', ');
    // The pack that expires first, valid on the class's date; the row lock and the re-checked condition let only
    // one of several concurrent bookings take its last class.
    const takePack = `update class_pack p set used = p.used + 1
          where p.id = (select id from class_pack where owner_id in (${list}) and used < classes and expires_at > ?
                         order by expires_at, id limit 1 for update)
            and p.used < p.classes
         returning p.id, p.name`;
    const recordPack = `insert into entitlement_use (booking_id, pack_id, created_at) select ?, id, now() from taken`;
    // One statement: the live memberships of the attendee and their guardian, locked (a limited plan's uses are
    // counted under this lock); with none, the pack is taken at once.
    const [found] = await connection.execute<{ memberships: CandidateRow[] | null; pack: { id: string; name: string } | null }[]>(
      `with ms as (
         select m.id, m.holder_id, m.status, m.comp, m.current_period_start, m.current_period_end, m.cancel_at_period_end,
                m.paused_from, m.paused_until, m.past_due_since, p.interval, p.classes_per_period, p.covered_apparatus_ids,
                p.family_members, p.name as plan_name
           from membership m join membership_plan p on p.id = m.plan_id
          where m.holder_id in (${list}) and m.status in ('active', 'past_due', 'paused')
          order by m.id for update of m),
       taken as (${takePack.replace('where p.id =', 'where not exists (select 1 from ms) and p.id =')}),
       recorded as (${recordPack})
       select (select json_agg(ms) from ms) as memberships, (select row_to_json(taken) from taken) as pack`,
      [...holders, ...holders, startsAt, booking.id],
      'all',
      ctx,
    );
    if (found.pack) return found.pack.name;
    const rows = (found.memberships ?? []).map((r) => ({
      ...r,
      current_period_start: new Date(r.current_period_start),
      current_period_end: new Date(r.current_period_end),
    }));
    if (rows.length === 0) return null;
    const { membershipGraceDays } = await this.settings.get(tx);
    let children: string[] | null = null;
    if (guardianId && rows.some((r) => r.holder_id === guardianId && r.family_members > 0)) {
      const kids = await connection.execute<{ id: string }[]>(
        `select id from app_user where guardian_id = ? and removed_at is null order by created_at, id`,
        [guardianId],
        'all',
        ctx,
      );
      children = kids.map((k) => k.id);
    }
    const coveredChildOf = (holderId: string, n: number) =>
      holderId === guardianId && n > 0 && (children ?? []).slice(0, n).includes(attendeeId);
    const now = new Date();
    const usable = rows
      .map(candidate)
      .filter((m) => membershipCovers(m, { startsAt, apparatusId, attendeeId, coveredChildOf }, membershipGraceDays, now))
      .sort(entitlementOrder);
    for (const m of usable) {
      const periodStart = periodStartFor(m, startsAt)!;
      if (m.classesPerPeriod !== null) {
        const [{ used }] = await connection.execute<{ used: number }[]>(
          `select count(*)::int as used from entitlement_use where membership_id = ? and period_start = ? and returned_at is null`,
          [m.id, periodStart],
          'all',
          ctx,
        );
        if (used >= m.classesPerPeriod) continue;
      }
      await connection.execute(
        `insert into entitlement_use (booking_id, membership_id, period_start, created_at) values (?, ?, ?, now())`,
        [booking.id, m.id, periodStart],
        'run',
        ctx,
      );
      return membershipLabel(m.planName, m.comp);
    }
    // Memberships that do not pay for this class: a pack may still.
    const [pack] = await connection.execute<{ id: string; name: string }[]>(
      `with taken as (${takePack}), recorded as (${recordPack}) select id, name from taken`,
      [...holders, startsAt, booking.id],
      'all',
      ctx,
    );
    return pack ? pack.name : null;
  }

  async claimed(tx: EntityManager, bookingId: string): Promise<{ name: string; classesLeft: number | null } | null> {
    // The booking's own use is counted: one more is left before it.
    const [row] = await tx.getConnection().execute<{ name: string; comp: boolean | null; classes_left: number | null }[]>(
      `select coalesce(cp.name, mp.name) as name, m.comp,
              case when u.pack_id is not null then cp.classes - cp.used + 1
                   when mp.classes_per_period is null then null
                   else mp.classes_per_period + 1 - (select count(*)::int from entitlement_use x
                          where x.membership_id = u.membership_id and x.period_start = u.period_start and x.returned_at is null)
              end as classes_left
         from entitlement_use u
         left join class_pack cp on cp.id = u.pack_id
         left join membership m on m.id = u.membership_id
         left join membership_plan mp on mp.id = m.plan_id
        where u.booking_id = ?`,
      [bookingId],
      'all',
      tx.getTransactionContext(),
    );
    if (!row) return null;
    return { name: row.comp ? membershipLabel(row.name, true) : row.name, classesLeft: row.classes_left };
  }

  async released(tx: EntityManager, bookingIds: string[], late: boolean): Promise<void> {
    if (bookingIds.length === 0) return;
    if (late && (await this.settings.get(tx)).lateCancelUsesCredit) return; // used up
    await tx.getConnection().execute(
      `with returned as (
         update entitlement_use set returned_at = now()
          where booking_id in (${bookingIds.map(() => '?').join(', ')}) and returned_at is null
         returning pack_id)
       update class_pack p set used = p.used - n.count
         from (select pack_id, count(*)::int as count from returned where pack_id is not null group by pack_id) n
        where p.id = n.pack_id`,
      bookingIds,
      'run',
      tx.getTransactionContext(),
    );
  }

  async feeExempt(tx: EntityManager, bookingIds: string[]): Promise<Set<string>> {
    if (bookingIds.length === 0) return new Set();
    const rows = await tx.getConnection().execute<{ booking_id: string }[]>(
      `select u.booking_id from entitlement_use u join membership m on m.id = u.membership_id
        where m.comp and u.booking_id in (${bookingIds.map(() => '?').join(', ')})`,
      bookingIds,
      'all',
      tx.getTransactionContext(),
    );
    return new Set(rows.map((r) => r.booking_id));
  }

  // ── plans ───────────────────────────────────────────────────────────────────────────────────────────────

  plans(em: EntityManager, activeOnly: boolean): Promise<MembershipPlan[]> {
    return em.find(MembershipPlan, activeOnly ? { active: true } : {}, { orderBy: { priceCents: 'asc', name: 'asc', id: 'asc' } });
  }

  /**
   * Creates or changes a plan. With Stripe connected, the plan is its product and recurring price there: a new price
   * or interval is a new Stripe price (prices never change) and the old one is archived (members already on it keep
   * paying it). Stripe is asked inside the plan's transaction: when it cannot be reached the plan is not saved, so
   * what is stored always names the product and price Stripe has.
   */
  async savePlan(em: EntityManager, id: string | null, fields: PlanFields): Promise<MembershipPlan> {
    const apparatusIds = [...new Set(fields.coveredApparatusIds ?? [])];
    if (apparatusIds.length) {
      const [{ found }] = await em
        .getConnection()
        .execute<{ found: number }[]>(
          `select count(*)::int as found from apparatus where id in (${apparatusIds.map(() => '?').join(', ')})`,
          apparatusIds,
        );
      if (found !== apparatusIds.length)
        throw badInput('Choose class types from the list.', { coveredApparatusIds: 'Unknown class type.' });
    }
    return em.transactional(async (tx) => {
      const plan = id
        ? await tx.findOne(MembershipPlan, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE })
        : tx.create(MembershipPlan, { name: fields.name, priceCents: 0, interval: fields.interval });
      if (!plan) throw notFound('That plan');
      if (id && plan.interval !== fields.interval && (await tx.count(Membership, { plan: plan.id, status: { $in: LIVE } })) > 0)
        throw badInput('Members are on this plan: its billing interval cannot change. Make a new plan instead.', {
          interval: 'Members are on this plan.',
        });
      const priceChanged = !id || plan.priceCents !== fields.priceCents || plan.interval !== fields.interval;
      tx.assign(plan, {
        name: fields.name.trim(),
        description: fields.description ?? '',
        priceCents: fields.priceCents,
        interval: fields.interval,
        classesPerPeriod: fields.classesPerPeriod ?? null,
        coveredApparatusIds: apparatusIds,
        familyMembers: fields.familyMembers ?? 0,
        signUpFeeCents: fields.signUpFeeCents ?? 0,
        active: fields.active ?? true,
      });
      await this.syncPlan(plan, priceChanged, 'the plan was not saved');
      await tx.flush();
      return plan;
    });
  }

  /** Stripe's part of this install's billing: null with the test provider or without payments. */
  private get billing(): SubscriptionBilling | null {
    const provider = this.payments.provider;
    return provider && provider.mode !== 'test_provider' ? (provider.billing ?? null) : null;
  }

  /**
   * The plan's product at Stripe (made or updated), and a new price when the price changed or there is none yet (the
   * previous one archived). Idempotency keys name the plan and the price it replaces, so a retry after a failure
   * half way (or two first syncs at once) makes no second product or price.
   */
  private async syncPlan(plan: MembershipPlan, priceChanged: boolean, notDone: string): Promise<void> {
    const billing = this.billing;
    if (!billing) return;
    try {
      plan.stripeProductId = await billing.saveProduct(
        { planId: plan.id, productId: plan.stripeProductId, name: plan.name, description: plan.description, active: plan.active },
        `plan-product:${plan.id}`,
      );
      if (priceChanged || !plan.stripePriceId) {
        const old = plan.stripePriceId;
        const priceId = await billing.createPrice(
          { productId: plan.stripeProductId, unitCents: plan.priceCents, interval: plan.interval, planId: plan.id },
          `plan-price:${plan.id}:${old ?? 'first'}:${plan.priceCents}:${plan.interval}`,
        );
        if (old && old !== priceId) await billing.archivePrice(old);
        plan.stripePriceId = priceId;
      }
    } catch (err) {
      log.error('membership plan sync with Stripe failed', { planId: plan.id, message: (err as Error).message });
      throw stripeUnavailable(notDone);
    }
  }

  /**
   * Sends a change to the membership's Stripe subscription (none for comps, the test provider, or no subscription),
   * inside the membership's transaction: when Stripe cannot be reached nothing changes here either. The moment is
   * kept as the newest subscription state, so the webhook's echoes of earlier states do not undo it.
   */
  private async toSubscription(m: Membership, change: SubscriptionChange | 'cancel', notDone: string): Promise<void> {
    const billing = this.billing;
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

  // ── memberships ─────────────────────────────────────────────────────────────────────────────────────────

  /** The member's memberships: live ones, then those ended in the last year. */
  myMemberships(em: EntityManager, actor: Actor): Promise<Membership[]> {
    return em.find(
      Membership,
      { holder: actor.id, $or: [{ status: { $ne: MembershipStatus.canceled } }, { canceledAt: { $gt: addDays(new Date(), -365) } }] },
      { populate: ['plan', 'nextPlan'], orderBy: { createdAt: 'desc', id: 'asc' } },
    );
  }

  /** Classes used in each membership's current period (uses returned by an early cancellation do not count). */
  async usedThisPeriod(em: EntityManager, membershipIds: readonly string[]): Promise<Map<string, number>> {
    if (membershipIds.length === 0) return new Map();
    const rows = await em.getConnection().execute<{ id: string; used: number }[]>(
      `select m.id, count(u.booking_id)::int as used from membership m
         left join entitlement_use u on u.membership_id = m.id and u.period_start = m.current_period_start and u.returned_at is null
        where m.id in (${membershipIds.map(() => '?').join(', ')}) group by m.id`,
      [...membershipIds],
    );
    return new Map(rows.map((r) => [r.id, r.used]));
  }

  /**
   * /admin/memberships: one statement pages, sorts, filters and counts; a second loads the page's memberships with
   * their members and plans (usage comes from the per-request loader: one more statement for the page).
   */
  async adminList(em: EntityManager, args: AdminMembershipArgs): Promise<{ items: Membership[]; total: number }> {
    const where: string[] = ['true'];
    const params: unknown[] = [];
    if (args.status) {
      where.push('m.status = ?');
      params.push(args.status);
    }
    if (args.planId) {
      where.push('m.plan_id = ?');
      params.push(args.planId);
    }
    const search = args.search?.trim();
    if (search) {
      where.push(`(u.first_name || ' ' || u.last_name ilike ? or u.username ilike ?)`);
      const like = likePattern(search);
      params.push(like, like);
    }
    const dir = args.sortDirection === SortDirection.DESC ? 'desc' : 'asc';
    const order = {
      member: `u.last_name ${dir}, u.first_name ${dir}`,
      plan: `p.name ${dir}`,
      status: `m.status ${dir}`,
      currentPeriodEnd: `m.current_period_end ${dir}`,
      failedPayments: `m.failed_payments ${dir}`,
      createdAt: `m.created_at ${dir}`,
    }[args.sortField];
    const rows = await em.getConnection().execute<{ id: string; total: string }[]>(
      `select m.id, count(*) over () as total
         from membership m join app_user u on u.id = m.holder_id join membership_plan p on p.id = m.plan_id
        where ${where.join(' and ')}
        order by ${order}, m.id
        limit ? offset ?`,
      [...params, args.pageSize, (args.page - 1) * args.pageSize],
    );
    const found = rows.length
      ? await em.find(Membership, { id: { $in: rows.map((r) => r.id) } }, { populate: ['holder', 'plan', 'nextPlan'] })
      : [];
    const byId = new Map(found.map((m) => [m.id, m]));
    const total = rows.length ? Number(rows[0].total) : 0;
    return { items: rows.map((r) => byId.get(r.id)!), total };
  }

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
      await tx.flush();
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
      await tx.flush();
      return membership;
    });
  }

  private end(m: Membership, at: Date): void {
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
  private async syncPause(m: Membership, now: Date, notDone: string): Promise<boolean> {
    if (!this.billing || !m.providerSubscriptionId) return false;
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
    if (!this.billing) return 0;
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
          await tx.flush();
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
      if (!this.billing || !m.providerSubscriptionId || before === plan.id) return;
      if (!plan.stripePriceId) await this.syncPlan(plan, true, 'the plan was not changed');
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

  private async refundUnused(tx: EntityManager, m: Membership, now: Date): Promise<number> {
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

  private async administer(
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
      await tx.flush();
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
      await tx.flush();
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

  // ── class packs ─────────────────────────────────────────────────────────────────────────────────────────

  /** Packs of the member with classes left, not expired, the one expiring first first. */
  myPacks(em: EntityManager, actor: Actor): Promise<ClassPack[]> {
    return em.find(ClassPack, { owner: actor.id, expiresAt: { $gt: new Date() } }, { orderBy: { expiresAt: 'asc', id: 'asc' } });
  }

  /** Admin: a class pack product for the shop (one option, no stock limit), or changes to one. */
  async saveClassPackProduct(em: EntityManager, id: string | null, input: ClassPackProductFields): Promise<Product> {
    const product = id
      ? await em.findOne(Product, { id, category: ProductCategory.membership, packClasses: { $ne: null } })
      : em.create(Product, { category: ProductCategory.membership, name: input.name, priceCents: input.priceCents });
    if (!product) throw notFound('That class pack');
    em.assign(product, {
      name: input.name.trim(),
      description: input.description ?? '',
      priceCents: input.priceCents,
      packClasses: input.classes,
      packValidDays: input.validDays,
      active: input.active ?? true,
    });
    if (!id) em.create(ProductVariant, { product, stock: null });
    await em.flush();
    return product;
  }

  /** The class pack products (for /admin/memberships), on sale first. */
  classPackProducts(em: EntityManager): Promise<Product[]> {
    return em.find(
      Product,
      { category: ProductCategory.membership, packClasses: { $ne: null } },
      { orderBy: { active: 'desc', priceCents: 'asc', id: 'asc' } },
    );
  }

  /** A paid order's class packs become packs of its owner: one per unit bought, valid from now (once per order line unit). */
  async fulfilPacks(tx: EntityManager, order: { id: string; ownerId: string }): Promise<void> {
    await tx.getConnection().execute(
      `insert into class_pack (id, owner_id, name, classes, used, expires_at, purchase_key, created_at)
       select gen_random_uuid(), ?, p.name, p.pack_classes, 0, now() + make_interval(days => p.pack_valid_days), ol.id || ':' || g.n, now()
         from order_line ol join product_variant v on v.id = ol.variant_id join product p on p.id = v.product_id
        cross join generate_series(1, ol.quantity) as g(n)
        where ol.order_id = ? and p.pack_classes is not null
       on conflict (purchase_key) do nothing`,
      [order.ownerId, order.id],
      'run',
      tx.getTransactionContext(),
    );
  }

  /**
   * An order's packs are given back (a refund at the front desk): they are removed, or the refund is refused when a
   * class of one was already used. Answers how many were removed.
   */
  async revokePacks(tx: EntityManager, orderId: string): Promise<number> {
    const packs = await tx.getConnection().execute<{ id: string; used: number; name: string }[]>(
      `select p.id, p.used, p.name from class_pack p
        where split_part(p.purchase_key, ':', 1) in (select id::text from order_line where order_id = ?)
        for update`,
      [orderId],
      'all',
      tx.getTransactionContext(),
    );
    const used = packs.find((p) => p.used > 0);
    if (used) throw conflict(`A class of the ${used.name} was already used: the pack cannot be refunded.`);
    if (packs.length)
      await tx.getConnection().execute(
        `delete from class_pack where id in (${packs.map(() => '?').join(', ')})`,
        packs.map((p) => p.id),
        'run',
        tx.getTransactionContext(),
      );
    return packs.length;
  }

  /** Staff give a member (one not removed) a class pack, e.g. as a goodwill gesture. */
  async grantClassPack(em: EntityManager, args: GrantPackArgs): Promise<ClassPack> {
    const owner = await em.findOne(User, { id: args.userId, removedAt: null });
    if (!owner) throw notFound('That person');
    const pack = this.grantPack(em, owner.id, args.name, args.classes, args.validDays);
    await em.flush();
    return pack;
  }

  /** A pack of `classes` classes valid `validDays` days from now, given by staff (bought ones: fulfilPacks). */
  grantPack(em: EntityManager, ownerId: string, name: string, classes: number, validDays: number): ClassPack {
    return em.create(ClassPack, {
      owner: em.getReference(User, ownerId),
      name,
      classes,
      expiresAt: addDays(new Date(), validDays),
    });
  }
}
