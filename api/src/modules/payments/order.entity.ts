import {
  Check,
  Collection,
  Entity,
  Enum,
  Index,
  ManyToOne,
  OneToMany,
  OneToOne,
  OptionalProps,
  PrimaryKey,
  Property,
  types,
} from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { User } from '../users/user.entity.js';
import { CheckoutSession } from './checkout-session.entity.js';

export enum OrderStatus {
  paid = 'paid',
  partially_refunded = 'partially_refunded',
  refunded = 'refunded',
  /**
   * A front-desk sale charged to a member's account: the goods were handed over, no money was taken. Its money is the
   * invoice's payment (an online payment is an order of its own; cash or a transfer is recorded on the invoice), so
   * this order never counts as money received — counting both would count the sale twice.
   */
  on_account = 'on_account',
  /** An on-account sale given back before its invoice was paid: its invoice was voided, nothing was paid or refunded. */
  cancelled = 'cancelled',
}
registerEnumType(OrderStatus, {
  name: 'OrderStatus',
  valuesConfig: {
    on_account: { description: "Charged to a member's account at the front desk: paid through its invoice, not counted as money here" },
    cancelled: { description: 'An on-account sale given back before its invoice was paid' },
  },
});

export enum OrderLineKind {
  class = 'class',
  product = 'product',
  /** A membership's billing period, paid by its subscription's invoice. */
  membership = 'membership',
}
registerEnumType(OrderLineKind, { name: 'OrderLineKind' });

/**
 * What a paid checkout bought: made once per checkout session, by the webhook (or the test provider's Pay). A sale at
 * the front desk (pos module) is an order too: without a checkout session, and without an owner for a walk-in.
 */
@ObjectType({ description: 'A paid order with its lines' })
@Entity({ tableName: 'shop_order' })
@Index({ properties: ['createdAt'] })
@Check({ name: 'shop_order_amounts', expression: 'total_cents >= 0 and refunded_cents >= 0 and refunded_cents <= total_cents' })
export class Order {
  [OptionalProps]?: 'status' | 'createdAt' | 'refundedCents';

  @Field(() => ID) @PrimaryKey({ type: 'uuid' }) id: string = randomUUID();
  /** The member who paid; null for a walk-in at the front desk. */
  @ManyToOne(() => User, { deleteRule: 'restrict', index: true, nullable: true }) owner: User | null;
  /** Null for a sale at the front desk. */
  @OneToOne(() => CheckoutSession, { deleteRule: 'restrict', unique: true, owner: true, nullable: true })
  checkoutSession: CheckoutSession | null;
  @Field(() => Int, { description: 'In cents' }) @Property() totalCents: number;
  @Field(() => Int, { description: 'In cents' }) @Property({ default: 0 }) refundedCents: number = 0;
  @Field(() => OrderStatus) @Enum({ items: () => OrderStatus, default: OrderStatus.paid }) status: OrderStatus = OrderStatus.paid;
  /** The provider's payment (Stripe PaymentIntent id): refunds are made against it. */
  @Property({ length: 255, nullable: true, index: true }) paymentIntentId: string | null = null;
  /** A membership's payment: the subscription invoice it records (once per invoice) and its subscription. */
  @Property({ length: 255, nullable: true, unique: true }) providerInvoiceId: string | null = null;
  @Property({ length: 255, nullable: true, index: true }) providerSubscriptionId: string | null = null;
  /** The end of the billing period the subscription invoice paid for: the latest period is the one an early end refunds. */
  @Property({ type: types.datetime, nullable: true }) providerPeriodEnd: Date | null = null;
  @OneToMany(() => OrderLine, (l) => l.order, { orderBy: { position: 'asc' } }) lines = new Collection<OrderLine>(this);
  @OneToMany(() => Refund, (r) => r.order, { orderBy: { createdAt: 'asc' } }) refunds = new Collection<Refund>(this);
  @Field() @Property({ type: types.datetime, defaultRaw: 'now()' }) createdAt: Date = new Date();
}

@ObjectType({ description: 'One line of an order: a class spot or a product' })
@Entity()
@Check({ name: 'order_line_amounts', expression: 'quantity >= 1 and unit_cents >= 0' })
export class OrderLine {
  [OptionalProps]?: 'refundedCents';

  @Field(() => ID) @PrimaryKey({ type: 'uuid' }) id: string = randomUUID();
  @ManyToOne(() => Order, { deleteRule: 'cascade', index: true }) order: Order;
  @Property() position: number;
  @Field(() => OrderLineKind) @Enum({ items: () => OrderLineKind }) kind: OrderLineKind;
  @Field() @Property({ length: 300 }) description: string;
  @Field(() => Int) @Property() quantity: number;
  @Field(() => Int, { description: 'In cents' }) @Property() unitCents: number;
  @Field(() => Int, { description: 'In cents' }) @Property({ default: 0 }) refundedCents: number = 0;
  @Property({ type: 'uuid', nullable: true }) bookingId: string | null = null;
  @Property({ type: 'uuid', nullable: true }) variantId: string | null = null;
}

/** A refund we asked the provider for: of a whole order or some of its lines. */
@ObjectType({ description: 'Money given back for (part of) an order' })
@Entity()
@Check({ name: 'refund_amount_positive', expression: 'amount_cents > 0' })
export class Refund {
  [OptionalProps]?: 'createdAt';

  @Field(() => ID) @PrimaryKey({ type: 'uuid' }) id: string = randomUUID();
  @ManyToOne(() => Order, { deleteRule: 'cascade', index: true }) order: Order;
  @Field(() => Int, { description: 'In cents' }) @Property() amountCents: number;
  @Field({ description: 'Why: "Refunded by staff", "Class cancelled before the cutoff"' }) @Property({ length: 200 }) reason: string;
  @Property({ length: 255 }) providerRefundId: string;
  @Field() @Property({ type: types.datetime, defaultRaw: 'now()' }) createdAt: Date = new Date();
}
