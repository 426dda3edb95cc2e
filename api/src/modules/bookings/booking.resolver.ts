import { Arg, Args, Authorized, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { Context, Viewer } from '../../graphql/context.js';
import { CurrentUser } from '../../graphql/current-user.js';
import { Parent } from '../../graphql/parent.js';
import { ACTIVE_BOOKING, Booking, BookingStatus } from './booking.entity.js';
import {
  BookClassArgs,
  BookClassPayload,
  BookClassTogetherArgs,
  BookClassTogetherPayload,
  BookingCover,
  ClassCart,
  classCart,
  WaitlistArgs,
} from './booking.types.js';
import { WaitlistEntry } from './waitlist-entry.entity.js';
import { PersonSummary, summarize } from '../users/person-summary.js';
import { User } from '../users/user.entity.js';
import { Scope } from '../../graphql/access.js';

@Resolver(() => Booking)
export class BookingResolver {
  @Authorized()
  @Scope('bookings:write')
  @Mutation(() => BookClassPayload, {
    description:
      'Books a spot for yourself or a child in your family. Paid classes are held in the cart for 15 minutes. Answers the booking with its class and your cart, so nothing needs asking again.',
  })
  async bookClass(@Args() args: BookClassArgs, @CurrentUser() user: Viewer, @Ctx() ctx: Context): Promise<BookClassPayload> {
    const { booking, spots } = await ctx.services.bookings.book(ctx.em, user, args);
    // The class's new counts were just read for the announcement: its fields answer from them.
    ctx.loaders.waitlistLength.prime(spots.classInstanceId, spots.waitlistLength);
    ctx.loaders.takenRigPoints.prime(spots.classInstanceId, new Set(spots.takenRigPointIds));
    return { booking, cart: classCart(await ctx.services.bookings.cart(ctx.em, user)) };
  }

  @Authorized()
  @Scope('bookings:write')
  @Mutation(() => BookClassTogetherPayload, {
    description:
      'Books yourself and/or several children of your family into one class in one step: each person is checked and booked on their own, so one who cannot go gets their refusal in outcomes while the others are booked. Paid spots are held together in the cart.',
  })
  async bookClassTogether(
    @Args() args: BookClassTogetherArgs,
    @CurrentUser() user: Viewer,
    @Ctx() ctx: Context,
  ): Promise<BookClassTogetherPayload> {
    const { outcomes, spots, instance } = await ctx.services.bookings.bookTogether(ctx.em, user, args.classInstanceId, args.people);
    if (spots) {
      ctx.loaders.waitlistLength.prime(spots.classInstanceId, spots.waitlistLength);
      ctx.loaders.takenRigPoints.prime(spots.classInstanceId, new Set(spots.takenRigPointIds));
    }
    return { outcomes, classInstance: instance, cart: classCart(await ctx.services.bookings.cart(ctx.em, user)) };
  }

  @Authorized()
  @Scope('bookings:write')
  @Mutation(() => Booking, {
    description:
      'Cancels a booking; after the cancellation cutoff (ClassInstance.freeCancellationUntil) a member’s cancellation is recorded as late',
  })
  cancelBooking(
    @Arg('bookingId', () => ID) bookingId: string,
    @Arg('lateCancelAccepted', () => Boolean, {
      nullable: true,
      description:
        'Whether the member was told this counts as a late cancellation. false: refused (CONFLICT, reason LATE_CANCEL) if it would; left out: it goes through either way',
    })
    lateCancelAccepted: boolean | null | undefined,
    @CurrentUser() user: Viewer,
    @Ctx() ctx: Context,
  ): Promise<Booking> {
    return ctx.services.bookings.cancel(ctx.em, user, bookingId, lateCancelAccepted);
  }

  @Authorized()
  @Scope('bookings:write')
  @Mutation(() => Booking, { description: 'Accepts a free spot offered from the waitlist' })
  claimSpot(@Arg('bookingId', () => ID) bookingId: string, @CurrentUser() user: Viewer, @Ctx() ctx: Context): Promise<Booking> {
    return ctx.services.bookings.claimOffer(ctx.em, user, bookingId);
  }

  @Authorized()
  @Scope('bookings:write')
  @Mutation(() => WaitlistEntry, { description: 'Joins the waitlist of a full class' })
  joinWaitlist(
    @Args() { classInstanceId, attendeeId }: WaitlistArgs,
    @CurrentUser() user: Viewer,
    @Ctx() ctx: Context,
  ): Promise<WaitlistEntry> {
    return ctx.services.bookings.joinWaitlist(ctx.em, user, classInstanceId, attendeeId);
  }

  @Authorized()
  @Scope('bookings:write')
  @Mutation(() => WaitlistEntry)
  leaveWaitlist(@Arg('entryId', () => ID) entryId: string, @CurrentUser() user: Viewer, @Ctx() ctx: Context): Promise<WaitlistEntry> {
    return ctx.services.bookings.leaveWaitlist(ctx.em, user, entryId);
  }

  @Authorized()
  @Scope('bookings:read')
  @Query(() => [Booking], { description: 'Upcoming active bookings of the signed-in member and their family' })
  myBookings(@CurrentUser() user: Viewer, @Ctx() ctx: Context): Promise<Booking[]> {
    return ctx.services.bookings.upcomingBookings(ctx.em, user);
  }

  @Authorized()
  @Scope('bookings:read')
  @Query(() => [WaitlistEntry], { description: 'Upcoming waitlist places of the signed-in member and their family' })
  myWaitlist(@CurrentUser() user: Viewer, @Ctx() ctx: Context): Promise<WaitlistEntry[]> {
    return ctx.services.bookings.upcomingWaitlist(ctx.em, user);
  }

  @Authorized()
  @Scope('bookings:read')
  @Query(() => [BookingCover], {
    description:
      'For you and each child you may book, what would pay for a spot in this class if booked now: a membership, a class pack (with the classes it has left) or the drop-in price. Nothing is used by asking.',
  })
  bookingCovers(
    @Arg('classInstanceId', () => ID) classInstanceId: string,
    @CurrentUser() user: Viewer,
    @Ctx() ctx: Context,
  ): Promise<BookingCover[]> {
    return ctx.services.bookings.coversFor(ctx.em, user, classInstanceId);
  }

  @Authorized()
  @Scope('bookings:read')
  @Query(() => ClassCart, { description: 'Spots held for the signed-in member (the class cart)' })
  async cart(@CurrentUser() user: Viewer, @Ctx() ctx: Context): Promise<ClassCart> {
    return classCart(await ctx.services.bookings.cart(ctx.em, user));
  }

  @Authorized()
  @Scope('bookings:write')
  @Mutation(() => Int, { description: 'Removes the held spots of one class from the cart and frees them; answers how many' })
  removeFromCart(
    @Arg('classInstanceId', () => ID) classInstanceId: string,
    @CurrentUser() user: Viewer,
    @Ctx() ctx: Context,
  ): Promise<number> {
    return ctx.services.bookings.removeFromCart(ctx.em, user, classInstanceId);
  }

  @Authorized()
  @Scope('bookings:write')
  @Mutation(() => Int, { description: 'Empties the class cart and frees every held spot; answers how many' })
  clearCart(@CurrentUser() user: Viewer, @Ctx() ctx: Context): Promise<number> {
    return ctx.services.bookings.removeFromCart(ctx.em, user, null);
  }

  @FieldResolver(() => PersonSummary, { description: 'Who made the booking (the attendee, their parent, or staff), by name only' })
  async bookedBy(@Parent() booking: Booking, @Ctx() ctx: Context): Promise<PersonSummary> {
    return summarize(await ctx.loaders.load(User, booking.bookedBy));
  }

  @FieldResolver(() => Boolean, { description: 'Held or confirmed' })
  isActive(@Parent() booking: Booking): boolean {
    return (ACTIVE_BOOKING as readonly BookingStatus[]).includes(booking.status);
  }
}

@Resolver(() => WaitlistEntry)
export class WaitlistEntryResolver {
  @FieldResolver(() => Int, { nullable: true, description: '1 for the first person in line; null once no longer waiting' })
  position(@Parent() entry: WaitlistEntry, @Ctx() ctx: Context): Promise<number | null> {
    return ctx.loaders.waitlistPosition.load(entry.id);
  }
}
