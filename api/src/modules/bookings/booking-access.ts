import { UniqueConstraintViolationException, wrap, type EntityManager } from '@mikro-orm/postgresql';
import type { Ports } from '../../events/ports.js';
import { RefusalReason, conflict, forbidden } from '../../graphql/errors.js';
import type { ClassInstance } from '../classes/class-instance.entity.js';
import { User } from '../users/user.entity.js';
import { Booking } from './booking.entity.js';
import { ageRefusal, assertMayBookFor, assertMayManageBooking } from './booking.policy.js';
import type { BookingPorts } from './bookings.ports.js';

/** Bookings and waitlist places in classes not yet ended. */
export const upcoming = () => ({ classInstance: { endsAt: { $gt: new Date() } } });

/** The attendee a member may book for: themselves, or a minor in their family (booking.policy). */
export async function attendeeFor(em: EntityManager, actor: User, attendeeId: string, today: string): Promise<User> {
  const person = attendeeId === actor.id ? actor : await em.findOne(User, { id: attendeeId, removedAt: null }, { populate: ['guardian'] });
  assertMayBookFor(actor, person, today);
  return person;
}

/** A booking the actor may manage (theirs, their family's, or any for staff), with its class and people. */
export async function findManageable(em: EntityManager, actor: User, bookingId: string): Promise<Booking> {
  const booking = await em.findOne(Booking, { id: bookingId }, { populate: ['classInstance.blueprint', 'attendee.guardian', 'bookedBy'] });
  assertMayManageBooking(actor, booking);
  return booking;
}

/** What the attendee lacks for this class (the requirements port, answered by the modules above), or null. */
export async function lackingFor(
  ports: Ports<BookingPorts>,
  tx: EntityManager,
  attendee: User,
  instance: ClassInstance,
): Promise<string | null> {
  const gate = ports.get('requirements');
  return gate && instance.blueprint.bookingGated ? gate(tx, attendee, instance) : null;
}

/**
 * Refuses an attendee who lacks what the class requires: an age in its class type's range on the class's date
 * (reason AGE_RANGE), then its moves, naming them (reason MOVES_REQUIRED). Every way into a class asks this.
 */
export async function assertMeetsRequirements(
  ports: Ports<BookingPorts>,
  tx: EntityManager,
  attendee: User,
  instance: ClassInstance,
): Promise<void> {
  if (!wrap(instance.blueprint).isInitialized()) await tx.populate(instance, ['blueprint']);
  const age = ageRefusal(attendee, instance);
  if (age) throw forbidden(age, RefusalReason.AGE_RANGE);
  const lacking = await lackingFor(ports, tx, attendee, instance);
  if (lacking) throw forbidden(lacking, RefusalReason.MOVES_REQUIRED);
}

/** Serialises bookings of one attendee, so overlap checks cannot race each other. */
export async function lockAttendee(tx: EntityManager, attendeeId: string): Promise<void> {
  await tx
    .getConnection()
    .execute(`select pg_advisory_xact_lock(hashtext('attendee:' || ?))`, [attendeeId], 'get', tx.getTransactionContext());
}

/** Unique-index violations (two requests racing for the same seat or rig point) become a CONFLICT. */
export async function flushUnique(tx: EntityManager, message: string): Promise<void> {
  try {
    await tx.flush();
  } catch (err) {
    if (err instanceof UniqueConstraintViolationException) throw conflict(message);
    throw err;
  }
}
