import { Args, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { Public } from '../../graphql/access.js';
import type { Context } from '../../graphql/context.js';
import { OncePerRequest } from '../../graphql/armor.js';
import { ClassInstance } from '../classes/class-instance.entity.js';
import type { KioskSession } from './checkin.service.js';
import { KioskCheckInArgs, KioskCodeArgs, KioskPinArgs, KioskSessionPayload, MyCheckIn, PinArgs } from './checkin.types.js';

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
  @OncePerRequest()
  @Mutation(() => KioskSessionPayload, { description: 'Identifies a member by username and check-in PIN (rate-limited)' })
  async kioskSignIn(@Args() { username, pin }: KioskPinArgs, @Ctx() ctx: Context): Promise<KioskSessionPayload> {
    return toPayload(await ctx.services.checkIn.signInWithPin(ctx.em, username, pin, ctx.ip));
  }

  @Public()
  @OncePerRequest()
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
  myCheckIn(@Ctx() ctx: Context): Promise<MyCheckIn> {
    return ctx.services.checkIn.myCheckIn(ctx.em, ctx.user!, ctx.sessionId!);
  }

  @Authorized()
  @OncePerRequest()
  @Mutation(() => Boolean, { description: 'Sets the 4-digit PIN used at the check-in kiosk' })
  async setCheckInPin(@Args() { pin }: PinArgs, @Ctx() ctx: Context): Promise<boolean> {
    await ctx.services.checkIn.setPin(ctx.em, ctx.user!, pin);
    return true;
  }
}
