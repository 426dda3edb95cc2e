import { fullName } from '@studio/rules';
import type { EntityManager } from '@mikro-orm/postgresql';
import { describeClassTime } from '../../common/studio-time.js';
import { classPath } from '../classes/class-path.js';
import { NotificationType } from '../notifications/notification.entity.js';
import type { NotificationService } from '../notifications/notification.service.js';
import type { User } from '../users/user.entity.js';
import { BookingStatus, type Booking } from './booking.entity.js';

/** The dedupe key of a booking's "Spot held in your cart" notice, so paying for the spot can mark it read. */
export const holdNoticeKey = (bookingId: string) => `hold:${bookingId}`;

/** What a booking tells its people; the booking's class (with its type) and attendee are loaded. */
export class BookingNotices {
  constructor(
    private readonly notifications: NotificationService,
    private readonly timeZone: string,
  ) {}

  /**
   * A held spot tells the member whose cart holds it (type checkout: pay before the hold ends); a confirmed booking
   * tells the attendee (or their guardian), also when staff booked it. Every open tab of theirs shows it live.
   */
  async booked(tx: EntityManager, actor: User, booking: Booking): Promise<void> {
    if (booking.status !== BookingStatus.held) return this.confirmed(tx, booking);
    const instance = booking.classInstance;
    await this.notifications.add(tx, actor, {
      type: NotificationType.checkout,
      title: 'Spot held in your cart',
      message: `A spot in ${instance.blueprint.name} (${this.when(instance.startsAt)}) is held for ${fullName(booking.attendee)} until ${this.when(booking.holdExpiresAt!)}. Check out before then to keep it.`,
      link: classPath(instance),
      dedupeKey: holdNoticeKey(booking.id),
    });
  }

  /** Held spots paid for: their "Spot held" notices have done their work, and the attendees hear they are booked. */
  async paid(tx: EntityManager, bookings: Booking[]): Promise<void> {
    await this.notifications.markDoneByKeys(
      tx,
      bookings.map((b) => holdNoticeKey(b.id)),
    );
    for (const booking of bookings) await this.confirmed(tx, booking);
  }

  private async confirmed(tx: EntityManager, booking: Booking): Promise<void> {
    const instance = booking.classInstance;
    await this.notifications.add(tx, this.notifications.recipientOf(booking.attendee), {
      type: NotificationType.other,
      title: 'Booking confirmed',
      message: `${fullName(booking.attendee)} is booked into ${instance.blueprint.name} (${this.when(instance.startsAt)}).`,
      link: classPath(instance),
    });
  }

  private when(at: Date): string {
    return describeClassTime(at, this.timeZone);
  }
}
