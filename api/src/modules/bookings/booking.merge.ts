import type { EntityManager } from '@mikro-orm/postgresql';
import { repoint, run, type MergedPair } from '../../common/repoint.js';
import type { DomainEvents } from '../../events/domain-events.js';
import { ACTIVE_BOOKING, Booking, BookingStatus, CancelReason, PaymentStatus } from './booking.entity.js';
import type { SpotRelease } from './holds/spot-release.js';

/** What a booking is worth keeping for: attended first, then confirmed over held, then what paid for it. */
function worth(booking: Booking): number {
  const paid = { [PaymentStatus.paid]: 3, [PaymentStatus.covered]: 2, [PaymentStatus.unpaid]: 1, [PaymentStatus.free]: 0 }[
    booking.paymentStatus
  ];
  return (booking.checkedInAt ? 100 : 0) + (booking.status === BookingStatus.confirmed ? 10 : 0) + paid;
}

/**
 * member.merged: the duplicate's bookings and waitlist places are the kept account's (the booking table's trigger
 * moves the attendance figures with them). One person has one active place per class: where both accounts have one,
 * the one worth more stays (see worth; the kept account's on a tie) and the other is released as staff would cancel
 * it, its spot freed and offered on; a paid one is refunded (booking.cancelled with refundDue) and a covered one's
 * credit goes back, so no money is lost. Of two waitlist places in one class the kept account's stays.
 */
export async function mergeBookings(tx: EntityManager, pair: MergedPair, releases: SpotRelease, events: DomainEvents): Promise<void> {
  const { keptId, mergedId } = pair;
  const active = await tx.find(
    Booking,
    { attendee: { $in: [keptId, mergedId] }, status: { $in: [...ACTIVE_BOOKING] } },
    { populate: ['classInstance'], orderBy: { id: 'asc' } },
  );
  const byClass = new Map<string, Booking[]>();
  for (const booking of active) byClass.set(booking.classInstance.id, [...(byClass.get(booking.classInstance.id) ?? []), booking]);
  for (const [, both] of byClass) {
    if (both.length < 2) continue;
    const kept = both.find((b) => b.attendee.id === keptId)!;
    const merged = both.find((b) => b.attendee.id === mergedId)!;
    const loser = worth(merged) > worth(kept) ? kept : merged;
    if (!(await releases.release(tx, loser, CancelReason.staff))) continue;
    if (loser.paymentStatus === PaymentStatus.paid)
      await events.emit(tx, 'booking.cancelled', {
        bookingId: loser.id,
        classInstanceId: loser.classInstance.id,
        attendeeId: loser.attendee.id,
        by: 'staff',
        late: false,
        refundDue: true,
      });
  }
  await run(
    tx,
    `update waitlist_entry m set status = 'left' where m.attendee_id = ? and m.status in ('waiting', 'offered')
        and exists (select 1 from waitlist_entry k where k.attendee_id = ? and k.class_instance_id = m.class_instance_id
                      and k.status in ('waiting', 'offered'))`,
    [mergedId, keptId],
  );
  await repoint(tx, 'booking', ['attendee_id', 'booked_by_id'], pair);
  await repoint(tx, 'waitlist_entry', ['attendee_id', 'requested_by_id'], pair);
}
