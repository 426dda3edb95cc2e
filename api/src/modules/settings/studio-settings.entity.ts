import { Check, Entity, PrimaryKey, Property } from '@mikro-orm/core';
import { Field, Int, ObjectType } from 'type-graphql';

/** Studio-wide booking rules that admins can change (a single row, id 1). */
@ObjectType({ description: 'Booking rules for the whole studio' })
@Entity()
@Check({ name: 'studio_settings_single_row', expression: 'id = 1' })
@Check({ name: 'studio_settings_fees_nonnegative', expression: 'late_cancel_fee_cents >= 0 and no_show_fee_cents >= 0' })
export class StudioSettings {
  @PrimaryKey({ autoincrement: false }) id: number = 1;

  @Field(() => Int, { description: 'How many days ahead a class opens for booking' })
  @Property({ default: 30 })
  bookingWindowDays: number = 30;

  @Field(() => Int, { description: 'Members may cancel until this many hours before class; later counts as a late cancellation' })
  @Property({ default: 12 })
  cancellationCutoffHours: number = 12;

  @Field(() => Int, { description: 'Minutes a booked, unpaid spot is held in the cart' })
  @Property({ default: 15 })
  holdMinutes: number = 15;

  @Field(() => Int, { description: 'Hours a spot offered from the waitlist is held (or until 2 hours before class, whichever is first)' })
  @Property({ default: 12 })
  waitlistOfferHours: number = 12;

  @Field({ description: 'A late cancellation or a no-show uses up the membership class or pack credit that paid (false: it goes back)' })
  @Property({ default: true })
  lateCancelUsesCredit: boolean = true;

  @Field(() => Int, { description: "Fee for a late cancellation, in cents, added to the member's account as an invoice (0: none)" })
  @Property({ default: 0 })
  lateCancelFeeCents: number = 0;

  @Field(() => Int, { description: "Fee for a no-show, in cents, added to the member's account as an invoice (0: none)" })
  @Property({ default: 0 })
  noShowFeeCents: number = 0;

  @Field(() => Int, { description: 'Days a membership whose renewal payment failed keeps covering classes before it is suspended' })
  @Property({ default: 3 })
  membershipGraceDays: number = 3;
}
