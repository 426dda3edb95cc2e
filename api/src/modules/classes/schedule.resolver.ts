import { Arg, Args, Ctx, Field, FieldResolver, ID, Int, ObjectType, Query, Resolver, Subscription } from 'type-graphql';
import { Public } from '../../graphql/access.js';
import type { Context } from '../../graphql/context.js';
import { notFound } from '../../graphql/errors.js';
import type { SpotsChangedEvent } from '../../graphql/pubsub.js';
import { Parent } from '../../graphql/parent.js';
import { Booking } from '../bookings/booking.entity.js';
import { WaitlistEntry } from '../bookings/waitlist-entry.entity.js';
import { CHECK_IN_CLOSES_AFTER_MS, CHECK_IN_OPENS_BEFORE_MS } from '../checkin/checkin.service.js';
import { PersonSummary, summarize } from '../users/person-summary.js';
import { User } from '../users/user.entity.js';
import { Apparatus, RigPoint } from './apparatus.entity.js';
import { ClassBlueprint } from './class-blueprint.entity.js';
import { ClassInstance, ClassStatus } from './class-instance.entity.js';
import { ClassSeries } from './class-series.entity.js';
import { SeriesStatus } from './class.service.js';
import { ScheduleArgs } from './class.inputs.js';
import type { ScheduledClass } from './schedule.read-model.js';

@ObjectType({ description: 'A rig point and whether someone already has it in this class' })
export class RigPointAvailability {
  @Field(() => RigPoint) rigPoint: RigPoint;
  @Field() taken: boolean;
}

@ObjectType({ description: 'Live seat counts of one class' })
export class SpotsUpdate {
  @Field(() => ID) classInstanceId: string;
  @Field(() => Int) spotsLeft: number;
  @Field(() => Int) waitlistLength: number;
  @Field(() => ClassStatus) status: ClassStatus;
  @Field(() => [ID], { description: 'Rig points already taken in this class (empty when it has none)' }) takenRigPointIds: string[];
}

/** The public schedule (/calendar, /classes) and what every class shows. */
@Resolver(() => ClassInstance)
export class ScheduleResolver {
  @Public()
  @Query(() => [ClassInstance], { description: 'Classes between two dates (at most 62 days), filtered by apparatus, level and instructor' })
  classSchedule(@Args() { from, to, filter }: ScheduleArgs, @Ctx() ctx: Context): Promise<ClassInstance[]> {
    return ctx.services.classes.schedule(ctx.em, from, to, filter ?? {});
  }

  @Public()
  @Query(() => ClassInstance)
  async classInstance(@Arg('id', () => ID) id: string, @Ctx() ctx: Context): Promise<ClassInstance> {
    const instance = await ctx.em.findOne(ClassInstance, { id }, { populate: ['blueprint.apparatus', 'instructor'] });
    if (!instance) throw notFound('That class');
    return instance;
  }

  @Public()
  @Query(() => [Apparatus], { description: 'Every apparatus, in display order' })
  apparatuses(@Ctx() ctx: Context): Promise<Apparatus[]> {
    return ctx.em.find(Apparatus, {}, { orderBy: { sortOrder: 'asc', name: 'asc' } });
  }

  @Public()
  @Query(() => [PersonSummary], { description: 'Instructors and teachers, for schedule filters' })
  async instructors(@Ctx() ctx: Context): Promise<PersonSummary[]> {
    const staff = await ctx.em.find(
      User,
      { role: { $in: ['instructor', 'teacher'] as never }, isActive: true },
      { orderBy: { firstName: 'asc', lastName: 'asc' } },
    );
    return staff.map(summarize);
  }

  @Public()
  @Subscription(() => SpotsUpdate, {
    topics: 'SPOTS_CHANGED',
    description: 'Seat counts whenever a booking, cancellation or waitlist change happens; optionally for some classes only',
    filter: ({ payload, args }: { payload: SpotsChangedEvent; args: { classInstanceIds?: string[] | null } }) =>
      !args.classInstanceIds?.length || args.classInstanceIds.includes(payload.classInstanceId),
  })
  spotsChanged(
    @Parent() event: SpotsChangedEvent,
    @Arg('classInstanceIds', () => [ID], { nullable: true }) _classInstanceIds?: string[],
  ): SpotsUpdate {
    return { ...event, status: event.status as ClassStatus };
  }

  // ── fields of a class ─────────────────────────────────────────────────────────────────────────────────

  @FieldResolver(() => PersonSummary)
  instructor(@Parent() instance: ClassInstance, @Ctx() ctx: Context): PersonSummary | Promise<PersonSummary> {
    const user = ctx.loaders.load(User, instance.instructor);
    return user instanceof Promise ? user.then(summarize) : summarize(user);
  }

  @FieldResolver(() => Int)
  spotsLeft(@Parent() instance: ClassInstance): number {
    return Math.max(0, instance.capacity - instance.spotsTaken);
  }

  @FieldResolver(() => Int, { description: 'People waiting for a spot' })
  waitlistLength(@Parent() instance: ClassInstance | ScheduledClass, @Ctx() ctx: Context): number | Promise<number> {
    return 'waitlistLength' in instance ? instance.waitlistLength : ctx.loaders.waitlistLength.load(instance.id);
  }

  @FieldResolver(() => Date, { description: 'When members can start booking' })
  async bookingOpensAt(@Parent() instance: ClassInstance, @Ctx() ctx: Context): Promise<Date> {
    const { bookingWindowDays } = await ctx.loaders.settings.load(1);
    return new Date(instance.startsAt.getTime() - bookingWindowDays * 24 * 3600_000);
  }

  @FieldResolver(() => Boolean, { description: 'Members can book it now' })
  async bookable(@Parent() instance: ClassInstance, @Ctx() ctx: Context): Promise<boolean> {
    const now = Date.now();
    return (
      instance.status === ClassStatus.scheduled &&
      instance.startsAt.getTime() > now &&
      (await this.bookingOpensAt(instance, ctx)).getTime() <= now
    );
  }

  @FieldResolver(() => Boolean, { description: 'From 30 minutes before start until 15 minutes after' })
  checkInOpen(@Parent() instance: ClassInstance): boolean {
    const now = Date.now();
    const start = instance.startsAt.getTime();
    return instance.status === ClassStatus.scheduled && start - CHECK_IN_OPENS_BEFORE_MS <= now && now <= start + CHECK_IN_CLOSES_AFTER_MS;
  }

  @FieldResolver(() => [RigPointAvailability], { description: 'Rig points to choose from, when the class uses them' })
  async rigPoints(@Parent() instance: ClassInstance, @Ctx() ctx: Context): Promise<RigPointAvailability[]> {
    const blueprint = await ctx.loaders.load(ClassBlueprint, instance.blueprint);
    if (!blueprint.usesRigPoints) return [];
    const [points, taken] = await Promise.all([
      ctx.loaders.rigPoints.load(blueprint.apparatus.id),
      ctx.loaders.takenRigPoints.load(instance.id),
    ]);
    return points.map((rigPoint) => ({ rigPoint, taken: taken.has(rigPoint.id) }));
  }

  @FieldResolver(() => [Booking], { description: "The signed-in member's and their family's active bookings in this class" })
  myBookings(@Parent() instance: ClassInstance, @Ctx() ctx: Context): Promise<Booking[]> {
    return ctx.loaders.myBookings.load(instance.id);
  }

  @FieldResolver(() => [WaitlistEntry], { description: "The signed-in member's and their family's places on this class's waitlist" })
  myWaitlistEntries(@Parent() instance: ClassInstance, @Ctx() ctx: Context): Promise<WaitlistEntry[]> {
    return ctx.loaders.myWaitlist.load(instance.id);
  }
}

@Resolver(() => ClassBlueprint)
export class ClassBlueprintResolver {
  @FieldResolver(() => PersonSummary, { nullable: true })
  async defaultInstructor(@Parent() blueprint: ClassBlueprint, @Ctx() ctx: Context): Promise<PersonSummary | null> {
    return blueprint.defaultInstructor ? summarize(await ctx.loaders.load(User, blueprint.defaultInstructor)) : null;
  }

  @FieldResolver(() => String, { description: 'Drop-in price formatted as $12.34' })
  price(@Parent() blueprint: ClassBlueprint): string {
    return `$${(blueprint.dropInPriceCents / 100).toFixed(2)}`;
  }
}

@Resolver(() => ClassSeries)
export class ClassSeriesResolver {
  @FieldResolver(() => PersonSummary)
  async instructor(@Parent() series: ClassSeries, @Ctx() ctx: Context): Promise<PersonSummary> {
    return summarize(await ctx.loaders.load(User, series.instructor));
  }

  @FieldResolver(() => SeriesStatus)
  status(@Parent() series: ClassSeries, @Ctx() ctx: Context): SeriesStatus {
    return ctx.services.classes.seriesStatus(series);
  }

  @FieldResolver(() => Int, { description: 'Its classes that are not cancelled' })
  async scheduledClasses(@Parent() series: ClassSeries, @Ctx() ctx: Context): Promise<number> {
    return (await ctx.loaders.seriesStats.load(series.id)).scheduledClasses;
  }

  @FieldResolver(() => Int, { description: 'Its classes not cancelled and not yet started' })
  async upcomingClasses(@Parent() series: ClassSeries, @Ctx() ctx: Context): Promise<number> {
    return (await ctx.loaders.seriesStats.load(series.id)).upcomingClasses;
  }

  @FieldResolver(() => String, { nullable: true, description: 'Date of its next class, if any' })
  async nextClassDate(@Parent() series: ClassSeries, @Ctx() ctx: Context): Promise<string | null> {
    return (await ctx.loaders.seriesStats.load(series.id)).nextClassDate;
  }
}

@Resolver(() => Apparatus)
export class ApparatusResolver {
  @FieldResolver(() => [RigPoint])
  rigPoints(@Parent() apparatus: Apparatus, @Ctx() ctx: Context): Promise<RigPoint[]> {
    return ctx.loaders.rigPoints.load(apparatus.id);
  }
}
