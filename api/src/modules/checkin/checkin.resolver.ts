import { Args, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { Public, Scope } from '../../graphql/access.js';
import type { Context, Viewer } from '../../graphql/context.js';
import { CurrentUser } from '../../graphql/current-user.js';
import { OncePerRequest } from '../../graphql/armor.js';
import { ClassInstance } from '../classes/class-instance.entity.js';
import { Role } from '../users/role.js';
import { kioskName } from './checkin.policy.js';
import type { KioskEntryData, KioskScreen, KioskSession } from './checkin.service.js';
import {
  KioskCheckInArgs,
  KioskCodeArgs,
  KioskEntry,
  KioskFindArgs,
  KioskPinArgs,
  KioskRosterArgs,
  KioskScreenArgs,
  KioskScreenInfo,
  KioskScreenSetup,
  KioskSessionPayload,
  KioskTapInArgs,
  MyCheckIn,
  PinArgs,
} from './checkin.types.js';

function toPayload(session: KioskSession): KioskSessionPayload {
  return {
    token: session.token,
    firstName: (session.greet ?? session.member).firstName,
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

function toEntry({ booking, name, needsPin }: KioskEntryData): KioskEntry {
  return {
    bookingId: booking.id,
    name,
    className: booking.classInstance.blueprint.name,
    startTime: booking.classInstance.startTime,
    checkedIn: booking.checkedInAt !== null,
    needsPin,
  };
}

const toScreenInfo = (screen: KioskScreen): KioskScreenInfo => ({ setUpBy: kioskName(screen.setUpBy), expiresAt: screen.expiresAt });

/** The /check-in kiosk. Anonymous visitors see today's open classes but never anyone's name. */
@Resolver()
export class CheckInResolver {
  @Public()
  @Scope('bookings:read')
  @Query(() => [ClassInstance], { description: 'Classes open for check-in now (30 minutes before to 15 minutes after start)' })
  kioskClasses(@Ctx() ctx: Context): Promise<ClassInstance[]> {
    return ctx.services.checkIn.openClasses(ctx.em);
  }

  @Public()
  @Scope('bookings:write')
  @OncePerRequest()
  @Mutation(() => KioskSessionPayload, { description: 'Identifies a member by username and check-in PIN (rate-limited)' })
  async kioskSignIn(@Args() { username, pin }: KioskPinArgs, @Ctx() ctx: Context): Promise<KioskSessionPayload> {
    return toPayload(await ctx.services.checkIn.signInWithPin(ctx.em, username, pin, ctx.ip));
  }

  @Public()
  @Scope('bookings:write')
  @OncePerRequest()
  @Mutation(() => KioskSessionPayload, { description: 'Identifies a member by the QR code from their dashboard' })
  async kioskSignInWithCode(@Args() { code }: KioskCodeArgs, @Ctx() ctx: Context): Promise<KioskSessionPayload> {
    return toPayload(await ctx.services.checkIn.signInWithCode(ctx.em, code));
  }

  @Public()
  @Scope('bookings:write')
  @Mutation(() => KioskSessionPayload, { description: "Checks in the chosen bookings of the identified member's family" })
  async kioskCheckIn(@Args() { token, bookingIds }: KioskCheckInArgs, @Ctx() ctx: Context): Promise<KioskSessionPayload> {
    return toPayload(await ctx.services.checkIn.kioskCheckIn(ctx.em, token, bookingIds));
  }

  @Authorized(Role.admin, Role.instructor, Role.teacher)
  @Scope('bookings:write')
  @Mutation(() => KioskScreenSetup, { description: "Sets up the staff member's screen as the front-desk kiosk (names can be found there)" })
  async setUpKioskScreen(@CurrentUser() user: Viewer, @Ctx() ctx: Context): Promise<KioskScreenSetup> {
    const { token, ...screen } = await ctx.services.checkIn.setUpKioskScreen(user);
    return { deviceToken: token, ...toScreenInfo(screen) };
  }

  @Public()
  @Scope('bookings:read')
  @Query(() => KioskScreenInfo, { nullable: true, description: 'Whether a screen is (still) set up as the kiosk; null when not' })
  async kioskScreen(@Args() { deviceToken }: KioskScreenArgs, @Ctx() ctx: Context): Promise<KioskScreenInfo | null> {
    const screen = await ctx.services.checkIn.kioskScreen(ctx.em, deviceToken);
    return screen && toScreenInfo(screen);
  }

  @Public()
  @Scope('bookings:read')
  @Query(() => [KioskEntry], {
    description: 'On a kiosk screen: people booked into classes open now whose name starts with the letters (rate-limited)',
  })
  async kioskFind(@Args() { deviceToken, letters }: KioskFindArgs, @Ctx() ctx: Context): Promise<KioskEntry[]> {
    return (await ctx.services.checkIn.findByName(ctx.em, deviceToken, letters)).map(toEntry);
  }

  @Public()
  @Scope('bookings:read')
  @Query(() => [KioskEntry], { description: 'On a kiosk screen: the roster of a class open for check-in now (rate-limited)' })
  async kioskRoster(@Args() { deviceToken, classInstanceId }: KioskRosterArgs, @Ctx() ctx: Context): Promise<KioskEntry[]> {
    return (await ctx.services.checkIn.roster(ctx.em, deviceToken, classInstanceId)).map(toEntry);
  }

  @Public()
  @Scope('bookings:write')
  @OncePerRequest()
  @Mutation(() => KioskSessionPayload, {
    description: "On a kiosk screen: a tapped name opens its family's check-in (with the family's PIN when they set one)",
  })
  async kioskTapIn(@Args() { deviceToken, bookingId, pin }: KioskTapInArgs, @Ctx() ctx: Context): Promise<KioskSessionPayload> {
    return toPayload(await ctx.services.checkIn.tapIn(ctx.em, deviceToken, bookingId, pin ?? null, ctx.ip));
  }

  @Authorized()
  @Scope('bookings:read')
  @Query(() => MyCheckIn)
  myCheckIn(@CurrentUser() user: Viewer, @Ctx() ctx: Context): Promise<MyCheckIn> {
    return ctx.services.checkIn.myCheckIn(ctx.em, user, ctx.sessionId!);
  }

  @Authorized()
  @Scope('bookings:write')
  @OncePerRequest()
  @Mutation(() => Boolean, { description: 'Sets the 4-digit PIN used at the check-in kiosk' })
  async setCheckInPin(@Args() { pin }: PinArgs, @CurrentUser() user: Viewer, @Ctx() ctx: Context): Promise<boolean> {
    await ctx.services.checkIn.setPin(ctx.em, user, pin);
    return true;
  }
}
