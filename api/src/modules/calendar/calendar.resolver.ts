import { Arg, Authorized, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { Public, Scope } from '../../graphql/access.js';
import type { Context, Viewer } from '../../graphql/context.js';
import { RendersDocument } from '../../graphql/cost.js';
import { CurrentUser } from '../../graphql/current-user.js';
import { CalendarFeedLink, CalendarFile } from './calendar.types.js';

/** Add to calendar: a booking's .ics file and the member's private feed. */
@Resolver()
export class CalendarResolver {
  @Authorized()
  @Scope('schedule:read')
  @Query(() => CalendarFeedLink, { description: "The signed-in member's private calendar feed address (made on first request)" })
  myCalendarFeed(@CurrentUser() user: Viewer, @Ctx() ctx: Context): Promise<CalendarFeedLink> {
    return ctx.services.calendar.feedLink(ctx.em, user);
  }

  @Authorized()
  @Scope('schedule:write')
  @Mutation(() => CalendarFeedLink, { description: 'A new feed address; the old one stops working' })
  resetCalendarFeed(@CurrentUser() user: Viewer, @Ctx() ctx: Context): Promise<CalendarFeedLink> {
    return ctx.services.calendar.resetFeed(ctx.em, user);
  }

  @Public()
  @Scope('schedule:read')
  @RendersDocument()
  @Query(() => CalendarFile, {
    description: 'The feed behind a feed address’s secret (served as GET /api/calendar/{token}.ics for calendar apps); rate-limited',
  })
  calendarFeed(@Arg('token') token: string, @Ctx() ctx: Context): Promise<CalendarFile> {
    return ctx.services.calendar.feedFile(ctx.em, token, ctx.ip);
  }

  @Authorized()
  @Scope('schedule:read')
  @Query(() => CalendarFile, { description: 'One booking as an .ics event (GET /api/bookings/{id}.ics)' })
  bookingCalendarFile(
    @Arg('bookingId', () => ID) bookingId: string,
    @CurrentUser() user: Viewer,
    @Ctx() ctx: Context,
  ): Promise<CalendarFile> {
    return ctx.services.calendar.bookingFile(ctx.em, user, bookingId);
  }
}
