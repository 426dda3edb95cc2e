import { Arg, Args, Authorized, Ctx, FieldResolver, ID, Mutation, Query, Resolver } from 'type-graphql';
import { ADULT_AGE } from '../../common/dates.js';
import { PageArgs } from '../../common/paging.js';
import type { Context, Viewer } from '../../graphql/context.js';
import { CurrentUser } from '../../graphql/current-user.js';
import { notFound } from '../../graphql/errors.js';
import { Parent } from '../../graphql/parent.js';
import { RendersDocument } from '../../graphql/cost.js';
import { Booking } from '../bookings/booking.entity.js';
import { assertMayBookOverCapacity, staffBookableRoles } from '../bookings/booking.policy.js';
import { ClassInstance } from '../classes/class-instance.entity.js';
import { assertMaySeeRoster, teachingScope } from '../classes/class.policy.js';
import { summarize } from '../users/person-summary.js';
import { Role } from '../users/role.js';
import { attendanceState } from './attendance.service.js';
import { AttendeeCandidate, BookingPage, DateRangeArgs, StaffBookingArgs } from './attendance.types.js';
import { Scope } from '../../graphql/access.js';

/** Rosters, staff bookings, attendance marks, student lists and the CSV export. */
@Resolver(() => Booking)
export class AttendanceResolver {
  private async assertTeaches(ctx: Context, user: Viewer, instanceId: string): Promise<ClassInstance> {
    const instance = await ctx.em.findOne(ClassInstance, { id: instanceId }, { populate: ['blueprint.apparatus'] });
    if (!instance) throw notFound('That class');
    assertMaySeeRoster(user, instance);
    return instance;
  }

  @Authorized(Role.admin, Role.instructor, Role.teacher)
  @Scope('bookings:read')
  @Query(() => [ClassInstance], { description: 'Classes the signed-in instructor teaches (admins: all classes) between two dates' })
  myTeachingClasses(@Args() { from, to }: DateRangeArgs, @CurrentUser() user: Viewer, @Ctx() ctx: Context): Promise<ClassInstance[]> {
    return ctx.services.classes.schedule(ctx.em, from, to, teachingScope(user));
  }

  @Authorized(Role.admin, Role.instructor, Role.teacher)
  @Scope('bookings:read')
  @Query(() => [Booking], {
    description: 'Everyone booked in a class (with no-shows and late cancellations), for its instructor or an admin',
  })
  async classRoster(
    @Arg('classInstanceId', () => ID) classInstanceId: string,
    @CurrentUser() user: Viewer,
    @Ctx() ctx: Context,
  ): Promise<Booking[]> {
    await this.assertTeaches(ctx, user, classInstanceId);
    return ctx.services.attendance.roster(ctx.em, classInstanceId);
  }

  @Authorized(Role.admin, Role.instructor, Role.teacher)
  @Scope('bookings:write')
  @Mutation(() => Booking, {
    description:
      'Books an attendee directly (confirmed; paid by their membership or pack when one covers the class, otherwise unpaid); a walk-in is checked in at once',
  })
  async staffBookAttendee(@Args() args: StaffBookingArgs, @CurrentUser() user: Viewer, @Ctx() ctx: Context): Promise<Booking> {
    await this.assertTeaches(ctx, user, args.classInstanceId);
    assertMayBookOverCapacity(user, args.overCapacity);
    const { booking } = await ctx.services.bookings.book(
      ctx.em,
      user,
      { classInstanceId: args.classInstanceId, attendeeId: args.attendeeId, rigPointId: args.rigPointId ?? null },
      // A membership or pack that covers the class pays for it, as when the member books; otherwise it stays unpaid.
      { kind: 'staff', walkIn: args.walkIn, overCapacity: args.overCapacity, entitlement: true },
    );
    return booking;
  }

  @Authorized(Role.admin, Role.instructor, Role.teacher)
  @Scope('bookings:write')
  @Mutation(() => Booking, { description: 'Marks an attendee present (checked in) or absent' })
  markAttendance(
    @Arg('bookingId', () => ID) bookingId: string,
    @Arg('present') present: boolean,
    @CurrentUser() user: Viewer,
    @Ctx() ctx: Context,
  ): Promise<Booking> {
    return ctx.services.attendance.markAttendance(ctx.em, user, bookingId, present);
  }

  @Authorized(Role.admin, Role.instructor, Role.teacher)
  @Scope('bookings:read')
  @Query(() => [AttendeeCandidate], {
    description: 'People you may book into a class, by name or username (at most 20): names, age, guardian and waiver only',
  })
  async findAttendees(@Arg('search') search: string, @CurrentUser() user: Viewer, @Ctx() ctx: Context): Promise<AttendeeCandidate[]> {
    const people = await ctx.services.attendance.findAttendees(ctx.em, search, staffBookableRoles(user));
    const signed = await ctx.loaders.waiverSigned.loadMany(people.map((p) => p.id));
    return people.map((person, i) => {
      const age = ctx.services.users.age(person);
      return {
        id: person.id,
        firstName: person.firstName,
        lastName: person.lastName,
        age,
        isMinor: age < ADULT_AGE,
        waiverSigned: signed[i] === true,
        guardian: person.guardian ? summarize(person.guardian) : null,
      };
    });
  }

  @Authorized(Role.admin)
  @Scope('bookings:read')
  @Query(() => BookingPage, { description: "One person's class history, newest first" })
  async attendanceHistory(@Arg('userId', () => ID) userId: string, @Args() args: PageArgs, @Ctx() ctx: Context): Promise<BookingPage> {
    const { items, total } = await ctx.services.attendance.history(ctx.em, userId, args);
    return { items, total, page: args.page, pageSize: args.pageSize };
  }

  @Authorized(Role.admin)
  @Scope('bookings:read')
  @RendersDocument()
  @Query(() => String, { description: 'Attendance of every class between two dates as CSV' })
  attendanceCsv(@Args() { from, to }: DateRangeArgs, @Ctx() ctx: Context): Promise<string> {
    return ctx.services.attendance.csv(ctx.em, from, to);
  }

  @FieldResolver(() => String, { description: 'checked in, no-show, cancelled, late cancellation, held or booked' })
  attendance(@Parent() booking: Booking): string {
    return attendanceState(booking);
  }
}
