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
import { Order } from '../payments/order.entity.js';
import { User } from '../users/user.entity.js';

export enum PosSaleStatus {
  /** On the register: items may be added, removed and discounted. */
  open = 'open',
  /**
   * Waiting for the customer's card: a checkout session was made for it (its link shown as a QR code) and holds its
   * stock. Nothing can change until it is paid (then completed, by the webhook) or the payment is cancelled or expires
   * (then open again).
   */
  awaiting_card = 'awaiting_card',
  /** Paid: an order was recorded, stock taken and drop-ins booked. */
  completed = 'completed',
  /** Paid, then given back in full: stock returned, spots freed. */
  refunded = 'refunded',
  /** Abandoned before payment: nothing was taken. */
  voided = 'voided',
}
registerEnumType(PosSaleStatus, { name: 'PosSaleStatus' });

export enum PosPaymentMethod {
  cash = 'cash',
  /** By card, through a checkout link the customer scanned as a QR code and paid on their phone. */
  card = 'card',
  /** Charged to the member's account: an invoice was made and sent for it (the member pays it later). */
  account = 'account',
}
registerEnumType(PosPaymentMethod, { name: 'PosPaymentMethod', description: 'How a front-desk sale was paid' });

/** What a register line sells, as the end-of-day report groups it. */
export enum PosCategory {
  merchandise = 'merchandise',
  snacks = 'snacks',
  dropin = 'dropin',
  /** A class pack (a product of category membership): paying makes the member's packs, as a shop purchase does. */
  packs = 'packs',
}
registerEnumType(PosCategory, { name: 'PosCategory', description: 'merchandise, snacks, class packs, or a drop-in class of today' });

/**
 * A sale at the front desk (/admin/pos). It stays open while the cart is built; paying it records an order through
 * payments (stock taken by products, drop-ins booked by bookings) in one transaction. Amounts are integer cents.
 */
@ObjectType({ description: 'A sale at the front desk register' })
@Entity()
@Index({ properties: ['businessDate', 'status'] })
@Index({ properties: ['refundDate'] })
@Check({ name: 'pos_sale_discount_nonnegative', expression: 'discount_cents >= 0' })
@Check({ name: 'pos_sale_cash_amounts', expression: 'tendered_cents is null or (tendered_cents >= 0 and change_cents >= 0)' })
export class PosSale {
  [OptionalProps]?: 'status' | 'discountCents' | 'createdAt' | 'member';

  @Field(() => ID) @PrimaryKey({ type: 'uuid' }) id: string = randomUUID();
  @Field(() => PosSaleStatus) @Enum({ items: () => PosSaleStatus, default: PosSaleStatus.open }) status: PosSaleStatus = PosSaleStatus.open;
  /** The member buying; null for a walk-in. Exposed by a field resolver. */
  @ManyToOne(() => User, { nullable: true, deleteRule: 'set null' }) member: User | null = null;
  /** Who rang it up. */
  @ManyToOne(() => User, { nullable: true, deleteRule: 'set null' }) cashier: User | null;
  @OneToMany(() => PosSaleLine, (l) => l.sale, { orderBy: { addedAt: 'asc', id: 'asc' } }) lines = new Collection<PosSaleLine>(this);
  @Field(() => Int, { description: 'A discount on the whole sale, in cents' }) @Property({ default: 0 }) discountCents: number = 0;
  @Field(() => String, { nullable: true, description: 'Why the sale was discounted' })
  @Property({ length: 200, nullable: true })
  discountReason: string | null = null;
  @Field(() => PosPaymentMethod, { nullable: true })
  @Enum({ items: () => PosPaymentMethod, nullable: true })
  paymentMethod: PosPaymentMethod | null = null;
  @Field(() => Int, { nullable: true, description: 'Cash handed over, in cents' })
  @Property({ type: types.integer, nullable: true })
  tenderedCents: number | null = null;
  @Field(() => Int, { nullable: true, description: 'Change given back, in cents' })
  @Property({ type: types.integer, nullable: true })
  changeCents: number | null = null;
  /** What was paid (after discounts), fixed when paid. */
  @Property({ type: types.integer, nullable: true }) paidCents: number | null = null;
  /** The checkout session of the card payment it is waiting for (payments), while awaiting_card. */
  @Property({ type: 'uuid', nullable: true }) cardCheckoutId: string | null = null;
  @Field(() => String, {
    nullable: true,
    description: 'The card payment link the customer opens (shown as a QR code), while awaiting_card',
  })
  @Property({ type: types.text, nullable: true })
  cardPaymentUrl: string | null = null;
  @Field(() => Date, { nullable: true, description: 'When the card payment link expires, while awaiting_card' })
  @Property({ type: types.datetime, nullable: true })
  cardPaymentExpiresAt: Date | null = null;
  /** The order payments recorded for it. */
  @OneToOne(() => Order, { nullable: true, owner: true, unique: true, deleteRule: 'restrict' }) order: Order | null = null;
  /** The invoice a sale charged to the member's account made (invoices). */
  @Field(() => ID, { nullable: true, description: "The invoice made when the sale was charged to the member's account" })
  @Property({ type: 'uuid', nullable: true })
  invoiceId: string | null = null;
  @Field(() => String, { nullable: true, description: 'The studio day (YYYY-MM-DD) the sale was paid on' })
  @Property({ type: types.date, nullable: true })
  businessDate: string | null = null;
  @Field(() => String, { nullable: true, description: 'The studio day (YYYY-MM-DD) the sale was refunded on' })
  @Property({ type: types.date, nullable: true })
  refundDate: string | null = null;
  @Field(() => String, { nullable: true }) @Property({ length: 200, nullable: true }) refundReason: string | null = null;
  @Field() @Property({ type: types.datetime, defaultRaw: 'now()' }) createdAt: Date = new Date();
  @Field(() => Date, { nullable: true }) @Property({ type: types.datetime, nullable: true }) completedAt: Date | null = null;
}

/** One line of a register sale: a product option or a drop-in spot in one of today's classes. */
@ObjectType({ description: 'A line of a register sale' })
@Entity()
@Index({
  name: 'pos_sale_line_variant_unique',
  expression:
    'create unique index "pos_sale_line_variant_unique" on "pos_sale_line" ("sale_id", "variant_id") where "variant_id" is not null',
})
@Index({
  name: 'pos_sale_line_class_unique',
  expression:
    'create unique index "pos_sale_line_class_unique" on "pos_sale_line" ("sale_id", "class_instance_id") where "class_instance_id" is not null',
})
// As PostgreSQL prints it back (no `between`), so that `migration:create` sees no change in it.
@Check({ name: 'pos_sale_line_amounts', expression: 'quantity >= 1 and quantity <= 99 and unit_cents >= 0 and discount_cents >= 0' })
@Check({ name: 'pos_sale_line_one_item', expression: '(variant_id is null) <> (class_instance_id is null)' })
export class PosSaleLine {
  [OptionalProps]?: 'discountCents' | 'addedAt';

  @Field(() => ID) @PrimaryKey({ type: 'uuid' }) id: string = randomUUID();
  @ManyToOne(() => PosSale, { deleteRule: 'cascade', index: true }) sale: PosSale;
  /** Lines are added by SQL (an upsert), so the database stamps them; the sale lists them in this order. */
  @Property({ type: types.datetime, defaultRaw: 'clock_timestamp()' }) addedAt: Date;
  @Field(() => PosCategory) @Enum({ items: () => PosCategory }) category: PosCategory;
  @Field(() => ID, { nullable: true, description: 'The product option sold' }) @Property({ type: 'uuid', nullable: true }) variantId:
    string | null = null;
  @Field(() => ID, { nullable: true, description: 'The class a drop-in spot is for' })
  @Property({ type: 'uuid', nullable: true })
  classInstanceId: string | null = null;
  @Field() @Property({ length: 300 }) description: string;
  @Field(() => Int) @Property() quantity: number;
  @Field(() => Int, { description: 'Price of one, in cents' }) @Property() unitCents: number;
  @Field(() => Int, { description: 'Taken off this line, in cents' }) @Property({ default: 0 }) discountCents: number = 0;
  @Field(() => String, { nullable: true }) @Property({ length: 200, nullable: true }) discountReason: string | null = null;
  /** A drop-in the member's membership or pack pays for (its label, e.g. "Unlimited"): booked as covered, at $0. */
  @Field(() => String, { nullable: true, description: 'What pays for this drop-in instead of the sale ("Unlimited", a pack)' })
  @Property({ length: 200, nullable: true })
  coveredBy: string | null = null;
  /** The booking a paid drop-in made. */
  @Property({ type: 'uuid', nullable: true }) bookingId: string | null = null;
}

/** A studio day an admin closed at the register: its sales and refunds can no longer change, its report is kept. */
@Entity()
export class PosDay {
  [OptionalProps]?: 'closedAt';

  @PrimaryKey({ type: types.date }) date: string;
  @Property({ type: types.datetime, defaultRaw: 'now()' }) closedAt: Date = new Date();
  @ManyToOne(() => User, { nullable: true, deleteRule: 'set null' }) closedBy: User | null;
  @Property({ type: types.integer, nullable: true }) countedCashCents: number | null = null;
}
