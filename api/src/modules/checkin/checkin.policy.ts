import { forbidden, notFound } from '../../graphql/errors.js';
import { mayTeach, type TaughtClass } from '../classes/class.policy.js';
import type { Actor } from '../users/role.js';

/** Staff mark attendance in the classes they run (admins: every class). */
export function mayMarkAttendance(actor: Actor, booking: { classInstance: TaughtClass }): boolean {
  return mayTeach(actor, booking.classInstance);
}

/** A booking in someone else's class answers like a missing one. */
export function assertMayMarkAttendance<B extends { classInstance: TaughtClass }>(actor: Actor, booking: B | null): asserts booking is B {
  if (!booking || !mayMarkAttendance(actor, booking)) throw notFound('That booking');
}

/**
 * At the kiosk a member checks in only their family's confirmed bookings in classes open now: `open` holds exactly
 * those (see CheckInService.bookingsOpenFor); every chosen id must be one of them.
 */
export function mayKioskCheckIn(open: ReadonlySet<string> | ReadonlyMap<string, unknown>, bookingIds: readonly string[]): boolean {
  return bookingIds.length > 0 && bookingIds.every((id) => open.has(id));
}

export function assertMayKioskCheckIn(open: ReadonlySet<string> | ReadonlyMap<string, unknown>, bookingIds: readonly string[]): void {
  if (!mayKioskCheckIn(open, bookingIds))
    throw forbidden("Only your family's bookings for classes open for check-in can be checked in here.");
}
