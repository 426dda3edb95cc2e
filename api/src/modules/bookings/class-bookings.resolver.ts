import { Ctx, FieldResolver, Int, Resolver } from 'type-graphql';
import type { Context } from '../../graphql/context.js';
import { Parent } from '../../graphql/parent.js';
import { ClassBlueprint } from '../classes/class-blueprint.entity.js';
import { ClassInstance } from '../classes/class-instance.entity.js';
import { Booking } from './booking.entity.js';
import { freeCancellationUntil } from './booking.policy.js';
import { RigPointAvailability } from './booking.types.js';
import { WaitlistEntry } from './waitlist-entry.entity.js';

/** The fields of a class that come from its bookings. */
@Resolver(() => ClassInstance)
export class ClassBookingsResolver {
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

  @FieldResolver(() => Date, {
    description: 'Until when a booking in this class can be cancelled without counting as a late cancellation (see lateCancelFeeCents)',
  })
  async freeCancellationUntil(@Parent() instance: ClassInstance, @Ctx() ctx: Context): Promise<Date> {
    const { cancellationCutoffHours } = await ctx.loaders.settings.load(1);
    return freeCancellationUntil(instance.startsAt, cancellationCutoffHours);
  }

  @FieldResolver(() => Int, {
    description:
      "The fee a late cancellation of a booking in this class adds to the member's account, in cents (0: none; never for comp memberships)",
  })
  async lateCancelFeeCents(@Ctx() ctx: Context): Promise<number> {
    return (await ctx.loaders.settings.load(1)).lateCancelFeeCents;
  }

  @FieldResolver(() => Int, {
    description: "The fee a no-show in this class adds to the member's account, in cents (0: none; never for comp memberships)",
  })
  async noShowFeeCents(@Ctx() ctx: Context): Promise<number> {
    return (await ctx.loaders.settings.load(1)).noShowFeeCents;
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
