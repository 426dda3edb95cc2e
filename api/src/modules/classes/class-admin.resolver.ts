import { Arg, Args, Authorized, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { likePattern, offsetOf, SortDirection } from '../../common/paging.js';
import { IsDateOnly, Rule } from '../../common/validators.js';
import type { Context } from '../../graphql/context.js';
import { StudioSettings } from '../settings/studio-settings.entity.js';
import { Role } from '../users/role.js';
import { Apparatus } from './apparatus.entity.js';
import { ClassBlueprint } from './class-blueprint.entity.js';
import { ClassInstance } from './class-instance.entity.js';
import { EditScope } from './class.service.js';
import {
  ApparatusInput,
  BlueprintInput,
  BlueprintListArgs,
  BlueprintSortField,
  ClassBlueprintPage,
  ClassInstancePage,
  ClassSeriesPage,
  InstanceChangesInput,
  InstanceInput,
  InstanceListArgs,
  InstanceSortField,
  SeriesChangesInput,
  SeriesInput,
  SeriesListArgs,
  SeriesResult,
  SeriesSortField,
  StudioSettingsInput,
  UpdateBlueprintInput,
} from './class.inputs.js';
import { ClassSeries } from './class-series.entity.js';
import { StudioClosure } from './studio-closure.entity.js';
import { Field, InputType } from 'type-graphql';
import { closureReason } from '@studio/rules';

@InputType()
class ClosureInput {
  @Field() @IsDateOnly() date: string;
  @Field() @Rule(closureReason) reason: string;
}

const INSTANCE_ORDER: Record<InstanceSortField, (dir: 'asc' | 'desc') => object> = {
  startsAt: (dir) => ({ startsAt: dir }),
  name: (dir) => ({ blueprint: { name: dir }, startsAt: 'asc' }),
  instructor: (dir) => ({ instructor: { firstName: dir, lastName: dir }, startsAt: 'asc' }),
  spotsTaken: (dir) => ({ spotsTaken: dir, startsAt: 'asc' }),
  capacity: (dir) => ({ capacity: dir, startsAt: 'asc' }),
};

const BLUEPRINT_ORDER: Record<BlueprintSortField, (dir: 'asc' | 'desc') => object> = {
  name: (dir) => ({ name: dir }),
  apparatus: (dir) => ({ apparatus: { sortOrder: dir, name: dir }, level: 'asc', name: 'asc' }),
  level: (dir) => ({ level: dir, name: 'asc' }),
  durationMinutes: (dir) => ({ durationMinutes: dir, name: 'asc' }),
  defaultCapacity: (dir) => ({ defaultCapacity: dir, name: 'asc' }),
  dropInPriceCents: (dir) => ({ dropInPriceCents: dir, name: 'asc' }),
};

const SERIES_ORDER: Record<SeriesSortField, (dir: 'asc' | 'desc') => object> = {
  startDate: (dir) => ({ startDate: dir }),
  endDate: (dir) => ({ endDate: dir }),
  name: (dir) => ({ blueprint: { name: dir }, startDate: 'desc' }),
  instructor: (dir) => ({ instructor: { firstName: dir, lastName: dir }, startDate: 'desc' }),
  startTime: (dir) => ({ startTime: dir, startDate: 'desc' }),
};

/** /admin/classes: class types, series, dated classes, closures, apparatus and booking rules. */
@Resolver()
export class ClassAdminResolver {
  @Authorized(Role.admin)
  @Query(() => ClassInstancePage, { description: 'Server-paged, sortable, filterable classes (one count and one joined select)' })
  async adminClassInstances(@Args() args: InstanceListArgs, @Ctx() ctx: Context): Promise<ClassInstancePage> {
    const where: Record<string, unknown> = {};
    if (args.from || args.to) where.date = { ...(args.from ? { $gte: args.from } : {}), ...(args.to ? { $lte: args.to } : {}) };
    if (args.status) where.status = args.status;
    if (args.instructorId) where.instructor = args.instructorId;
    if (args.seriesId) where.series = args.seriesId;
    const blueprint: Record<string, unknown> = {};
    if (args.apparatusId) blueprint.apparatus = args.apparatusId;
    if (args.search?.trim()) blueprint.name = { $ilike: likePattern(args.search.trim()) };
    if (Object.keys(blueprint).length) where.blueprint = blueprint;
    const dir = args.sortDirection === SortDirection.DESC ? 'desc' : 'asc';
    const [items, total] = await ctx.em.findAndCount(ClassInstance, where, {
      populate: ['blueprint.apparatus', 'instructor'],
      strategy: 'joined',
      orderBy: { ...INSTANCE_ORDER[args.sortField](dir), id: 'asc' },
      limit: args.pageSize,
      offset: offsetOf(args),
    });
    return { items, total, page: args.page, pageSize: args.pageSize };
  }

  @Authorized(Role.admin)
  @Query(() => ClassBlueprintPage)
  async classBlueprints(@Args() args: BlueprintListArgs, @Ctx() ctx: Context): Promise<ClassBlueprintPage> {
    const where: Record<string, unknown> = {};
    if (args.search?.trim()) where.name = { $ilike: likePattern(args.search.trim()) };
    if (args.apparatusId) where.apparatus = args.apparatusId;
    if (args.isActive !== undefined && args.isActive !== null) where.isActive = args.isActive;
    const dir = args.sortDirection === SortDirection.DESC ? 'desc' : 'asc';
    const orderBy = args.sortField ? BLUEPRINT_ORDER[args.sortField](dir) : { apparatus: { sortOrder: 'asc' }, level: 'asc', name: 'asc' };
    const [items, total] = await ctx.em.findAndCount(ClassBlueprint, where, {
      populate: ['apparatus'],
      strategy: 'joined',
      orderBy: { ...orderBy, id: 'asc' },
      limit: args.pageSize,
      offset: offsetOf(args),
    });
    return { items, total, page: args.page, pageSize: args.pageSize };
  }

  @Authorized(Role.admin)
  @Query(() => ClassSeriesPage, { description: 'Server-paged, sortable, filterable weekly series (one count and one joined select)' })
  async adminClassSeries(@Args() args: SeriesListArgs, @Ctx() ctx: Context): Promise<ClassSeriesPage> {
    const where: Record<string, unknown> = args.status ? { ...ctx.services.classes.seriesWhere(args.status) } : {};
    if (args.instructorId) where.instructor = args.instructorId;
    const blueprint: Record<string, unknown> = {};
    if (args.apparatusId) blueprint.apparatus = args.apparatusId;
    if (args.search?.trim()) blueprint.name = { $ilike: likePattern(args.search.trim()) };
    if (Object.keys(blueprint).length) where.blueprint = blueprint;
    const dir = args.sortDirection === SortDirection.DESC ? 'desc' : 'asc';
    const [items, total] = await ctx.em.findAndCount(ClassSeries, where, {
      populate: ['blueprint.apparatus', 'instructor'],
      strategy: 'joined',
      orderBy: { ...SERIES_ORDER[args.sortField](dir), id: 'asc' },
      limit: args.pageSize,
      offset: offsetOf(args),
    });
    return { items, total, page: args.page, pageSize: args.pageSize };
  }

  @Authorized(Role.admin)
  @Mutation(() => ClassBlueprint)
  createClassBlueprint(@Arg('input') input: BlueprintInput, @Ctx() ctx: Context): Promise<ClassBlueprint> {
    return ctx.services.classes.createBlueprint(ctx.em, input);
  }

  @Authorized(Role.admin)
  @Mutation(() => ClassBlueprint)
  updateClassBlueprint(
    @Arg('id', () => ID) id: string,
    @Arg('input') input: UpdateBlueprintInput,
    @Ctx() ctx: Context,
  ): Promise<ClassBlueprint> {
    return ctx.services.classes.updateBlueprint(ctx.em, id, input);
  }

  @Authorized(Role.admin)
  @Mutation(() => SeriesResult, { description: 'Creates a weekly series and its classes, skipping studio closures' })
  createClassSeries(@Arg('input') input: SeriesInput, @Ctx() ctx: Context): Promise<SeriesResult> {
    return ctx.services.classes.createSeries(ctx.em, input);
  }

  @Authorized(Role.admin)
  @Mutation(() => ClassSeries, {
    description: 'Changes a series from now on: instructor, time and capacity of its later classes, and its last date',
  })
  updateClassSeries(@Arg('id', () => ID) id: string, @Arg('input') input: SeriesChangesInput, @Ctx() ctx: Context): Promise<ClassSeries> {
    return ctx.services.classes.updateSeries(ctx.em, id, input);
  }

  @Authorized(Role.admin)
  @Mutation(() => ClassSeries, { description: 'Cancels every class of a series not yet started, releasing spots and telling each family' })
  cancelClassSeries(
    @Arg('id', () => ID) id: string,
    @Arg('reason', { defaultValue: '' }) reason: string,
    @Ctx() ctx: Context,
  ): Promise<ClassSeries> {
    return ctx.services.classes.cancelSeries(ctx.em, id, reason.slice(0, 300));
  }

  @Authorized(Role.admin)
  @Mutation(() => ClassInstance, { description: 'Adds a single class outside any series' })
  createClassInstance(@Arg('input') input: InstanceInput, @Ctx() ctx: Context): Promise<ClassInstance> {
    return ctx.services.classes.createInstance(ctx.em, input);
  }

  @Authorized(Role.admin)
  @Mutation(() => [ClassInstance], { description: 'Edits a class, or it and the rest of its series' })
  updateClassInstance(
    @Arg('id', () => ID) id: string,
    @Arg('input') input: InstanceChangesInput,
    @Arg('scope', () => EditScope, { defaultValue: EditScope.THIS }) scope: EditScope,
    @Ctx() ctx: Context,
  ): Promise<ClassInstance[]> {
    return ctx.services.classes.updateInstances(ctx.em, id, input, scope);
  }

  @Authorized(Role.admin)
  @Mutation(() => ClassInstance, { description: 'Cancels a class, releases every spot and tells each booked family' })
  cancelClassInstance(
    @Arg('id', () => ID) id: string,
    @Arg('reason', { defaultValue: '' }) reason: string,
    @Ctx() ctx: Context,
  ): Promise<ClassInstance> {
    return ctx.services.classes.cancelInstance(ctx.em, id, reason.slice(0, 300));
  }

  @Authorized(Role.admin)
  @Query(() => [StudioClosure])
  studioClosures(@Ctx() ctx: Context): Promise<StudioClosure[]> {
    return ctx.em.find(StudioClosure, {}, { orderBy: { date: 'asc' } });
  }

  @Authorized(Role.admin)
  @Mutation(() => StudioClosure, { description: 'Closes the studio on a date and cancels the classes already scheduled then' })
  addStudioClosure(@Arg('input') input: ClosureInput, @Ctx() ctx: Context): Promise<StudioClosure> {
    return ctx.services.classes.addClosure(ctx.em, input.date, input.reason);
  }

  @Authorized(Role.admin)
  @Mutation(() => Boolean)
  async removeStudioClosure(@Arg('id', () => ID) id: string, @Ctx() ctx: Context): Promise<boolean> {
    await ctx.services.classes.removeClosure(ctx.em, id);
    return true;
  }

  @Authorized(Role.admin)
  @Mutation(() => Apparatus, { description: 'Creates or updates an apparatus and its rig points' })
  saveApparatus(@Arg('input') input: ApparatusInput, @Ctx() ctx: Context): Promise<Apparatus> {
    return ctx.services.classes.saveApparatus(ctx.em, input);
  }

  @Authorized()
  @Query(() => StudioSettings)
  studioSettings(@Ctx() ctx: Context): Promise<StudioSettings> {
    return ctx.services.settings.get(ctx.em);
  }

  @Authorized(Role.admin)
  @Mutation(() => StudioSettings)
  updateStudioSettings(@Arg('input') input: StudioSettingsInput, @Ctx() ctx: Context): Promise<StudioSettings> {
    return ctx.services.settings.update(ctx.em, input);
  }
}
