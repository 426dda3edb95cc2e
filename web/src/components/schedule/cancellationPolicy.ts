import { formatTimestampWithWeekday } from '../../app/dates';

/**
 * What a late cancellation costs today: the booking is recorded as a late cancellation (staff see it on the
 * attendance record, the spot goes to the next person waiting); no fee is charged.
 */
export const LATE_CANCEL_CONSEQUENCE = 'It is recorded as a late cancellation on the attendance record; no fee is charged.';

/** Whether cancelling a confirmed booking now counts as late (held spots are just released). */
export function cancelsLate(booking: { status: string }, freeCancellationUntil: string, now = Date.now()): boolean {
  return booking.status === 'confirmed' && now >= new Date(freeCancellationUntil).getTime();
}

/** The studio's cancellation policy for a class, as of `now`, in one sentence. */
export function cancellationPolicy(freeCancellationUntil: string, now = Date.now()): { late: boolean; text: string } {
  if (now >= new Date(freeCancellationUntil).getTime())
    return { late: true, text: 'Free cancellation has ended: cancelling now counts as a late cancellation.' };
  return {
    late: false,
    text: `Free cancellation until ${formatTimestampWithWeekday(freeCancellationUntil)}; later counts as a late cancellation.`,
  };
}
