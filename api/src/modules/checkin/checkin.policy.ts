import { forbidden, notFound, unauthenticated } from '../../graphql/errors.js';
import { mayTeach, type TaughtClass } from '../classes/class.policy.js';
import { isStaff, type Actor, type Ref } from '../users/role.js';

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

// ── the front-desk screen: finding oneself by name ────────────────────────────────────────────────────────

/**
 * Staff set a screen up as the studio's kiosk (a signed device token kept on that screen). Only such a screen lists
 * names, so nobody elsewhere on the internet can look up who is in class right now.
 */
export function mayUseKioskScreen(setUpBy: Pick<Actor, 'role'>): boolean {
  return isStaff(setUpBy);
}

export function assertMayUseKioskScreen(setUpBy: Pick<Actor, 'role'>): void {
  if (!mayUseKioskScreen(setUpBy)) throw forbidden('Only staff can set up the check-in kiosk.');
}

/** How the shared screen names someone: first name and last initial ("Mia R."), never more. */
export function kioskName(person: { firstName: string; lastName: string }): string {
  const initial = [...person.lastName.trim()][0];
  return initial ? `${person.firstName} ${initial.toLocaleUpperCase()}.` : person.firstName;
}

/** The login that answers for a booking at the kiosk: the attendee when they sign in themselves, else their parent. */
export function kioskAccountOf<P extends Ref & { username: string | null; guardian: P | null }>(attendee: P): P | null {
  return attendee.username !== null ? attendee : attendee.guardian;
}

/** What the family's check-in PIN says about a tap on a name: the family has none, or it was given right, wrong, or not at all. */
export type KioskPinCheck = 'no PIN set' | 'right' | 'wrong' | 'missing';

/**
 * A tap on a name opens that family's check-in when the booking is open now (confirmed, in a class open for check-in)
 * and, for a family that set a check-in PIN, the PIN was given right: setting a PIN keeps a family's name tap theirs.
 */
export function mayKioskTapIn(open: boolean, pin: KioskPinCheck): boolean {
  return open && (pin === 'no PIN set' || pin === 'right');
}

export function assertMayKioskTapIn(open: boolean, pin: KioskPinCheck): void {
  if (!open) throw notFound('That check-in');
  if (pin === 'missing') throw unauthenticated("Enter your family's 4-digit check-in PIN.");
  if (pin === 'wrong') throw unauthenticated('That PIN is not right. Try again, or ask at the front desk.');
}
