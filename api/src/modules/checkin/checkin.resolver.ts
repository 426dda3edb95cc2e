import { kioskPin, loginUsername } from '@studio/rules';
import { ArrayMaxSize, ArrayMinSize, IsUUID, Length, MaxLength } from 'class-validator';
import { Args, ArgsType, Authorized, Ctx, Field, ID, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import { Public } from '../../graphql/access.js';
import { Rule } from '../../common/validators.js';
import type { Context } from '../../graphql/context.js';
import { ClassInstance } from '../classes/class-instance.entity.js';
import { User } from '../users/user.entity.js';
import type { KioskSession } from './checkin.service.js';

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
class KioskPinArgs {
  @Field() @Rule(loginUsername) username: string;
  @Field() @Rule(kioskPin) pin: string;
}

@ArgsType()
class KioskCodeArgs {
  @Field() @Length(10, 2000) code: string;
}

@ArgsType()
class KioskCheckInArgs {
  @Field() @MaxLength(2000) token: string;
  @Field(() => [ID])
  @ArrayMinSize(1, { message: 'Choose who is checking in.' })
  @ArrayMaxSize(20)
  @IsUUID('all', { each: true })
  bookingIds: string[];
}

@ArgsType()
class PinArgs {
  @Field() pin: string;
}

function toPayload(session: KioskSession): KioskSessionPayload {
  return {
    token: session.token,
    firstName: session.member.firstName,
    bookings: session.bookings.map((b) => ({
      bookingId: b.id,
      attendeeFirstName: b.attendee.firstName,
      className: b.classInstance.blueprint.name,
      apparatusName: b.classInstance.blueprint.apparatus.name,
      startTime: b.classInstance.startTime,
      checkedIn: b.checkedInAt !== null,
    })),
  };
}

/** The /check-in kiosk. Anonymous visitors see today's open classes but never anyone's name. */
@Resolver()
export class CheckInResolver {
  @Public()
  @Query(() => [ClassInstance], { description: 'Classes open for check-in now (30 minutes before to 15 minutes after start)' })
  kioskClasses(@Ctx() ctx: Context): Promise<ClassInstance[]> {
    return ctx.services.checkIn.openClasses(ctx.em);
  }

  @Public()
  @Mutation(() => KioskSessionPayload, { description: 'Identifies a member by username and check-in PIN (rate-limited)' })
  async kioskSignIn(@Args() { username, pin }: KioskPinArgs, @Ctx() ctx: Context): Promise<KioskSessionPayload> {
    return toPayload(await ctx.services.checkIn.signInWithPin(ctx.em, username, pin, ctx.ip));
  }

  @Public()
  @Mutation(() => KioskSessionPayload, { description: 'Identifies a member by the QR code from their dashboard' })
  async kioskSignInWithCode(@Args() { code }: KioskCodeArgs, @Ctx() ctx: Context): Promise<KioskSessionPayload> {
    return toPayload(await ctx.services.checkIn.signInWithCode(ctx.em, code));
  }

  @Public()
  @Mutation(() => KioskSessionPayload, { description: "Checks in the chosen bookings of the identified member's family" })
  async kioskCheckIn(@Args() { token, bookingIds }: KioskCheckInArgs, @Ctx() ctx: Context): Promise<KioskSessionPayload> {
    return toPayload(await ctx.services.checkIn.kioskCheckIn(ctx.em, token, bookingIds));
  }

  @Authorized()
  @Query(() => MyCheckIn)
  async myCheckIn(@Ctx() ctx: Context): Promise<MyCheckIn> {
    const me = await ctx.em.findOneOrFail(User, { id: ctx.user!.id }, { populate: ['checkInPinHash'] });
    return { code: await ctx.services.checkIn.checkInCode(me), hasPin: me.checkInPinHash !== null };
  }

  @Authorized()
  @Mutation(() => Boolean, { description: 'Sets the 4-digit PIN used at the check-in kiosk' })
  async setCheckInPin(@Args() { pin }: PinArgs, @Ctx() ctx: Context): Promise<boolean> {
    await ctx.services.checkIn.setPin(ctx.em, ctx.user!, pin);
    return true;
  }
}
