import { formatMoney } from '@studio/rules';
import { Arg, Args, Ctx, FieldResolver, ID, Int, Query, Resolver } from 'type-graphql';
import { Public, Scope } from '../../graphql/access.js';
import type { Context } from '../../graphql/context.js';
import { Parent } from '../../graphql/parent.js';
import { PersonSummary, summarize } from '../users/person-summary.js';
import { User } from '../users/user.entity.js';
import { Apparatus, RigPoint } from './apparatus.entity.js';
import { CHECK_IN_CLOSES_AFTER_MS, CHECK_IN_OPENS_BEFORE_MS } from './check-in-window.js';
import { ClassBlueprint } from './class-blueprint.entity.js';
import { ClassInstance, ClassStatus } from './class-instance.entity.js';
import { ClassSeries } from './class-series.entity.js';
import { SeriesStatus } from './class.service.js';
import { ScheduleArgs } from './class.inputs.js';
import type { ScheduledClass } from './schedule.read-model.js';

/** The public schedule (/calendar, /classes) and what every class shows. */
@Resolver(() => ClassInstance)
export class ScheduleResolver {
  @Public()
  @Scope('schedule:read')
  @Query(() => [ClassInstance], { description: 'Classes between two dates (at most 62 days), filtered by apparatus, level and instructor' })
  classSchedule(@Args() { from, to, filter }: ScheduleArgs, @Ctx() ctx: Context): Promise<ClassInstance[]> {
    return ctx.services.classes.schedule(ctx.em, from, to, filter ?? {});
  }

  @Public()
  @Scope('schedule:read')
  @Query(() => ClassInstance)
  classInstance(@Arg('id', () => ID) id: string, @Ctx() ctx: Context): Promise<ClassInstance> {
    return ctx.services.classes.instance(ctx.em, id);
  }

  @Public()
  @Scope('schedule:read')
  @Query(() => [Apparatus], { description: 'Every apparatus, in display order' })
  apparatuses(@Ctx() ctx: Context): Promise<Apparatus[]> {
    return ctx.services.classes.apparatuses(ctx.em);
  }

  @Public()
  @Scope('schedule:read')
  @Query(() => [PersonSummary], { description: 'Instructors and teachers, for schedule filters' })
  async instructors(@Ctx() ctx: Context): Promise<PersonSummary[]> {
    return (await ctx.services.classes.instructors(ctx.em)).map(summarize);
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
}

@Resolver(() => ClassBlueprint)
export class ClassBlueprintResolver {
  @FieldResolver(() => PersonSummary, { nullable: true })
  async defaultInstructor(@Parent() blueprint: ClassBlueprint, @Ctx() ctx: Context): Promise<PersonSummary | null> {
    return blueprint.defaultInstructor ? summarize(await ctx.loaders.load(User, blueprint.defaultInstructor)) : null;
  }

  @FieldResolver(() => String, { description: 'Drop-in price formatted as $12.34' })
  price(@Parent() blueprint: ClassBlueprint): string {
    return formatMoney(blueprint.dropInPriceCents);
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
