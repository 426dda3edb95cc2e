import { Check, Collection, Entity, Enum, Index, ManyToOne, OneToMany, OptionalProps, PrimaryKey, Property, types } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Relation } from '../../graphql/relation.js';
import { ProductVariant } from '../products/product.entity.js';
import { User } from '../users/user.entity.js';

/**
 * draft → open (sent) → paid; open → void or uncollectible; uncollectible → paid or void. Paid and void are final.
 * The service checks each change (invoice.policy) and a trigger in the database refuses any other.
 */
export enum InvoiceStatus {
  draft = 'draft',
  open = 'open',
  paid = 'paid',
  void = 'void',
  uncollectible = 'uncollectible',
}
registerEnumType(InvoiceStatus, { name: 'InvoiceStatus' });

export enum InvoicePaymentMethod {
  /** Paid online through checkout (Stripe or the test provider). */
  card = 'card',
  cash = 'cash',
  bank_transfer = 'bank_transfer',
}
registerEnumType(InvoicePaymentMethod, { name: 'InvoicePaymentMethod' });

/** A bill for a member: lines, a due date and a memo; numbered in order (INV-000001) when created. */
@ObjectType({ description: 'A bill for a member, with its lines; paid online through checkout or recorded as paid by an admin' })
@Entity()
@Index({ properties: ['status', 'dueDate'] })
@Index({ properties: ['createdAt'] })
@Check({ name: 'invoice_total_nonnegative', expression: 'total_cents >= 0' })
@Check({ name: 'invoice_number_positive', expression: 'number >= 1' })
@Check({ name: 'invoice_reminders_range', expression: 'reminders_sent >= 0 and reminders_sent <= 10' })
@Check({
  name: 'invoice_paid_has_payment',
  expression: `(status = 'paid') = (paid_at is not null and payment_method is not null)`,
})
@Check({ name: 'invoice_sent_unless_draft', expression: `status = 'draft' or status = 'void' or sent_at is not null` })
@Check({ name: 'invoice_void_has_time', expression: `(status = 'void') = (voided_at is not null)` })
export class Invoice {
  [OptionalProps]?: 'status' | 'createdAt' | 'updatedAt' | 'memo' | 'remindersSent';

  @Field(() => ID) @PrimaryKey({ type: 'uuid' }) id: string = randomUUID();
  /** Sequential and unique, without gaps: given under a lock inside the creating transaction. */
  @Property({ unique: true }) number: number;
  @Field(() => User) @Relation() @ManyToOne(() => User, { deleteRule: 'restrict', index: true }) member: User;
  @Field(() => InvoiceStatus) @Enum({ items: () => InvoiceStatus, default: InvoiceStatus.draft }) status: InvoiceStatus =
    InvoiceStatus.draft;
  @Field({ description: 'YYYY-MM-DD, the studio date it is due on' }) @Property({ type: types.date }) dueDate: string;
  @Field() @Property({ type: types.text, default: '' }) memo: string = '';
  @Field(() => Int, { description: 'Sum of the lines, in cents' }) @Property() totalCents: number;
  @OneToMany(() => InvoiceLine, (l) => l.invoice, { orderBy: { position: 'asc' } }) lines = new Collection<InvoiceLine>(this);
  @Field(() => Date, { nullable: true, description: 'When it was sent to the member (it became open)' })
  @Property({ type: types.datetime, nullable: true })
  sentAt: Date | null = null;
  @Field(() => Date, { nullable: true }) @Property({ type: types.datetime, nullable: true }) paidAt: Date | null = null;
  @Field(() => InvoicePaymentMethod, { nullable: true })
  @Enum({ items: () => InvoicePaymentMethod, nullable: true })
  paymentMethod: InvoicePaymentMethod | null = null;
  @Field(() => String, { nullable: true, description: "A bank transfer's reference or a cash receipt number" })
  @Property({ length: 200, nullable: true })
  paymentReference: string | null = null;
  /** The online order that paid it. */
  @Property({ type: 'uuid', nullable: true }) orderId: string | null = null;
  /** Who paid online (the member, or their parent). */
  @ManyToOne(() => User, { nullable: true, deleteRule: 'set null' }) paidBy: User | null = null;
  @Field(() => Date, { nullable: true }) @Property({ type: types.datetime, nullable: true }) voidedAt: Date | null = null;
  @Field(() => Date, { nullable: true }) @Property({ type: types.datetime, nullable: true }) uncollectibleAt: Date | null = null;
  @Field(() => String, { nullable: true, description: 'Why it was voided or written off' })
  @Property({ length: 500, nullable: true })
  statusReason: string | null = null;
  /** How many overdue reminders went out (one per step of INVOICE_REMINDER_DAYS). */
  @Field(() => Int) @Property({ default: 0 }) remindersSent: number = 0;
  /** The cart item's product (category invoice) made when it is sent: paying puts this in the member's cart. */
  @ManyToOne(() => ProductVariant, { nullable: true, deleteRule: 'set null', unique: true }) variant: ProductVariant | null = null;
  @ManyToOne(() => User, { nullable: true, deleteRule: 'set null' }) createdBy: User | null = null;
  @Field() @Property({ type: types.datetime, defaultRaw: 'now()' }) createdAt: Date = new Date();
  @Field() @Property({ type: types.datetime, defaultRaw: 'now()', onUpdate: () => new Date() }) updatedAt: Date = new Date();
}

@ObjectType({ description: 'One line of an invoice' })
@Entity()
@Check({ name: 'invoice_line_quantity_range', expression: 'quantity >= 1 and quantity <= 1000' })
export class InvoiceLine {
  @Field(() => ID) @PrimaryKey({ type: 'uuid' }) id: string = randomUUID();
  @ManyToOne(() => Invoice, { deleteRule: 'cascade', index: true }) invoice: Invoice;
  @Property() position: number;
  @Field() @Property({ length: 200 }) description: string;
  @Field(() => Int) @Property() quantity: number;
  @Field(() => Int, { description: 'In cents; negative for a credit' }) @Property() unitCents: number;
}
