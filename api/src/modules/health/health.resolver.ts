import { Arg, Authorized, Ctx, FieldResolver, ID, Mutation, Resolver } from 'type-graphql';
import { HealthData, Scope } from '../../graphql/access.js';
import type { Context, Viewer } from '../../graphql/context.js';
import { CurrentUser } from '../../graphql/current-user.js';
import { Parent } from '../../graphql/parent.js';
import { Booking } from '../bookings/booking.entity.js';
import { KioskEntry } from '../checkin/checkin.types.js';
import { ClassInstance } from '../classes/class-instance.entity.js';
import { User } from '../users/user.entity.js';
import { HealthDetails } from './health-details.entity.js';
import { maySeeHealth } from './health.policy.js';
import { HealthDetailsInput } from './health.types.js';

@Resolver(() => User)
export class HealthResolver {
  @Authorized()
  @Scope('members:write')
  @HealthData()
  @Mutation(() => User, {
    description:
      "Sets a person's health and emergency details: one's own, or a family member's (parents, for members without a login of their own)",
  })
  updateHealthDetails(
    @Arg('personId', () => ID) personId: string,
    @Arg('input') input: HealthDetailsInput,
    @CurrentUser() user: Viewer,
    @Ctx() ctx: Context,
  ): Promise<User> {
    ctx.loaders.healthDetails.clear(personId);
    return ctx.services.health.update(ctx.em, user, personId, input);
  }

  @FieldResolver(() => HealthDetails, {
    nullable: true,
    description: 'Allergies, medical notes and emergency contact, for the person, their parent and admins; null when none are recorded',
  })
  @HealthData()
  async health(@Parent() person: User, @Ctx() ctx: Context): Promise<HealthDetails | null> {
    if (!maySeeHealth(ctx.user, await ctx.loaders.load(User, person), null)) return null;
    return ctx.loaders.healthDetails.load(person.id);
  }
}

@Resolver(() => Booking)
export class BookingHealthResolver {
  @FieldResolver(() => HealthDetails, {
    nullable: true,
    description: "The attendee's health details, for the class's instructor, admins and the attendee's own family; null when none",
  })
  @HealthData()
  async attendeeHealth(@Parent() booking: Booking, @Ctx() ctx: Context): Promise<HealthDetails | null> {
    if (!ctx.user) return null;
    const [attendee, instance] = await Promise.all([
      ctx.loaders.load(User, booking.attendee),
      ctx.loaders.load(ClassInstance, booking.classInstance),
    ]);
    if (!maySeeHealth(ctx.user, attendee, instance)) return null;
    return ctx.loaders.healthDetails.load(attendee.id);
  }
}

@Resolver(() => KioskEntry)
export class KioskHealthResolver {
  @FieldResolver(() => Boolean, {
    description: 'Whether the attendee has health details recorded: a discreet marker for staff at the kiosk, never the details',
  })
  @HealthData()
  hasHealthDetails(@Parent() entry: KioskEntry, @Ctx() ctx: Context): Promise<boolean> {
    return ctx.loaders.healthFlagByBooking.load(entry.bookingId);
  }
}
