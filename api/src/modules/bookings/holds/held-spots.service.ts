import type { EntityManager } from '@mikro-orm/postgresql';
import { User } from '../../users/user.entity.js';
import { ACTIVE_BOOKING, Booking, BookingStatus, CancelReason } from '../booking.entity.js';
import { cartOf } from '../booking.policy.js';
import { WaitlistEntry, WaitlistStatus } from '../waitlist-entry.entity.js';
import type { SeatService } from '../seats/seats.service.js';
import type { SpotRelease } from '../holds/spot-release.js';
import type { BookingNotices } from '../booking-notices.js';

/** Spots held in a member's cart, and paying for them at checkout. */
export class HeldSpotService {
  constructor(
    private readonly seats: SeatService,
    private readonly releases: SpotRelease,
    private readonly notices: BookingNotices,
  ) {}

  /** Spots held in the member's cart: their own unpaid bookings and waitlist offers, not yet expired. */
  async cart(em: EntityManager, actor: User): Promise<Booking[]> {
    return em.find(
      Booking,
      { ...cartOf(actor.id), status: BookingStatus.held, holdExpiresAt: { $gt: new Date() } },
      {
        populate: ['classInstance.blueprint.apparatus', 'classInstance.instructor', 'attendee'],
        orderBy: { classInstance: { startsAt: 'asc' }, id: 'asc' },
      },
    );
  }

  /** Removes held spots from the cart (one class, or all) and frees them at once. */
  async removeFromCart(em: EntityManager, actor: User, classInstanceId: string | null): Promise<number> {
    const touched = await em.transactional(async (tx) => {
      const held = await tx.find(
        Booking,
        {
          ...cartOf(actor.id),
          status: BookingStatus.held,
          ...(classInstanceId ? { classInstance: classInstanceId } : {}),
        },
        { populate: ['classInstance'] },
      );
      for (const booking of held) await this.releases.release(tx, booking, CancelReason.removed_from_cart);
      return held.map((b) => b.classInstance.id);
    });
    await this.seats.announceSpots(em, touched);
    return touched.length;
  }

  /** While a checkout session is open its held spots stay held until it expires (never shortened). */
  async extendHolds(tx: EntityManager, bookingIds: string[], until: Date): Promise<void> {
    if (bookingIds.length === 0) return;
    await tx.nativeUpdate(
      Booking,
      { id: { $in: bookingIds }, status: BookingStatus.held, holdExpiresAt: { $lt: until } },
      { holdExpiresAt: until },
    );
  }

  /**
   * Paid at checkout: held spots become confirmed and paid (a waitlist offer is claimed). Answers the ids confirmed;
   * a spot released meanwhile is not among them.
   */
  async confirmPaid(tx: EntityManager, bookingIds: string[]): Promise<string[]> {
    if (bookingIds.length === 0) return [];
    const rows = await tx.getConnection().execute<{ id: string }[]>(
      `update booking set status = 'confirmed', payment_status = 'paid', hold_expires_at = null
        where id in (${bookingIds.map(() => '?').join(', ')}) and status = 'held' returning id`,
      bookingIds,
      'all',
      tx.getTransactionContext(),
    );
    const confirmed = rows.map((r) => r.id);
    if (confirmed.length === 0) return confirmed;
    await tx.nativeUpdate(
      WaitlistEntry,
      { offeredBooking: { $in: confirmed }, status: WaitlistStatus.offered },
      { status: WaitlistStatus.claimed },
    );
    await this.notices.paid(
      tx,
      await tx.find(Booking, { id: { $in: confirmed } }, { populate: ['classInstance.blueprint', 'attendee.guardian'] }),
    );
    return confirmed;
  }

  /** Refunded paid spots: still active ones are cancelled and freed for the next person waiting. */
  async releaseRefunded(em: EntityManager, bookingIds: string[]): Promise<void> {
    const touched = await em.transactional(async (tx) => {
      const active = await tx.find(
        Booking,
        { id: { $in: bookingIds }, status: { $in: [...ACTIVE_BOOKING] } },
        { populate: ['classInstance'] },
      );
      for (const booking of active) await this.releases.release(tx, booking, CancelReason.staff);
      return active.map((b) => b.classInstance.id);
    });
    await this.seats.announceSpots(em, touched);
  }
}
