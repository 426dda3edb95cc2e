import { Check, Entity, Enum, Index, ManyToOne, OptionalProps, PrimaryKey, Property, types } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Relation } from '../../graphql/relation.js';
import { Booking } from '../bookings/booking.entity.js';
import { User } from '../users/user.entity.js';

export enum BillingInterval {
  month = 'month',
  year = 'year',
}
registerEnumType(BillingInterval, { name: 'BillingInterval' });

export enum MembershipStatus {
  active = 'active',
  /** The last renewal failed: still covers classes for the grace period, then suspended. */
  past_due = 'past_due',
  suspended = 'suspended',
  paused = 'paused',
  canceled = 'canceled',
}
registerEnumType(MembershipStatus, { name: 'MembershipStatus' });

/** What a membership sells: a price per month or year, unlimited or N classes a period, which classes, whose. */
@ObjectType({ description: 'A membership plan members subscribe to' })
@Entity()
@Check({ name: 'membership_plan_amounts', expression: 'price_cents >= 0 and sign_up_fee_cents >= 0 and family_members >= 0' })
@Check({ name: 'membership_plan_classes_positive', expression: 'classes_per_period is null or classes_per_period > 0' })
export class MembershipPlan {
  [OptionalProps]?:
    'description' | 'familyMembers' | 'signUpFeeCents' | 'active' | 'createdAt' | 'coveredApparatusIds' | 'classesPerPeriod';

  @Field(() => ID) @PrimaryKey({ type: 'uuid' }) id: string = randomUUID();
  @Field() @Property({ length: 100 }) name: string;
  @Field() @Property({ type: types.text, default: '' }) description: string = '';
  @Field(() => Int, { description: 'Price per billing period, in cents' }) @Property() priceCents: number;
  @Field(() => BillingInterval) @Enum({ items: () => BillingInterval }) interval: BillingInterval;
  @Field(() => Int, { nullable: true, description: 'Classes covered each billing period; null means unlimited' })
  @Property({ type: types.integer, nullable: true })
  classesPerPeriod: number | null = null;
  /** The apparatus (class types) covered; empty covers every class. Exposed as `coveredApparatus`. */
  @Property({ type: types.array, default: '{}' })
  coveredApparatusIds: string[] = [];
  @Field(() => Int, { description: 'Children of the holder also covered (0: the holder only)' })
  @Property({ default: 0 })
  familyMembers: number = 0;
  @Field(() => Int, { description: 'Charged once with the first payment, in cents' }) @Property({ default: 0 }) signUpFeeCents: number = 0;
  @Field({ description: 'Offered to members; inactive plans keep their memberships' }) @Property({ default: true }) active: boolean = true;
  @Property({ length: 100, nullable: true }) stripeProductId: string | null = null;
  @Property({ length: 100, nullable: true }) stripePriceId: string | null = null;
  @Field() @Property({ type: types.datetime, defaultRaw: 'now()' }) createdAt: Date = new Date();
}

/** One member's membership on a plan: billed by the payment provider, or comped by an admin. */
@ObjectType()
@Entity()
@Index({ properties: ['holder', 'status'] })
@Index({
  name: 'membership_provider_subscription',
  expression: `create unique index "membership_provider_subscription" on "membership" ("provider_subscription_id") where "provider_subscription_id" is not null`,
})
export class Membership {
  [OptionalProps]?: 'status' | 'cancelAtPeriodEnd' | 'comp' | 'failedPayments' | 'createdAt' | 'periodFromProvider' | 'duplicate';

  @Field(() => ID) @PrimaryKey({ type: 'uuid' }) id: string = randomUUID();
  /** Exposed as a PersonSummary by a field resolver. */
  @ManyToOne(() => User, { deleteRule: 'restrict' }) holder: User;
  @Field(() => MembershipPlan) @Relation() @ManyToOne(() => MembershipPlan, { deleteRule: 'restrict', index: true }) plan: MembershipPlan;
  @Field(() => MembershipStatus) @Enum({ items: () => MembershipStatus, default: MembershipStatus.active }) status: MembershipStatus =
    MembershipStatus.active;
  @Field() @Property({ type: types.datetime }) currentPeriodStart: Date;
  @Field({ description: 'Renews (or ends, when cancelled at period end) at this moment' })
  @Property({ type: types.datetime })
  currentPeriodEnd: Date;
  @Field() @Property({ default: false }) cancelAtPeriodEnd: boolean = false;
  @Field({ description: 'Granted free of charge by the studio' }) @Property({ default: false }) comp: boolean = false;
  @Field(() => Date, { nullable: true }) @Property({ type: types.datetime, nullable: true }) pausedFrom: Date | null = null;
  @Field(() => Date, { nullable: true }) @Property({ type: types.datetime, nullable: true }) pausedUntil: Date | null = null;
  @Field(() => Date, { nullable: true, description: 'When the renewal payment first failed (past due since)' })
  @Property({ type: types.datetime, nullable: true })
  pastDueSince: Date | null = null;
  @Field(() => Int, { description: 'Failed renewal payments since the last successful one' })
  @Property({ default: 0 })
  failedPayments: number = 0;
  @Field(() => MembershipPlan, { nullable: true, description: 'The plan it changes to from the next period' })
  @Relation()
  @ManyToOne(() => MembershipPlan, { nullable: true, deleteRule: 'set null' })
  nextPlan: MembershipPlan | null = null;
  @Property({ length: 100, nullable: true }) providerSubscriptionId: string | null = null;
  /** The end of the newest period paid for: a failed payment for a period up to here came before a later success. */
  @Property({ type: types.datetime, nullable: true }) paidThrough: Date | null = null;
  /**
   * Whether the current period is the provider's own: a membership made from its checkout alone starts with a period
   * of our reckoning, which the first event that names the period replaces (even with an earlier end).
   */
  @Property({ default: false }) periodFromProvider: boolean = false;
  /** The provider's timestamp of the newest subscription state applied (older events arriving late change nothing). */
  @Property({ type: types.datetime, nullable: true }) providerStateAt: Date | null = null;
  /**
   * The pause's end as last sent to Stripe (pause_collection.resumes_at), or null when collection is not paused there:
   * a pause is sent when it starts (the memberships-pause-collection job), so renewals before it are still charged.
   */
  @Property({ type: types.datetime, nullable: true }) providerPausedUntil: Date | null = null;
  @Field(() => Date, { nullable: true }) @Property({ type: types.datetime, nullable: true }) canceledAt: Date | null = null;
  /**
   * A second subscription to a plan its holder already had live (a checkout left open in another tab, a membership
   * given meanwhile): ended as it arrived, and every payment it took refunded in full.
   */
  @Field({ description: 'A second subscription to a plan already held: ended at once and refunded' })
  @Property({ default: false })
  duplicate: boolean = false;
  @Field(() => Int, { nullable: true, description: 'Refunded to their card when an admin ended it now with a refund, in cents' })
  @Property({ type: types.integer, nullable: true })
  refundedCents: number | null = null;
  @Field() @Property({ type: types.datetime, defaultRaw: 'now()' }) createdAt: Date = new Date();
}

/** N classes valid D days from purchase, bought in the shop (a product of category membership) or given by staff. */
@ObjectType({ description: 'A class pack: classes to use before it expires' })
@Entity()
@Index({ properties: ['owner', 'expiresAt'] })
@Check({ name: 'class_pack_used_within', expression: 'used >= 0 and used <= classes' })
export class ClassPack {
  [OptionalProps]?: 'used' | 'createdAt' | 'purchaseKey';

  @Field(() => ID) @PrimaryKey({ type: 'uuid' }) id: string = randomUUID();
  @ManyToOne(() => User, { deleteRule: 'restrict' }) owner: User;
  @Field() @Property({ length: 200 }) name: string;
  @Field(() => Int) @Property() classes: number;
  @Field(() => Int, { description: 'Classes used (late cancellations and no-shows count when the studio says so)' })
  @Property({ default: 0 })
  used: number = 0;
  @Field({ description: 'Valid for classes starting before this moment' }) @Property({ type: types.datetime }) expiresAt: Date;
  /** The order line and unit that bought it (`<line id>:<unit>`), so a repeated fulfilment makes no second pack. */
  @Property({ length: 100, nullable: true, unique: true }) purchaseKey: string | null = null;
  @Field() @Property({ type: types.datetime, defaultRaw: 'now()' }) createdAt: Date = new Date();
}

/** Which entitlement paid for a booking: one row per covered booking, returned when cancelled in time. */
@Entity()
@Index({ properties: ['membership', 'periodStart'] })
export class EntitlementUse {
  [OptionalProps]?: 'createdAt' | 'returnedAt' | 'membership' | 'pack' | 'periodStart';

  @ManyToOne(() => Booking, { primary: true, deleteRule: 'cascade' }) booking: Booking;
  @ManyToOne(() => Membership, { nullable: true, deleteRule: 'cascade' }) membership: Membership | null = null;
  @ManyToOne(() => ClassPack, { nullable: true, deleteRule: 'cascade', index: true }) pack: ClassPack | null = null;
  /** The billing period of the class's date (limited plans count uses per period). */
  @Property({ type: types.datetime, nullable: true }) periodStart: Date | null = null;
  @Property({ type: types.datetime, nullable: true }) returnedAt: Date | null = null;
  @Property({ type: types.datetime, defaultRaw: 'now()' }) createdAt: Date = new Date();
}

export enum MembershipCheckoutStatus {
  open = 'open',
  completed = 'completed',
}
registerEnumType(MembershipCheckoutStatus, { name: 'MembershipCheckoutStatus' });

/** A member's checkout for a plan (subscription mode); completed by the webhook, which links the new membership. */
@ObjectType({ description: 'A subscription checkout: /membership-success shows its membership once the webhook has made it' })
@Entity()
export class MembershipCheckout {
  [OptionalProps]?: 'status' | 'createdAt' | 'membership';

  @PrimaryKey({ type: 'uuid' }) id: string = randomUUID();
  @Field() @Property({ length: 200, unique: true }) providerSessionId: string;
  @ManyToOne(() => User, { deleteRule: 'cascade', index: true }) owner: User;
  @Field(() => MembershipPlan) @Relation() @ManyToOne(() => MembershipPlan, { deleteRule: 'cascade' }) plan: MembershipPlan;
  @Field(() => MembershipCheckoutStatus)
  @Enum({ items: () => MembershipCheckoutStatus, default: MembershipCheckoutStatus.open })
  status: MembershipCheckoutStatus = MembershipCheckoutStatus.open;
  @Field(() => Membership, { nullable: true })
  @Relation()
  @ManyToOne(() => Membership, { nullable: true, deleteRule: 'set null' })
  membership: Membership | null = null;
  @Field() @Property({ type: types.datetime, defaultRaw: 'now()' }) createdAt: Date = new Date();
}
