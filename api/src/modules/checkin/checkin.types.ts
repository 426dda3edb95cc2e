import { kioskNameLetters, kioskPin, loginUsername } from '@studio/rules';
import { ArrayMaxSize, ArrayMinSize, IsOptional, IsUUID, Length, MaxLength } from 'class-validator';
import { ArgsType, Field, ID, ObjectType } from 'type-graphql';
import { Rule } from '../../common/validators.js';

@ObjectType({ description: 'A booking as the kiosk shows it: first name and class only' })
export class KioskBooking {
  @Field(() => ID) bookingId: string;
  @Field() attendeeFirstName: string;
  @Field() className: string;
  @Field() apparatusName: string;
  @Field() startTime: string;
  @Field() checkedIn: boolean;
}

@ObjectType({ description: 'A member identified at the kiosk for five minutes' })
export class KioskSessionPayload {
  @Field({ description: 'Pass to kioskCheckIn; valid 5 minutes' }) token: string;
  @Field() firstName: string;
  @Field(() => [KioskBooking]) bookings: KioskBooking[];
}

@ObjectType()
export class MyCheckIn {
  @Field({ description: 'Shown as a QR code on the dashboard; valid 30 days' }) code: string;
  @Field() hasPin: boolean;
}

@ArgsType()
export class KioskPinArgs {
  @Field() @Rule(loginUsername) username: string;
  @Field() @Rule(kioskPin) pin: string;
}

@ArgsType()
export class KioskCodeArgs {
  @Field() @Length(10, 2000) code: string;
}

@ArgsType()
export class KioskCheckInArgs {
  @Field() @MaxLength(2000) token: string;
  @Field(() => [ID])
  @ArrayMinSize(1, { message: 'Choose who is checking in.' })
  @ArrayMaxSize(20)
  @IsUUID('all', { each: true })
  bookingIds: string[];
}

@ArgsType()
export class PinArgs {
  @Field() pin: string;
}

@ObjectType({ description: 'Someone booked into a class open for check-in, as the shared kiosk screen shows them' })
export class KioskEntry {
  @Field(() => ID) bookingId: string;
  @Field({ description: 'First name and last initial, e.g. "Mia R."' }) name: string;
  @Field() className: string;
  @Field({ description: 'HH:MM in the studio time zone' }) startTime: string;
  @Field() checkedIn: boolean;
  @Field({ description: "Whether the family's check-in PIN is asked for before their check-in opens" }) needsPin: boolean;
}

@ObjectType({ description: 'A screen set up by staff as the front-desk kiosk, where members can find themselves by name' })
export class KioskScreenInfo {
  @Field({ description: 'First name and last initial of the staff member who set it up' }) setUpBy: string;
  @Field({ description: 'Set it up again after this' }) expiresAt: Date;
}

@ObjectType()
export class KioskScreenSetup extends KioskScreenInfo {
  @Field({ description: 'Kept on the kiosk screen and passed to the kiosk name lookups' }) deviceToken: string;
}

@ArgsType()
export class KioskScreenArgs {
  @Field() @Length(10, 2000) deviceToken: string;
}

@ArgsType()
export class KioskFindArgs extends KioskScreenArgs {
  @Field({ description: 'The first letters of a first or last name, or of both ("mia r")' }) @Rule(kioskNameLetters) letters: string;
}

@ArgsType()
export class KioskRosterArgs extends KioskScreenArgs {
  @Field(() => ID) @IsUUID('all') classInstanceId: string;
}

@ArgsType()
export class KioskTapInArgs extends KioskScreenArgs {
  @Field(() => ID) @IsUUID('all') bookingId: string;
  @Field(() => String, { nullable: true, description: "The family's check-in PIN, when the entry needs one" })
  @IsOptional()
  @Rule(kioskPin)
  pin?: string | null;
}
