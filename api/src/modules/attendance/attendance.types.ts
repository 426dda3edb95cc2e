import { IsOptional, MaxLength } from 'class-validator';
import { ArgsType, Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { PageArgs, Paginated, SortDirection } from '../../common/paging.js';
import { IsDateOnly } from '../../common/validators.js';
import { Booking } from '../bookings/booking.entity.js';
import { PersonSummary } from '../users/person-summary.js';
import { User } from '../users/user.entity.js';

@ArgsType()
export class DateRangeArgs {
  @Field() @IsDateOnly() from: string;
  @Field() @IsDateOnly() to: string;
}

export enum StudentSortField {
  name = 'name',
  age = 'age',
  bookings = 'bookings',
  attended = 'attended',
  noShows = 'noShows',
  lastAttendedAt = 'lastAttendedAt',
}
registerEnumType(StudentSortField, { name: 'StudentSortField' });

@ArgsType()
export class StudentListArgs extends PageArgs {
  @Field({ nullable: true, description: 'Matches first name, last name or username' }) @IsOptional() @MaxLength(100) search?: string;
  @Field(() => StudentSortField, { defaultValue: StudentSortField.name }) sortField: StudentSortField = StudentSortField.name;
  @Field(() => SortDirection, { defaultValue: SortDirection.ASC }) sortDirection: SortDirection = SortDirection.ASC;
}

@ArgsType()
export class StaffBookingArgs {
  @Field(() => ID) classInstanceId: string;
  @Field(() => ID) attendeeId: string;
  @Field({ defaultValue: false, description: 'A walk-in: booked and checked in at once' }) walkIn: boolean;
  @Field({ defaultValue: false, description: 'Admins only: book even when the class is full' }) overCapacity: boolean;
  @Field(() => ID, { nullable: true, description: 'For classes with rig points; the first free one when omitted' }) rigPointId?: string;
}

@ObjectType({ description: 'A student row of /admin/students' })
export class StudentRow {
  @Field(() => User) user: User;
  @Field(() => PersonSummary, { nullable: true, description: 'The parent who manages them' }) guardian: PersonSummary | null;
  @Field(() => Int) bookings: number;
  @Field(() => Int) attended: number;
  @Field(() => Int) noShows: number;
  @Field(() => Date, { nullable: true }) lastAttendedAt: Date | null;
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
export class StudentPage extends Paginated(StudentRow) {}
@ObjectType()
export class BookingPage extends Paginated(Booking) {}
