import { Arg, Args, Authorized, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
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
  ClassBlueprintPage,
  ClassInstancePage,
  ClassSeriesPage,
  InstanceChangesInput,
  InstanceInput,
  InstanceListArgs,
  SeriesChangesInput,
  SeriesInput,
  SeriesListArgs,
  SeriesResult,
  StudioSettingsInput,
  UpdateBlueprintInput,
} from './class.inputs.js';
import { ClosureInput } from './class.types.js';
import { ClassSeries } from './class-series.entity.js';
import { StudioClosure } from './studio-closure.entity.js';
import { Scope } from '../../graphql/access.js';

/** /admin/classes: class types, series, dated classes, closures, apparatus and booking rules. */
@Resolver()
export class ClassAdminResolver {
  @Authorized(Role.admin)
  @Scope('schedule:read')
  @Query(() => ClassInstancePage, { description: 'Server-paged, sortable, filterable classes (one count and one joined select)' })
  async adminClassInstances(@Args() args: InstanceListArgs, @Ctx() ctx: Context): Promise<ClassInstancePage> {
    const { items, total } = await ctx.services.classes.listInstances(ctx.em, args);
    return { items, total, page: args.page, pageSize: args.pageSize };
  }

  @Authorized(Role.admin)
  @Scope('schedule:read')
  @Query(() => ClassBlueprintPage)
  async classBlueprints(@Args() args: BlueprintListArgs, @Ctx() ctx: Context): Promise<ClassBlueprintPage> {
    const { items, total } = await ctx.services.classes.listBlueprints(ctx.em, args);
    return { items, total, page: args.page, pageSize: args.pageSize };
  }

  @Authorized(Role.admin)
  @Scope('schedule:read')
  @Query(() => ClassSeriesPage, { description: 'Server-paged, sortable, filterable weekly series (one count and one joined select)' })
  async adminClassSeries(@Args() args: SeriesListArgs, @Ctx() ctx: Context): Promise<ClassSeriesPage> {
    const { items, total } = await ctx.services.classes.listSeries(ctx.em, args);
    return { items, total, page: args.page, pageSize: args.pageSize };
  }

  @Authorized(Role.admin)
  @Scope('schedule:write')
  @Mutation(() => ClassBlueprint)
  createClassBlueprint(@Arg('input') input: BlueprintInput, @Ctx() ctx: Context): Promise<ClassBlueprint> {
    return ctx.services.classes.createBlueprint(ctx.em, input);
  }

  @Authorized(Role.admin)
  @Scope('schedule:write')
  @Mutation(() => ClassBlueprint)
  updateClassBlueprint(
    @Arg('id', () => ID) id: string,
    @Arg('input') input: UpdateBlueprintInput,
    @Ctx() ctx: Context,
  ): Promise<ClassBlueprint> {
    return ctx.services.classes.updateBlueprint(ctx.em, id, input);
  }

  @Authorized(Role.admin)
  @Scope('schedule:write')
  @Mutation(() => SeriesResult, { description: 'Creates a weekly series and its classes, skipping studio closures' })
  createClassSeries(@Arg('input') input: SeriesInput, @Ctx() ctx: Context): Promise<SeriesResult> {
    return ctx.services.classes.createSeries(ctx.em, input);
  }

  @Authorized(Role.admin)
  @Scope('schedule:write')
  @Mutation(() => ClassSeries, {
    description: 'Changes a series from now on: instructor, time and capacity of its later classes, and its last date',
  })
  updateClassSeries(@Arg('id', () => ID) id: string, @Arg('input') input: SeriesChangesInput, @Ctx() ctx: Context): Promise<ClassSeries> {
    return ctx.services.classes.updateSeries(ctx.em, id, input);
  }

  @Authorized(Role.admin)
  @Scope('schedule:write')
  @Mutation(() => ClassSeries, { description: 'Cancels every class of a series not yet started, releasing spots and telling each family' })
  cancelClassSeries(
    @Arg('id', () => ID) id: string,
    @Arg('reason', { defaultValue: '' }) reason: string,
    @Ctx() ctx: Context,
  ): Promise<ClassSeries> {
    return ctx.services.classes.cancelSeries(ctx.em, id, reason.slice(0, 300));
  }

  @Authorized(Role.admin)
  @Scope('schedule:write')
  @Mutation(() => ClassInstance, { description: 'Adds a single class outside any series' })
  createClassInstance(@Arg('input') input: InstanceInput, @Ctx() ctx: Context): Promise<ClassInstance> {
    return ctx.services.classes.createInstance(ctx.em, input);
  }

  @Authorized(Role.admin)
  @Scope('schedule:write')
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
  @Scope('schedule:write')
  @Mutation(() => ClassInstance, { description: 'Cancels a class, releases every spot and tells each booked family' })
  cancelClassInstance(
    @Arg('id', () => ID) id: string,
    @Arg('reason', { defaultValue: '' }) reason: string,
    @Ctx() ctx: Context,
  ): Promise<ClassInstance> {
    return ctx.services.classes.cancelInstance(ctx.em, id, reason.slice(0, 300));
  }

  @Authorized(Role.admin)
  @Scope('schedule:read')
  @Query(() => [StudioClosure])
  studioClosures(@Ctx() ctx: Context): Promise<StudioClosure[]> {
    return ctx.services.classes.closures(ctx.em);
  }

  @Authorized(Role.admin)
  @Scope('schedule:write')
  @Mutation(() => StudioClosure, { description: 'Closes the studio on a date and cancels the classes already scheduled then' })
  addStudioClosure(@Arg('input') input: ClosureInput, @Ctx() ctx: Context): Promise<StudioClosure> {
    return ctx.services.classes.addClosure(ctx.em, input.date, input.reason);
  }

  @Authorized(Role.admin)
  @Scope('schedule:write')
  @Mutation(() => Boolean)
  async removeStudioClosure(@Arg('id', () => ID) id: string, @Ctx() ctx: Context): Promise<boolean> {
    await ctx.services.classes.removeClosure(ctx.em, id);
    return true;
  }

  @Authorized(Role.admin)
  @Scope('schedule:write')
  @Mutation(() => Apparatus, { description: 'Creates or updates an apparatus and its rig points' })
  saveApparatus(@Arg('input') input: ApparatusInput, @Ctx() ctx: Context): Promise<Apparatus> {
    return ctx.services.classes.saveApparatus(ctx.em, input);
  }

  @Authorized()
  @Scope('schedule:read')
  @Query(() => StudioSettings)
  studioSettings(@Ctx() ctx: Context): Promise<StudioSettings> {
    return ctx.services.settings.get(ctx.em);
  }

  @Authorized(Role.admin)
  @Scope('schedule:write')
  @Mutation(() => StudioSettings)
  updateStudioSettings(@Arg('input') input: StudioSettingsInput, @Ctx() ctx: Context): Promise<StudioSettings> {
    return ctx.services.settings.update(ctx.em, input);
  }
}
