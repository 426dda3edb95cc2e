import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import { badInput, notFound } from '../../../graphql/errors.js';
import { log } from '../../../logger.js';
import type { SubscriptionBilling } from '../../payments/payment-provider.js';
import type { PaymentService } from '../../payments/payments.service.js';
import { BillingInterval, Membership, MembershipPlan } from '../membership.entity.js';
import { LIVE, stripeUnavailable } from '../membership-terms.js';

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

/** Membership plans: the studio's list, and each plan kept in step with its product and price at Stripe. */
export class PlanService {
  constructor(private readonly payments: PaymentService) {}

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
  get billing(): SubscriptionBilling | null {
    const provider = this.payments.provider;
    return provider && provider.mode !== 'test_provider' ? (provider.billing ?? null) : null;
  }

  /**
   * The plan's product at Stripe (made or updated), and a new price when the price changed or there is none yet (the
   * previous one archived). Idempotency keys name the plan and the price it replaces, so a retry after a failure
   * half way (or two first syncs at once) makes no second product or price.
   */
  async syncPlan(plan: MembershipPlan, priceChanged: boolean, notDone: string): Promise<void> {
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
}
