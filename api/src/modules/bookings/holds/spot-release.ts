import type { EntityManager } from '@mikro-orm/postgresql';
import type { DomainEvents } from '../../../events/domain-events.js';
import type { Ports } from '../../../events/ports.js';
import { ACTIVE_BOOKING, Booking, BookingStatus, CancelReason, PaymentStatus } from '../booking.entity.js';
import type { BookingPorts } from '../bookings.ports.js';
import { WaitlistEntry, WaitlistStatus } from '../waitlist-entry.entity.js';
import type { SeatService } from '../seats/seats.service.js';
import type { WaitlistPromotion } from '../waitlist/waitlist-promotion.service.js';

/**
 * Releasing a spot: the booking is cancelled, its credit given back, its seat freed and offered to the next person
 * waiting; held spots whose time is up are released by a job.
 */
export class SpotRelease {
  constructor(
    private readonly ports: Ports<BookingPorts>,
    private readonly seats: SeatService,
    private readonly promotion: WaitlistPromotion,
    private readonly events: DomainEvents,
  ) {}
  /**
   * Cancels an active booking, frees its spot and offers it to the next person waiting. The conditional UPDATE
   * makes this safe when a cancel, a cart removal and the hold-expiry job race for the same booking: only one
   * of them frees the spot. Returns false when the booking was no longer active.
   */
  async release(tx: EntityManager, booking: Booking, reason: CancelReason, late = false): Promise<boolean> {
    const wasHeld = booking.status === BookingStatus.held;
    const changes = {
      status: BookingStatus.cancelled,
      cancelledAt: new Date(),
      cancelReason: reason,
      lateCancel: late,
      holdExpiresAt: null,
    };
    const changed = await tx.nativeUpdate(Booking, { id: booking.id, status: { $in: [...ACTIVE_BOOKING] } }, changes);
    if (changed !== 1) return false;
    Object.assign(booking, changes);
    if (booking.paymentStatus === PaymentStatus.covered) await this.ports.get('payer')?.released(tx, [booking.id], late);
    await tx.nativeUpdate(
      WaitlistEntry,
      { offeredBooking: booking.id, status: WaitlistStatus.offered },
      { status: reason === CancelReason.hold_expired ? WaitlistStatus.lapsed : WaitlistStatus.left },
    );
    await this.seats.freeSpot(tx, booking.classInstance.id);
    await this.promotion.promote(tx, booking.classInstance.id);
    if (wasHeld)
      await this.events.emit(tx, 'booking.hold_released', { bookingId: booking.id, classInstanceId: booking.classInstance.id, reason });
    return true;
  }

  /** Releases holds whose time is up (run every minute by a job) and promotes the next in line. */
  async expireHolds(em: EntityManager, now = new Date()): Promise<number> {
    const expiredIds = (
      await em
        .getConnection()
        .execute<{ id: string }[]>(
          `select id from booking where status = 'held' and hold_expires_at <= ? order by hold_expires_at limit 500`,
          [now],
        )
    ).map((r) => r.id);
    const touched = new Set<string>();
    for (const id of expiredIds) {
      await em.transactional(async (tx) => {
        const booking = await tx.findOneOrFail(Booking, { id }, { populate: ['classInstance'] });
        if (await this.release(tx, booking, CancelReason.hold_expired)) touched.add(booking.classInstance.id);
      });
    }
    await this.seats.announceSpots(em, [...touched]);
    return touched.size;
  }
}
