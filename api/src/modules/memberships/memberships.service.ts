import type { EntityManager } from '@mikro-orm/postgresql';
import { addDays } from 'date-fns';
import type { EntitlementPayer } from '../bookings/bookings.ports.js';
import type { PaymentService } from '../payments/payments.service.js';
import type { NotificationService } from '../notifications/notification.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { Actor } from '../users/role.js';
import { Membership, MembershipStatus } from './membership.entity.js';
import type { AdminMembershipArgs } from './memberships.types.js';
import { likePattern, SortDirection } from '../../common/paging.js';
import { PlanService } from './plans/plan.service.js';
import { PackService } from './packs/pack.service.js';
import { EntitlementService } from './entitlements/entitlement.service.js';
import { SubscriptionCheckoutService } from './subscriptions/subscription-checkout.service.js';
import { LifecycleService } from './lifecycle/lifecycle.service.js';
import { MembershipAnnouncer } from './membership-changes.js';
import type { DomainEvents } from '../../events/domain-events.js';

/**
 * Plans, memberships and class packs, and what pays for a booking, one concern per service: plans/, subscribing
 * (subscriptions/), a membership's life (lifecycle/), packs/, and the entitlement claimed for a booking
 * (entitlements/). This class builds them and answers for them under the module's names.
 */
export class MembershipService implements EntitlementPayer {
  readonly plansService: PlanService;
  readonly packs: PackService;
  readonly entitlements: EntitlementService;
  readonly subscriptions: SubscriptionCheckoutService;
  readonly lifecycle: LifecycleService;

  /** Flushes membership changes and announces membership.changed for them. */
  readonly announcer: MembershipAnnouncer;

  constructor(
    settings: SettingsService,
    notifications: NotificationService,
    payments: PaymentService,
    publicUrl: string,
    events: DomainEvents,
  ) {
    this.announcer = new MembershipAnnouncer(events);
    this.plansService = new PlanService(payments);
    this.packs = new PackService();
    this.entitlements = new EntitlementService(settings);
    this.subscriptions = new SubscriptionCheckoutService(payments, this.plansService, publicUrl);
    this.lifecycle = new LifecycleService(notifications, payments, this.plansService, this.announcer);
  }

  plans: PlanService['plans'] = (...args) => this.plansService.plans(...args);
  savePlan: PlanService['savePlan'] = (...args) => this.plansService.savePlan(...args);
  subscribe: SubscriptionCheckoutService['subscribe'] = (...args) => this.subscriptions.subscribe(...args);
  checkoutResult: SubscriptionCheckoutService['checkoutResult'] = (...args) => this.subscriptions.checkoutResult(...args);
  payTestCheckout: SubscriptionCheckoutService['payTestCheckout'] = (...args) => this.subscriptions.payTestCheckout(...args);
  mayPayTestCheckout: SubscriptionCheckoutService['mayPayTestCheckout'] = (...args) => this.subscriptions.mayPayTestCheckout(...args);
  testCheckout: SubscriptionCheckoutService['testCheckout'] = (...args) => this.subscriptions.testCheckout(...args);
  claim: EntitlementService['claim'] = (...args) => this.entitlements.claim(...args);
  claimed: EntitlementService['claimed'] = (...args) => this.entitlements.claimed(...args);
  released: EntitlementService['released'] = (...args) => this.entitlements.released(...args);
  feeExempt: EntitlementService['feeExempt'] = (...args) => this.entitlements.feeExempt(...args);
  usedThisPeriod: EntitlementService['usedThisPeriod'] = (...args) => this.entitlements.usedThisPeriod(...args);
  setCancelAtPeriodEnd: LifecycleService['setCancelAtPeriodEnd'] = (...args) => this.lifecycle.setCancelAtPeriodEnd(...args);
  comp: LifecycleService['comp'] = (...args) => this.lifecycle.comp(...args);
  pause: LifecycleService['pause'] = (...args) => this.lifecycle.pause(...args);
  startDuePauses: LifecycleService['startDuePauses'] = (...args) => this.lifecycle.startDuePauses(...args);
  changePlan: LifecycleService['changePlan'] = (...args) => this.lifecycle.changePlan(...args);
  cancelNow: LifecycleService['cancelNow'] = (...args) => this.lifecycle.cancelNow(...args);
  advanceCompPeriods: LifecycleService['advanceCompPeriods'] = (...args) => this.lifecycle.advanceCompPeriods(...args);
  renew: LifecycleService['renew'] = (...args) => this.lifecycle.renew(...args);
  myPacks: PackService['myPacks'] = (...args) => this.packs.myPacks(...args);
  saveClassPackProduct: PackService['saveClassPackProduct'] = (...args) => this.packs.saveClassPackProduct(...args);
  classPackProducts: PackService['classPackProducts'] = (...args) => this.packs.classPackProducts(...args);
  fulfilPacks: PackService['fulfilPacks'] = (...args) => this.packs.fulfilPacks(...args);
  revokePacks: PackService['revokePacks'] = (...args) => this.packs.revokePacks(...args);
  grantClassPack: PackService['grantClassPack'] = (...args) => this.packs.grantClassPack(...args);
  grantPack: PackService['grantPack'] = (...args) => this.packs.grantPack(...args);

  /** The member's memberships: live ones, then those ended in the last year. */
  myMemberships(em: EntityManager, actor: Actor): Promise<Membership[]> {
    return em.find(
      Membership,
      { holder: actor.id, $or: [{ status: { $ne: MembershipStatus.canceled } }, { canceledAt: { $gt: addDays(new Date(), -365) } }] },
      { populate: ['plan', 'nextPlan'], orderBy: { createdAt: 'desc', id: 'asc' } },
    );
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
}
