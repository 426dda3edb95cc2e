import { ageOn, ageRangeLabel, formatMoney, fullName } from '@studio/rules';
import { errorCode, errorMessage, refusalReason } from '../../app/errors';
import type { SessionUser } from '../../app/session';
import type { ScheduleClass } from '../../components/schedule/ClassCard';
import type { BookingCoversQuery, ClassRequirementCheckQuery } from './classes.generated';

export interface Attendee {
  id: string;
  name: string;
  firstName: string;
  isSelf: boolean;
  /** Why this person cannot be picked for this class (null: they can). */
  blocked: string | null;
  /** A signed waiver is missing. */
  needsWaiver: boolean;
}

/**
 * Who may be booked into a class: the member and the minors in their family. Adults in the family book with their
 * own account; people without a signed waiver, or already booked or waiting for this class, cannot be picked.
 */
export function attendeesFor(user: SessionUser, c: ScheduleClass): Attendee[] {
  const booked = new Map((c.myBookings ?? []).map((b) => [b.attendee.id, b]));
  const waiting = new Map((c.myWaitlistEntries ?? []).map((w) => [w.attendee.id, w]));
  // You first, then the children, then adults in the family (who cannot be picked here).
  const family = [...user.familyMembers].sort((a, b) => Number(!a.isMinor) - Number(!b.isMinor));
  const people = [
    {
      id: user.id,
      firstName: user.firstName,
      lastName: user.lastName,
      isMinor: user.isMinor,
      birthday: user.birthday,
      waiverSigned: user.waiverSigned,
      isSelf: true,
    },
    ...family.map((m) => ({
      id: m.id,
      firstName: m.firstName,
      lastName: m.lastName,
      isMinor: m.isMinor,
      birthday: m.birthday,
      waiverSigned: m.waiverSigned,
      isSelf: false,
    })),
  ];
  return people.map((p) => {
    const booking = booked.get(p.id);
    const entry = waiting.get(p.id);
    let blocked: string | null = null;
    if (!p.isSelf && !p.isMinor) blocked = 'Books with their own account';
    else if (booking) blocked = booking.status === 'held' ? 'Spot held' : 'Already booked';
    else if (entry) blocked = entry.position ? `On the waitlist, #${entry.position} in line` : 'On the waitlist';
    else if (!fitsAges(p.birthday, c))
      blocked = `This class is for ${ageRangeLabel(c.blueprint.minAge, c.blueprint.maxAge)!.toLowerCase()}`;
    else if (!p.waiverSigned) blocked = 'Needs a signed waiver';
    return {
      id: p.id,
      firstName: p.firstName,
      name: p.isSelf ? `${p.firstName} (you)` : fullName(p),
      isSelf: p.isSelf,
      blocked,
      needsWaiver: !p.waiverSigned && (p.isSelf || p.isMinor),
    };
  });
}

/** Whether someone's age on the class's date is in its class type's range (the API checks it the same way). */
function fitsAges(birthday: string | null | undefined, c: Pick<ScheduleClass, 'date' | 'blueprint'>): boolean {
  const { minAge, maxAge } = c.blueprint;
  if ((minAge ?? null) === null && (maxAge ?? null) === null) return true;
  if (!birthday) return true;
  const age = ageOn(birthday, c.date);
  return (minAge == null || age >= minAge) && (maxAge == null || age <= maxAge);
}

export type BookingCover = BookingCoversQuery['bookingCovers'][number];

/** What the booking button says: what will pay for the spot (a membership or pack, with what it has left), or the price. */
export function bookButtonLabel(c: Pick<ScheduleClass, 'blueprint'>, cover: BookingCover | undefined): string {
  if (c.blueprint.dropInPriceCents === 0) return 'Book free class';
  if (cover?.paidWith) return `Book with ${cover.paidWith}${cover.classesLeft === null ? '' : ` (${cover.classesLeft} left)`}`;
  return `Book · ${formatMoney(cover?.priceCents ?? c.blueprint.dropInPriceCents)}`;
}

/** The line beside the button: what happens when it is pressed. */
export function bookingNote(c: Pick<ScheduleClass, 'blueprint'>, cover: BookingCover | undefined): string {
  if (c.blueprint.dropInPriceCents === 0) return 'Free class: your spot is confirmed right away.';
  if (cover?.paidWith) return `Paid by ${cover.paidWith}: the spot is confirmed right away.`;
  if (cover) return 'Held in your cart for 15 minutes while you pay.';
  return 'Paid by your membership or class pack when one covers it; otherwise held in your cart for 15 minutes.';
}

export type RequirementCheck = ClassRequirementCheckQuery['classRequirementCheck'];

/** What a gated class asks of the person picked, and whether they have it, said before the click. */
export function requirementNote(check: RequirementCheck, who: Pick<Attendee, 'isSelf' | 'firstName'>): string {
  const has = who.isSelf ? 'You have' : `${who.firstName} has`;
  if (check.met) return `Requires ${check.requirement}: ${has} it signed off.`;
  if (check.overridden) return `Requires ${check.requirement}: ${who.isSelf ? 'you are' : `${who.firstName} is`} let in by staff.`;
  const missing =
    check.missingMoves.slice(0, 10).join(', ') + (check.missingMoves.length > 10 ? ` and ${check.missingMoves.length - 10} more` : '');
  return `Requires ${check.requirement}. ${has} not had ${missing} signed off yet: ask an instructor about a sign-off.`;
}

export type Problem = { kind: 'full'; message: string } | { kind: 'waiver'; message: string } | { kind: 'error'; message: string };

/** Sorts a server error into what the panel offers next (spec: every server message shown clearly). */
export function bookingProblem(error: unknown): Problem {
  const code = errorCode(error);
  const reason = refusalReason(error);
  const message = errorMessage(error, 'The booking could not be made. Please try again.');
  if (code === 'CONFLICT' && reason === 'CLASS_FULL') return { kind: 'full', message };
  if (code === 'FORBIDDEN' && /waiver/i.test(message)) return { kind: 'waiver', message };
  return { kind: 'error', message };
}

/** Several people at once: the total to pay in the cart, and what pays for each (before the click). */
export function groupBookingLabel(
  c: Pick<ScheduleClass, 'blueprint'>,
  people: readonly Attendee[],
  covers: readonly BookingCover[] | undefined,
): string {
  const toPay = people.reduce(
    (sum, p) => sum + (covers?.find((x) => x.attendeeId === p.id)?.priceCents ?? c.blueprint.dropInPriceCents),
    0,
  );
  return `Book ${people.length} spots${toPay > 0 ? ` · ${formatMoney(toPay)}` : ''}`;
}

/** The line beside the button for several people: who is paid by what. */
export function groupBookingNote(
  c: Pick<ScheduleClass, 'blueprint'>,
  people: readonly Attendee[],
  covers: readonly BookingCover[] | undefined,
): string {
  if (c.blueprint.dropInPriceCents === 0) return 'Free class: the spots are confirmed right away.';
  return people
    .map((p) => {
      const cover = covers?.find((x) => x.attendeeId === p.id);
      const who = p.isSelf ? 'You' : p.firstName;
      if (cover?.paidWith) return `${who}: ${cover.paidWith}`;
      return `${who}: ${formatMoney(cover?.priceCents ?? c.blueprint.dropInPriceCents)} in your cart`;
    })
    .join(' · ');
}

/** Who of several people came out of a booking request how, in one sentence for the toast. */
export function namesOf(people: readonly Pick<Attendee, 'isSelf' | 'firstName'>[]): string {
  const names = people.map((p) => (p.isSelf ? 'you' : p.firstName));
  const joined = names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : (names[0] ?? '');
  return joined.charAt(0).toUpperCase() + joined.slice(1);
}
