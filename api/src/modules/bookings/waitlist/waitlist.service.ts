import { fullName } from '@studio/rules';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Ports } from '../../../events/ports.js';
import { RefusalReason, badInput, conflict, forbidden, notFound } from '../../../graphql/errors.js';
import { ClassInstance, ClassStatus } from '../../classes/class-instance.entity.js';
import { User } from '../../users/user.entity.js';
import type { UserService } from '../../users/user.service.js';
import type { WaiverService } from '../../waivers/waiver.service.js';
import { ACTIVE_BOOKING, Booking, BookingStatus, CancelReason, PaymentStatus } from '../booking.entity.js';
import { assertMayManageWaitlistEntry, familyScope } from '../booking.policy.js';
import { WaitlistEntry, WaitlistStatus } from '../waitlist-entry.entity.js';
import type { SeatService } from '../seats/seats.service.js';
import type { SpotRelease } from '../holds/spot-release.js';
import { assertMeetsRequirements, attendeeFor, findManageable, flushUnique, lockAttendee, upcoming } from '../booking-access.js';
import type { BookingPorts } from '../bookings.ports.js';

/** A member's places on waitlists: joining, leaving, claiming a spot offered, and the place in line. */
export class WaitlistService {
  constructor(
    private readonly waivers: WaiverService,
    private readonly users: UserService,
    private readonly ports: Ports<BookingPorts>,
    private readonly seats: SeatService,
    private readonly releases: SpotRelease,
  ) {}

  async joinWaitlist(em: EntityManager, actor: User, classInstanceId: string, attendeeId: string): Promise<WaitlistEntry> {
    const entry = await em.transactional(async (tx) => {
      const attendee = await attendeeFor(tx, actor, attendeeId, this.users.today());
      await lockAttendee(tx, attendee.id);
      const instance = await tx.findOne(ClassInstance, { id: classInstanceId }, { populate: ['blueprint'], refresh: true });
      if (!instance) throw notFound('That class');
      if (instance.status === ClassStatus.cancelled) throw conflict('This class has been cancelled.');
      if (instance.startsAt.getTime() <= Date.now()) throw badInput('This class has already started.');
      if (!(await this.waivers.signedUserIds(tx, [attendee.id])).has(attendee.id)) {
        throw forbidden(`${fullName(attendee)} needs a signed waiver before joining a waitlist. Sign it on the waiver page.`);
      }
      await assertMeetsRequirements(this.ports, tx, attendee, instance);
      if (instance.spotsTaken < instance.capacity)
        throw conflict('This class still has free spots: book one directly.', RefusalReason.SPOTS_AVAILABLE);
      const booked = await tx.count(Booking, { classInstance: instance.id, attendee: attendee.id, status: { $in: [...ACTIVE_BOOKING] } });
      if (booked) throw conflict(`${fullName(attendee)} is already booked in this class.`, RefusalReason.ALREADY_BOOKED);
      const entry = tx.create(WaitlistEntry, { classInstance: instance, attendee, requestedBy: actor });
      await flushUnique(tx, `${fullName(attendee)} is already on the waitlist for this class.`);
      return entry;
    });
    await this.seats.announceSpots(em, [classInstanceId]);
    return entry;
  }

  async leaveWaitlist(em: EntityManager, actor: User, entryId: string): Promise<WaitlistEntry> {
    const entry = await em.transactional(async (tx) => {
      const entry = await tx.findOne(
        WaitlistEntry,
        { id: entryId },
        { populate: ['attendee.guardian', 'requestedBy', 'classInstance', 'offeredBooking'] },
      );
      assertMayManageWaitlistEntry(actor, entry);
      if (entry.status === WaitlistStatus.waiting) {
        entry.status = WaitlistStatus.left;
        await tx.flush();
      } else if (entry.status === WaitlistStatus.offered && entry.offeredBooking?.status === BookingStatus.held) {
        await this.releases.release(tx, entry.offeredBooking, CancelReason.member);
      } else {
        throw conflict('You are no longer on this waitlist.');
      }
      return entry;
    });
    await this.seats.announceSpots(em, [entry.classInstance.id]);
    return entry;
  }

  /** Accepts a spot offered from the waitlist (free classes; paid ones are claimed by paying at checkout). */
  async claimOffer(em: EntityManager, actor: User, bookingId: string): Promise<Booking> {
    return em.transactional(async (tx) => {
      const booking = await findManageable(tx, actor, bookingId);
      if (booking.status !== BookingStatus.held || (booking.holdExpiresAt && booking.holdExpiresAt.getTime() <= Date.now())) {
        throw conflict('This spot is no longer held for you.');
      }
      if (booking.paymentStatus === PaymentStatus.unpaid)
        throw conflict('Complete checkout from your cart to claim this spot.', RefusalReason.PAYMENT_REQUIRED);
      await assertMeetsRequirements(this.ports, tx, booking.attendee, booking.classInstance);
      // Guarded like release(): a hold that expires at this very moment cannot also be claimed.
      const claimed = await tx.nativeUpdate(
        Booking,
        { id: booking.id, status: BookingStatus.held, holdExpiresAt: { $gt: new Date() } },
        { status: BookingStatus.confirmed, holdExpiresAt: null },
      );
      if (claimed !== 1) throw conflict('This spot is no longer held for you.');
      Object.assign(booking, { status: BookingStatus.confirmed, holdExpiresAt: null });
      await tx.nativeUpdate(WaitlistEntry, { offeredBooking: booking.id }, { status: WaitlistStatus.claimed });
      return booking;
    });
  }

  /** 1-based place in line of each waiting entry. */
  async positions(em: EntityManager, entryIds: readonly string[]): Promise<Map<string, number>> {
    if (entryIds.length === 0) return new Map();
    const rows = await em.getConnection().execute<{ id: string; position: number }[]>(
      `select w.id, (select count(*)::int from waitlist_entry o
                      where o.class_instance_id = w.class_instance_id and o.status = 'waiting'
                        and (o.created_at, o.id) <= (w.created_at, w.id)) as position
         from waitlist_entry w where w.id in (${entryIds.map(() => '?').join(', ')}) and w.status = 'waiting'`,
      [...entryIds],
    );
    return new Map(rows.map((r) => [r.id, r.position]));
  }

  /** Open waitlist places in classes not yet ended, of the member and their family. */
  async upcomingWaitlist(em: EntityManager, actor: User): Promise<WaitlistEntry[]> {
    const me = actor.id;
    return em.find(
      WaitlistEntry,
      {
        status: { $in: [WaitlistStatus.waiting, WaitlistStatus.offered] },
        ...familyScope(me),
        ...upcoming(),
      },
      { populate: ['classInstance.blueprint.apparatus', 'attendee'], orderBy: { classInstance: { startsAt: 'asc' }, id: 'asc' } },
    );
  }
}
