import { formatMoney } from '@studio/rules';
import { formatTimestampWithWeekday } from '../../app/dates';

/** The studio's fees (0: none), as every class carries them. */
export interface CancellationFees {
  lateCancelFeeCents: number;
  noShowFeeCents: number;
}

/** What a late cancellation costs when the studio charges no fee: it is recorded on the attendance record. */
export const LATE_CANCEL_CONSEQUENCE = 'It is recorded as a late cancellation on the attendance record; no fee is charged.';

/**
 * What a late cancellation (and a no-show) costs, in a sentence or two: the fees the studio charges, added to the
 * member's account as an invoice they pay from their profile. `exempt`: a complimentary membership pays for the
 * booking, so no fee applies.
 */
export function lateCancelConsequence(fees: CancellationFees | null | undefined, exempt = false): string {
  const late = exempt ? 0 : (fees?.lateCancelFeeCents ?? 0);
  const noShow = exempt ? 0 : (fees?.noShowFeeCents ?? 0);
  if (late === 0 && noShow === 0) return LATE_CANCEL_CONSEQUENCE;
  const lateText =
    late > 0
      ? `A late cancellation is charged a ${formatMoney(late)} fee, added to your account as an invoice you can pay from your profile.`
      : 'It is recorded as a late cancellation on the attendance record; no fee is charged for it.';
  const noShowText =
    noShow > 0
      ? ` Not coming without cancelling (a no-show) is charged ${formatMoney(noShow)}${late > 0 ? '' : ', added to your account as an invoice'}.`
      : '';
  return lateText + noShowText;
}

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
