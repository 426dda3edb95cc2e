import { Check, Entity, Enum, Index, ManyToOne, OptionalProps, PrimaryKey, Property, types } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { RigPoint } from '../classes/apparatus.entity.js';
import { ClassInstance } from '../classes/class-instance.entity.js';
import { User } from '../users/user.entity.js';
import { Relation } from '../../graphql/relation.js';

export enum BookingStatus {
  /** A spot is reserved in the cart until `holdExpiresAt` (unpaid class, or a spot offered from the waitlist). */
  held = 'held',
  confirmed = 'confirmed',
  cancelled = 'cancelled',
  /** The class ended and the attendee did not check in. */
  no_show = 'no_show',
}
registerEnumType(BookingStatus, { name: 'BookingStatus' });

export enum BookingSource {
  member = 'member',
  staff = 'staff',
  walk_in = 'walk_in',
  waitlist = 'waitlist',
}
registerEnumType(BookingSource, { name: 'BookingSource' });

export enum PaymentStatus {
  free = 'free',
  unpaid = 'unpaid',
  paid = 'paid',
  /** Paid for by a membership or class pack (what paid is in `coveredBy`). */
  covered = 'covered',
}
registerEnumType(PaymentStatus, { name: 'PaymentStatus' });

export enum CancelReason {
  member = 'member',
  staff = 'staff',
  hold_expired = 'hold_expired',
  class_cancelled = 'class_cancelled',
  removed_from_cart = 'removed_from_cart',
}
registerEnumType(CancelReason, { name: 'CancelReason' });

/** Statuses that occupy a spot. Partial unique indexes (see the migration) use the same list. */
export const ACTIVE_BOOKING = [BookingStatus.held, BookingStatus.confirmed] as const;

/** One attendee's place in one class. */
@ObjectType()
@Entity()
@Index({ properties: ['attendee', 'status'] })
@Index({ properties: ['status', 'holdExpiresAt'] })
@Index({
  name: 'booking_one_active_per_attendee',
  expression: `create unique index "booking_one_active_per_attendee" on "booking" ("class_instance_id", "attendee_id") where "status" in ('held', 'confirmed')`,
})
@Index({
  name: 'booking_one_active_per_rig_point',
  expression: `create unique index "booking_one_active_per_rig_point" on "booking" ("class_instance_id", "rig_point_id") where "status" in ('held', 'confirmed') and "rig_point_id" is not null`,
})
// Who came to the classes of a period (the admin dashboard's visitors), read from the index alone.
@Index({
  name: 'booking_checked_in_attendees',
  expression: `create index "booking_checked_in_attendees" on "booking" ("class_instance_id", "attendee_id") where "checked_in_at" is not null`,
})
@Check({ name: 'booking_held_has_expiry', expression: `status <> 'held' or hold_expires_at is not null` })
@Check({ name: 'booking_price_nonnegative', expression: 'price_cents >= 0' })
@Check({ name: 'booking_fee_nonnegative', expression: 'fee_cents >= 0' })
export class Booking {
  [OptionalProps]?: 'status' | 'createdAt' | 'lateCancel' | 'source' | 'paymentStatus' | 'feeCents' | 'feeInvoiceId';

  @Field(() => ID) @PrimaryKey({ type: 'uuid' }) id: string = randomUUID();
  @Field(() => ClassInstance)
  @Relation()
  @ManyToOne(() => ClassInstance, { deleteRule: 'restrict', index: true })
  classInstance: ClassInstance;
  @Field(() => User) @Relation() @ManyToOne(() => User, { deleteRule: 'restrict' }) attendee: User;
  /** Exposed as a PersonSummary by a field resolver: a member sees who booked them by name only. */
  @ManyToOne(() => User, { deleteRule: 'restrict', index: true })
  bookedBy: User;
  @Field(() => BookingStatus) @Enum({ items: () => BookingStatus }) status: BookingStatus;
  @Field(() => Date, { nullable: true }) @Property({ type: types.datetime, nullable: true }) holdExpiresAt: Date | null = null;
  @Field(() => BookingSource) @Enum({ items: () => BookingSource, default: BookingSource.member }) source: BookingSource =
    BookingSource.member;
  @Field(() => PaymentStatus) @Enum({ items: () => PaymentStatus }) paymentStatus: PaymentStatus;
  @Field(() => Int, { description: 'Price at booking time, in cents' }) @Property() priceCents: number;
  @Field(() => String, { nullable: true, description: 'What paid for the booking when not the cart: a membership or class pack' })
  @Property({ length: 200, nullable: true })
  coveredBy: string | null = null;
  @Field(() => RigPoint, { nullable: true })
  @Relation()
  @ManyToOne(() => RigPoint, { nullable: true, deleteRule: 'set null' })
  rigPoint: RigPoint | null = null;
  @Field(() => Date, { nullable: true }) @Property({ type: types.datetime, nullable: true }) checkedInAt: Date | null = null;
  @Field(() => Date, { nullable: true }) @Property({ type: types.datetime, nullable: true }) cancelledAt: Date | null = null;
  @Field(() => CancelReason, { nullable: true }) @Enum({ items: () => CancelReason, nullable: true }) cancelReason: CancelReason | null =
    null;
  @Field(() => Int, { description: 'Late-cancellation or no-show fee charged for this booking (an invoice), in cents; 0: none' })
  @Property({ default: 0 })
  feeCents: number = 0;
  /** The invoice the fee was charged on: set once, so a booking is charged at most one fee. */
  @Property({ type: 'uuid', nullable: true, unique: true })
  feeInvoiceId: string | null = null;
  @Field({ description: 'Cancelled after the cancellation cutoff' }) @Property({ default: false }) lateCancel: boolean = false;
  @Field() @Property({ type: types.datetime, defaultRaw: 'now()' }) createdAt: Date = new Date();
}
