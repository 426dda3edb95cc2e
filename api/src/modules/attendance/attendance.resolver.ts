import { IsOptional, MaxLength } from 'class-validator';
import {
  Arg,
  Args,
  ArgsType,
  Authorized,
  Ctx,
  Field,
  FieldResolver,
  ID,
  Int,
  Mutation,
  ObjectType,
  Query,
  registerEnumType,
  Resolver,
} from 'type-graphql';
import { likePattern, offsetOf, PageArgs, Paginated, SortDirection } from '../../common/paging.js';
import { IsDateOnly } from '../../common/validators.js';
import type { Context } from '../../graphql/context.js';
import { forbidden, notFound } from '../../graphql/errors.js';
import { Parent } from '../../graphql/parent.js';
import { ACTIVE_BOOKING, Booking, BookingStatus } from '../bookings/booking.entity.js';
import { ClassInstance } from '../classes/class-instance.entity.js';
import { PersonSummary, summarize } from '../users/person-summary.js';
import { Role } from '../users/role.js';
import { User } from '../users/user.entity.js';
import { attendanceState } from './attendance.service.js';

@ArgsType()
class DateRangeArgs {
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

/** Sort field → SQL over the student list statement (u: app_user, s: booking stats); ties go by name. */
const STUDENT_ORDER: Record<StudentSortField, string> = {
  name: 'u.last_name {dir}, u.first_name {dir}',
  // Ascending age: the latest birthday first.
  age: 'u.birthday {rev} nulls last',
  bookings: 'coalesce(s.bookings, 0) {dir}',
  attended: 'coalesce(s.attended, 0) {dir}',
  noShows: 'coalesce(s.no_shows, 0) {dir}',
  lastAttendedAt: 's.last_attended_at {dir} nulls last',
};

@ArgsType()
class StudentListArgs extends PageArgs {
  @Field({ nullable: true, description: 'Matches first name, last name or username' }) @IsOptional() @MaxLength(100) search?: string;
  @Field(() => StudentSortField, { defaultValue: StudentSortField.name }) sortField: StudentSortField = StudentSortField.name;
  @Field(() => SortDirection, { defaultValue: SortDirection.ASC }) sortDirection: SortDirection = SortDirection.ASC;
}

@ArgsType()
class StaffBookingArgs {
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
@ObjectType()
export class StudentPage extends Paginated(StudentRow) {}
@ObjectType()
export class BookingPage extends Paginated(Booking) {}

/** Rosters, staff bookings, attendance marks, student lists and the CSV export. */
@Resolver(() => Booking)
export class AttendanceResolver {
  private async assertTeaches(ctx: Context, instanceId: string): Promise<ClassInstance> {
    const instance = await ctx.em.findOne(ClassInstance, { id: instanceId }, { populate: ['blueprint.apparatus'] });
    if (!instance) throw notFound('That class');
    if (ctx.user!.role !== Role.admin && instance.instructor.id !== ctx.user!.id)
      throw forbidden('Only the class instructor or an admin can see this roster.');
    return instance;
  }

  @Authorized(Role.admin, Role.instructor, Role.teacher)
  @Query(() => [ClassInstance], { description: 'Classes the signed-in instructor teaches (admins: all classes) between two dates' })
  myTeachingClasses(@Args() { from, to }: DateRangeArgs, @Ctx() ctx: Context): Promise<ClassInstance[]> {
    const mine = ctx.user!.role === Role.admin ? {} : { instructorIds: [ctx.user!.id] };
    return ctx.services.classes.schedule(ctx.em, from, to, mine);
  }

  @Authorized(Role.admin, Role.instructor, Role.teacher)
  @Query(() => [Booking], {
    description: 'Everyone booked in a class (with no-shows and late cancellations), for its instructor or an admin',
  })
  async classRoster(@Arg('classInstanceId', () => ID) classInstanceId: string, @Ctx() ctx: Context): Promise<Booking[]> {
    await this.assertTeaches(ctx, classInstanceId);
    return ctx.em.find(
      Booking,
      { classInstance: classInstanceId, $or: [{ status: { $in: [...ACTIVE_BOOKING, BookingStatus.no_show] } }, { lateCancel: true }] },
      { populate: ['attendee.guardian'], orderBy: { attendee: { firstName: 'asc', lastName: 'asc' } } },
    );
  }

  @Authorized(Role.admin, Role.instructor, Role.teacher)
  @Mutation(() => Booking, { description: 'Books an attendee directly (confirmed, unpaid); a walk-in is checked in at once' })
  async staffBookAttendee(@Args() args: StaffBookingArgs, @Ctx() ctx: Context): Promise<Booking> {
    await this.assertTeaches(ctx, args.classInstanceId);
    if (args.overCapacity && ctx.user!.role !== Role.admin) throw forbidden('Only admins can book over capacity.');
    const { booking } = await ctx.services.bookings.book(
      ctx.em,
      ctx.user!,
      { classInstanceId: args.classInstanceId, attendeeId: args.attendeeId, rigPointId: args.rigPointId ?? null },
      { kind: 'staff', walkIn: args.walkIn, overCapacity: args.overCapacity },
    );
    return booking;
  }

  @Authorized(Role.admin, Role.instructor, Role.teacher)
  @Mutation(() => Booking, { description: 'Marks an attendee present (checked in) or absent' })
  markAttendance(@Arg('bookingId', () => ID) bookingId: string, @Arg('present') present: boolean, @Ctx() ctx: Context): Promise<Booking> {
    return ctx.services.checkIn.staffCheckIn(ctx.em, ctx.user!, bookingId, present);
  }

  @Authorized(Role.admin, Role.instructor, Role.teacher)
  @Query(() => [User], { description: 'People to book into a class, by name or username (at most 20)' })
  findAttendees(@Arg('search') search: string, @Ctx() ctx: Context): Promise<User[]> {
    const pattern = likePattern(search.trim().slice(0, 100));
    return ctx.em.find(
      User,
      {
        isActive: true,
        removedAt: null,
        $or: [{ firstName: { $ilike: pattern } }, { lastName: { $ilike: pattern } }, { username: { $ilike: pattern } }],
      },
      { orderBy: { firstName: 'asc', lastName: 'asc' }, limit: 20 },
    );
  }

  @Authorized(Role.admin)
  @Query(() => StudentPage, { description: 'Students with their bookings, attendance and family (/admin/students)' })
  async adminStudents(@Args() args: StudentListArgs, @Ctx() ctx: Context): Promise<StudentPage> {
    // One statement pages, sorts and counts students with their booking stats (so any column can sort); a second
    // loads the page's users with their guardians.
    const where = [`u.role = 'student'`, 'u.removed_at is null'];
    const params: unknown[] = [];
    if (args.search?.trim()) {
      where.push('(u.first_name ilike ? or u.last_name ilike ? or u.username ilike ?)');
      params.push(...Array(3).fill(likePattern(args.search.trim())));
    }
    const desc = args.sortDirection === SortDirection.DESC;
    const order = STUDENT_ORDER[args.sortField].replaceAll('{dir}', desc ? 'desc' : 'asc').replaceAll('{rev}', desc ? 'asc' : 'desc');
    const rows = await ctx.em.getConnection().execute<
      {
        id: string;
        total: string;
        bookings: number | null;
        attended: number | null;
        no_shows: number | null;
        last_attended_at: string | null;
      }[]
    >(
      `select u.id, count(*) over () as total, s.bookings, s.attended, s.no_shows, s.last_attended_at
         from app_user u
         left join (select b.attendee_id, count(*) filter (where b.status <> 'cancelled')::int as bookings,
                           count(b.checked_in_at)::int as attended, count(*) filter (where b.status = 'no_show')::int as no_shows,
                           max(b.checked_in_at) as last_attended_at
                      from booking b group by b.attendee_id) s on s.attendee_id = u.id
        where ${where.join(' and ')}
        order by ${order}, u.last_name, u.first_name, u.id
        limit ? offset ?`,
      [...params, args.pageSize, offsetOf(args)],
    );
    const users = rows.length ? await ctx.em.find(User, { id: { $in: rows.map((r) => r.id) } }, { populate: ['guardian'] }) : [];
    const byId = new Map(users.map((u) => [u.id, u]));
    const items = rows.map((r) => {
      const user = byId.get(r.id)!;
      return {
        user,
        guardian: user.guardian ? summarize(user.guardian) : null,
        bookings: r.bookings ?? 0,
        attended: r.attended ?? 0,
        noShows: r.no_shows ?? 0,
        lastAttendedAt: r.last_attended_at ? new Date(r.last_attended_at) : null,
      };
    });
    // A page past the end has no rows to carry the total: count once more only then.
    const total = rows.length ? Number(rows[0].total) : offsetOf(args) ? await this.countStudents(ctx, where, params) : 0;
    return { items, total, page: args.page, pageSize: args.pageSize };
  }

  private async countStudents(ctx: Context, where: string[], params: unknown[]): Promise<number> {
    const [row] = await ctx.em
      .getConnection()
      .execute<{ n: number }[]>(`select count(*)::int as n from app_user u where ${where.join(' and ')}`, params);
    return row.n;
  }

  @Authorized(Role.admin)
  @Query(() => BookingPage, { description: "One person's class history, newest first" })
  async attendanceHistory(@Arg('userId', () => ID) userId: string, @Args() args: PageArgs, @Ctx() ctx: Context): Promise<BookingPage> {
    const [items, total] = await ctx.em.findAndCount(
      Booking,
      { attendee: userId },
      {
        populate: ['classInstance.blueprint.apparatus'],
        orderBy: { classInstance: { startsAt: 'desc' }, id: 'asc' },
        limit: args.pageSize,
        offset: offsetOf(args),
      },
    );
    return { items, total, page: args.page, pageSize: args.pageSize };
  }

  @Authorized(Role.admin)
  @Query(() => String, { description: 'Attendance of every class between two dates as CSV' })
  attendanceCsv(@Args() { from, to }: DateRangeArgs, @Ctx() ctx: Context): Promise<string> {
    return ctx.services.attendance.csv(ctx.em, from, to);
  }

  @FieldResolver(() => String, { description: 'checked in, no-show, cancelled, late cancellation, held or booked' })
  attendance(@Parent() booking: Booking): string {
    return attendanceState(booking);
  }
}
