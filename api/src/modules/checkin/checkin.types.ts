import { kioskPin, loginUsername } from '@studio/rules';
import { ArrayMaxSize, ArrayMinSize, IsUUID, Length, MaxLength } from 'class-validator';
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
