import { ArgsType, Field, ID, Int, ObjectType } from 'type-graphql';
import { Paginated } from '../../common/paging.js';
import { IsDateOnly } from '../../common/validators.js';
import { Booking } from '../bookings/booking.entity.js';
import { PersonSummary } from '../users/person-summary.js';

@ArgsType()
export class DateRangeArgs {
  @Field() @IsDateOnly() from: string;
  @Field() @IsDateOnly() to: string;
}

@ArgsType()
export class StaffBookingArgs {
  @Field(() => ID) classInstanceId: string;
  @Field(() => ID) attendeeId: string;
  @Field({ defaultValue: false, description: 'A walk-in: booked and checked in at once' }) walkIn: boolean;
  @Field({ defaultValue: false, description: 'Admins only: book even when the class is full' }) overCapacity: boolean;
  @Field(() => ID, { nullable: true, description: 'For classes with rig points; the first free one when omitted' }) rigPointId?: string;
}

@ObjectType({ description: 'Someone staff may book into a class: what a roster needs, no contact details or birthday' })
export class AttendeeCandidate {
  @Field(() => ID) id: string;
  @Field() firstName: string;
  @Field() lastName: string;
  @Field(() => Int, { description: "Age in whole years on the studio's today" }) age: number;
  @Field({ description: 'Under 18' }) isMinor: boolean;
  @Field() waiverSigned: boolean;
  @Field(() => PersonSummary, { nullable: true, description: 'The parent who manages them' }) guardian: PersonSummary | null;
}

@ObjectType()
export class BookingPage extends Paginated(Booking) {}
