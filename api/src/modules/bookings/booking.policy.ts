import { ageOn, ageRangeLabel, fullName } from '@studio/rules';
import { forbidden, notFound } from '../../graphql/errors.js';
import { mayTeach, type TaughtClass } from '../classes/class.policy.js';
import { familyTie, isGuardianOf, mayActFor, type FamilyPerson } from '../users/user.policy.js';
import { isAdmin, isStaff, Role, type Actor, type Ref } from '../users/role.js';

interface Attendee extends Ref {
  guardian: Ref | null;
}
/** A booking as its rules need it: for whom, booked by whom, in which class. */
export interface ManagedBooking {
  attendee: Attendee;
  bookedBy: Ref;
  classInstance: TaughtClass;
}
/** A waitlist entry as its rules need it. */
export interface ManagedWaitlistEntry {
  attendee: Attendee;
  requestedBy: Ref;
  classInstance: TaughtClass;
}

// ── booking for someone ───────────────────────────────────────────────────────────────────────────────────

/** A member books for themselves and for the minors in their family (`today`: the studio's date). */
export function mayBookFor(actor: Actor, person: FamilyPerson, today: string): boolean {
  return mayActFor(actor, person, today);
}

/** `person` null: nobody (active) with that id. */
export function assertMayBookFor<P extends FamilyPerson & { firstName: string; lastName: string }>(
  actor: Actor,
  person: P | null,
  today: string,
): asserts person is P {
  const tie = person ? familyTie(actor, person, today) : 'none';
  if (tie === 'none') throw forbidden('You can book only for yourself and for children in your family.');
  if (tie === 'adult') throw forbidden(`${fullName(person!)} is 18 or older and must book with their own account.`);
}

/**
 * Whom staff book into a class (and find to book): instructors and teachers the studio's members (students, parents
 * and their children); admins anyone. Other staff are not theirs to book, nor to look up.
 */
export function staffBookableRoles(actor: Actor): Role[] {
  return isAdmin(actor) ? Object.values(Role) : [Role.student, Role.parent];
}

export function mayStaffBook(actor: Actor, person: { role: Role }): boolean {
  return isStaff(actor) && staffBookableRoles(actor).includes(person.role);
}

/** Like a missing person, so the search and the booking agree on who exists for this actor. */
export function assertMayStaffBook<P extends { role: Role }>(actor: Actor, person: P | null): asserts person is P {
  if (!person || !mayStaffBook(actor, person)) throw notFound('That person');
}

/** Only admins book a class past its capacity. */
export function mayBookOverCapacity(actor: Actor): boolean {
  return isAdmin(actor);
}

export function assertMayBookOverCapacity(actor: Actor, overCapacity: boolean): void {
  if (overCapacity && !mayBookOverCapacity(actor)) throw forbidden('Only admins can book over capacity.');
}

// ── seeing and changing a booking or a place in line ─────────────────────────────────────────────────────

/** The attendee, whoever made it, the attendee's parent, and whoever runs the class (its instructor, admins). */
function mayManage(actor: Actor, attendee: Attendee, madeBy: Ref, instance: TaughtClass): boolean {
  return actor.id === attendee.id || actor.id === madeBy.id || isGuardianOf(actor, attendee) || mayTeach(actor, instance);
}

export function mayManageBooking(actor: Actor, booking: ManagedBooking): boolean {
  return mayManage(actor, booking.attendee, booking.bookedBy, booking.classInstance);
}

export function mayManageWaitlistEntry(actor: Actor, entry: ManagedWaitlistEntry): boolean {
  return mayManage(actor, entry.attendee, entry.requestedBy, entry.classInstance);
}

/** Someone else's booking answers like a missing one, so ids reveal nothing. */
export function assertMayManageBooking<B extends ManagedBooking>(actor: Actor, booking: B | null): asserts booking is B {
  if (!booking || !mayManageBooking(actor, booking)) throw notFound('That booking');
}

export function assertMayManageWaitlistEntry<E extends ManagedWaitlistEntry>(actor: Actor, entry: E | null): asserts entry is E {
  if (!entry || !mayManageWaitlistEntry(actor, entry)) throw notFound('That waitlist entry');
}

/** Staff cancel on a member's behalf: also after the class started, and never as a late cancellation. */
export function cancelsAsStaff(actor: Actor): boolean {
  return isStaff(actor);
}

// ── the cancellation policy ───────────────────────────────────────────────────────────────────────────────

const HOUR = 3600_000;

/** Until when a booking can be cancelled without it counting as late: the studio's cutoff before the class starts. */
export function freeCancellationUntil(startsAt: Date, cutoffHours: number): Date {
  return new Date(startsAt.getTime() - cutoffHours * HOUR);
}

/**
 * A member who cancels a confirmed booking after the cutoff makes a late cancellation: it is recorded on the booking
 * (the attendance record shows it), and the studio's late-cancellation fee, when it sets one, is charged to the
 * member's account. Held spots are just released, and staff never cancel late.
 */
export function isLateCancellation(actor: Actor, booking: { status: string }, freeUntil: Date, now = Date.now()): boolean {
  return booking.status === 'confirmed' && !cancelsAsStaff(actor) && now >= freeUntil.getTime();
}

// ── which rows a member sees (MikroORM filters on Booking and WaitlistEntry) ──────────────────────────────

/** The family rule: rows whose attendee is the viewer or a member of the viewer's family. */
const attendeeInFamilyOf = (viewerId: string) => [{ attendee: viewerId }, { attendee: { guardian: viewerId } }];

/** Bookings or waitlist entries for the viewer and their family: a member's own places (staff bookings for others are not theirs). */
export function familyScope(viewerId: string) {
  return { $or: attendeeInFamilyOf(viewerId) };
}

/** The spots in a member's cart, the only held bookings they may release from it: the ones they booked. */
export function cartOf(actorId: string) {
  return { bookedBy: actorId };
}

/** Why someone may not come to a class for their age on its date (its class type's range), or null when they may. */
export function ageRefusal(
  attendee: { firstName: string; lastName: string; birthday: string },
  instance: { date: string; blueprint: { name: string; minAge: number | null; maxAge: number | null } },
): string | null {
  const { minAge, maxAge, name } = instance.blueprint;
  if (minAge == null && maxAge == null) return null;
  const age = ageOn(attendee.birthday, instance.date);
  if ((minAge == null || age >= minAge) && (maxAge == null || age <= maxAge)) return null;
  return `${fullName(attendee)} is ${age} on the day of the class; ${name} is for ${ageRangeLabel(minAge, maxAge)!.toLowerCase()}.`;
}
