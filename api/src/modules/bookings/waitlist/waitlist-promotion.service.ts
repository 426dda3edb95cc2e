import { fullName } from '@studio/rules';
import type { EntityManager } from '@mikro-orm/postgresql';
import { describeClassTime } from '../../../common/studio-time.js';
import type { DomainEvents } from '../../../events/domain-events.js';
import type { Ports } from '../../../events/ports.js';
import { ClassInstance, ClassStatus } from '../../classes/class-instance.entity.js';
import { classPath } from '../../classes/class-path.js';
import { NotificationType } from '../../notifications/notification.entity.js';
import type { NotificationService } from '../../notifications/notification.service.js';
import type { SettingsService } from '../../settings/settings.service.js';
import { ACTIVE_BOOKING, Booking, BookingSource, BookingStatus, PaymentStatus } from '../booking.entity.js';
import { lackingFor } from '../booking-access.js';
import type { BookingPorts } from '../bookings.ports.js';
import { WaitlistEntry, WaitlistStatus } from '../waitlist-entry.entity.js';
import type { SeatService } from '../seats/seats.service.js';
import type { CoverService } from '../covers/cover.service.js';

const HOUR = 3600_000;
/** A spot offered from the waitlist is held at most until this long before class. */
const OFFER_CLOSES_BEFORE_CLASS_MS = 2 * HOUR;

/** Free spots offered to the people waiting, in order, to those who can pay for them. */
export class WaitlistPromotion {
  constructor(
    private readonly timeZone: string,
    private readonly settings: SettingsService,
    private readonly notifications: NotificationService,
    private readonly ports: Ports<BookingPorts>,
    private readonly seats: SeatService,
    private readonly covers: CoverService,
    private readonly events: DomainEvents,
  ) {}
  /**
   * Offers free spots to the people waiting, first come first served. Each promoted person gets a held booking
   * (12 hours, or until 2 hours before class, whichever is first) and a notification. Rows are locked with
   * SKIP LOCKED so concurrent releases never promote one person twice.
   *
   * A spot is offered only to someone who can pay for it: the class is free, an entitlement pays (the booking is
   * confirmed at once), or the member and whoever waits for them are in good standing (no overdue or written-off
   * invoice; the offer is then paid through the cart). Anyone else keeps their place in line, is passed over for
   * this spot and told why (once per place in line).
   */
  async promote(tx: EntityManager, instanceId: string): Promise<number> {
    const instance = await tx.findOneOrFail(ClassInstance, { id: instanceId }, { populate: ['blueprint'], refresh: true });
    const offerEnds = instance.startsAt.getTime() - OFFER_CLOSES_BEFORE_CLASS_MS;
    if (instance.status !== ClassStatus.scheduled || offerEnds <= Date.now()) return 0;
    const { waitlistOfferHours } = await this.settings.get(tx);
    let promoted = 0;
    const passedOver: string[] = [];
    for (;;) {
      const [next] = await tx.getConnection().execute<{ id: string }[]>(
        `select id from waitlist_entry where class_instance_id = ? and status = 'waiting'
          ${passedOver.length ? `and id not in (${passedOver.map(() => '?').join(', ')})` : ''}
          order by created_at, id limit 1 for update skip locked`,
        [instanceId, ...passedOver],
        'all',
        tx.getTransactionContext(),
      );
      if (!next) return promoted;
      const entry = await tx.findOneOrFail(WaitlistEntry, { id: next.id }, { populate: ['attendee.guardian', 'requestedBy'] });
      const clash = await tx.count(Booking, {
        attendee: entry.attendee.id,
        status: { $in: [...ACTIVE_BOOKING] },
        classInstance: { status: ClassStatus.scheduled, startsAt: { $lt: instance.endsAt }, endsAt: { $gt: instance.startsAt } },
      });
      if (clash > 0) {
        entry.status = WaitlistStatus.closed; // booked elsewhere at that time meanwhile
        await tx.flush();
        continue;
      }
      const lacking = await lackingFor(this.ports, tx, entry.attendee, instance);
      if (lacking) {
        // Not offered: this one keeps their place in line and is told why, once.
        passedOver.push(entry.id);
        await this.notifications.add(tx, this.notifications.recipientOf(entry.attendee), {
          type: NotificationType.other,
          title: 'A spot opened up, but could not be offered',
          message: `A spot in ${instance.blueprint.name} (${describeClassTime(instance.startsAt, this.timeZone)}) opened up, but it could not be offered: ${lacking}`,
          link: classPath(instance),
          dedupeKey: `waitlist_requirements:${entry.id}`,
        });
        continue;
      }
      if (!(await this.seats.takeSpot(tx, instanceId))) return promoted;
      const holdUntil = new Date(Math.min(Date.now() + waitlistOfferHours * HOUR, offerEnds));
      const booking = tx.create(Booking, {
        classInstance: instance,
        attendee: entry.attendee,
        bookedBy: entry.requestedBy,
        status: BookingStatus.held,
        holdExpiresAt: holdUntil,
        source: BookingSource.waitlist,
        paymentStatus: instance.blueprint.dropInPriceCents === 0 ? PaymentStatus.free : PaymentStatus.unpaid,
        priceCents: instance.blueprint.dropInPriceCents,
      });
      entry.status = WaitlistStatus.offered;
      entry.offeredBooking = booking;
      await tx.flush();
      const when = describeClassTime(instance.startsAt, this.timeZone);
      // With an entitlement the spot is theirs at once: confirmed, nothing to claim or pay.
      if (await this.covers.cover(tx, booking)) {
        entry.status = WaitlistStatus.claimed;
        await this.announce(tx, entry, booking);
        await this.notifications.add(tx, this.notifications.recipientOf(entry.attendee), {
          type: NotificationType.other,
          title: 'You are booked from the waitlist',
          message: `A spot in ${instance.blueprint.name} (${when}) opened up and ${fullName(entry.attendee)} is booked, paid by ${booking.coveredBy}.`,
          link: classPath(instance),
        });
        await tx.flush();
        promoted += 1;
        continue;
      }
      const problem = booking.paymentStatus === PaymentStatus.unpaid ? await this.standingProblem(tx, entry) : null;
      if (problem) {
        // Not offered: the spot goes back and the next person in line is tried; this one keeps their place.
        entry.status = WaitlistStatus.waiting;
        entry.offeredBooking = null;
        await tx.flush();
        await tx.nativeDelete(Booking, { id: booking.id });
        tx.getUnitOfWork().unsetIdentity(booking);
        await this.seats.freeSpot(tx, instanceId);
        passedOver.push(entry.id);
        await this.notifications.add(tx, this.notifications.recipientOf(entry.attendee), {
          type: NotificationType.other,
          title: 'A spot opened up, but could not be offered',
          message: `A spot in ${instance.blueprint.name} (${when}) opened up, but it could not be offered to ${fullName(entry.attendee)}: ${problem} ${fullName(entry.attendee)} keeps their place on the waitlist.`,
          link: '/profile',
          dedupeKey: `waitlist_passed_over:${entry.id}`,
        });
        continue;
      }
      await this.notifications.add(tx, this.notifications.recipientOf(entry.attendee), {
        type: NotificationType.other,
        title: 'A spot opened up',
        message: `A spot in ${instance.blueprint.name} (${when}) is held for ${fullName(entry.attendee)} until ${describeClassTime(holdUntil, this.timeZone)}. Claim it before then or it goes to the next person in line.`,
        link: classPath(instance),
      });
      await tx.flush();
      await this.announce(tx, entry, booking);
      promoted += 1;
    }
  }

  private announce(tx: EntityManager, entry: WaitlistEntry, booking: Booking): Promise<void> {
    return this.events.emit(tx, 'waitlist.promoted', {
      waitlistEntryId: entry.id,
      bookingId: booking.id,
      classInstanceId: booking.classInstance.id,
      attendeeId: entry.attendee.id,
      status: booking.status === BookingStatus.held ? 'held' : 'confirmed',
      holdExpiresAt: booking.status === BookingStatus.held ? (booking.holdExpiresAt?.toISOString() ?? null) : null,
    });
  }

  /** Why this waitlister cannot be offered a paid spot (the standing port's answer), or null. */
  private async standingProblem(tx: EntityManager, entry: WaitlistEntry): Promise<string | null> {
    const check = this.ports.get('standing');
    return check ? check(tx, [...new Set([entry.attendee.id, entry.requestedBy.id])]) : null;
  }
}
