import { formatMoney, fullName } from '@studio/rules';
import { mergeBookings } from './booking.merge.js';
import type { MergedPair } from '../../common/repoint.js';
import type { EntityManager } from '@mikro-orm/postgresql';
import { describeClassTime } from '../../common/studio-time.js';
import type { DomainEvents } from '../../events/domain-events.js';
import { Ports } from '../../events/ports.js';
import { AppError, RefusalReason, badInput, conflict, forbidden, notFound, type ErrorCode } from '../../graphql/errors.js';
import type { StudioPubSub } from '../../graphql/pubsub.js';
import type { SpotsChangedEvent } from './booking.topics.js';
import { RigPoint } from '../classes/apparatus.entity.js';
import { ClassInstance, ClassStatus } from '../classes/class-instance.entity.js';
import { classPath } from '../classes/class-path.js';
import { NotificationType } from '../notifications/notification.entity.js';
import type { NotificationService } from '../notifications/notification.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import { User } from '../users/user.entity.js';
import type { UserService } from '../users/user.service.js';
import type { WaiverService } from '../waivers/waiver.service.js';
import { ACTIVE_BOOKING, Booking, BookingSource, BookingStatus, CancelReason, PaymentStatus } from './booking.entity.js';
import {
  assertMayStaffBook,
  cancelsAsStaff,
  familyScope,
  freeCancellationUntil,
  isLateCancellation,
  mayBookOverCapacity,
} from './booking.policy.js';
import type { BookingPorts } from './bookings.ports.js';
import { WaitlistEntry, WaitlistStatus } from './waitlist-entry.entity.js';
import { SeatService } from './seats/seats.service.js';
import { CoverService } from './covers/cover.service.js';
import { WaitlistPromotion } from './waitlist/waitlist-promotion.service.js';
import { WaitlistService } from './waitlist/waitlist.service.js';
import { SpotRelease } from './holds/spot-release.js';
import { HeldSpotService } from './holds/held-spots.service.js';
import { BookingFeeService } from './fees/booking-fees.service.js';
import { BookingNotices } from './booking-notices.js';
import { assertMeetsRequirements, attendeeFor, findManageable, lockAttendee, flushUnique, upcoming } from './booking-access.js';

const HOUR = 3600_000;

export interface BookRequest {
  classInstanceId: string;
  attendeeId: string;
  rigPointId?: string | null;
}

/** A booking made, and the new seat counts of its class (as just announced to every subscriber). */
export interface BookingOutcome {
  attendeeId: string;
  booking: Booking | null;
  refusal: { code: string; reason: RefusalReason | null; message: string } | null;
}

export interface Booked {
  booking: Booking;
  spots: SpotsChangedEvent;
}

export type BookMode =
  | { kind: 'member' }
  /**
   * Staff book an attendee directly: confirmed, unpaid, no booking window; admins may go over capacity. With
   * `entitlement` the attendee's membership or pack pays for it when one applies, as when a member books (the POS).
   */
  | { kind: 'staff'; walkIn: boolean; overCapacity: boolean; entitlement?: boolean };

/**
 * Booking rules. Capacity is guarded by a conditional UPDATE on class_instance.spots_taken (seats/), double bookings
 * by partial unique indexes, and overlapping bookings of one attendee by a per-attendee advisory lock held for the
 * transaction. Every spot released goes to the first person waiting, in order (holds/, waitlist/). What pays comes
 * from covers/, fees from fees/; this service books and cancels and answers for the others under the module's names.
 */
export class BookingService {
  /** Answers from the modules above: who pays, what fee, who is in good standing (bookings.ports.ts). */
  readonly ports = new Ports<BookingPorts>();
  readonly seats: SeatService;
  readonly covers: CoverService;
  readonly fees: BookingFeeService;
  readonly promotion: WaitlistPromotion;
  readonly releases: SpotRelease;
  readonly held: HeldSpotService;
  private readonly notices: BookingNotices;
  readonly waitlist: WaitlistService;

  constructor(
    private readonly timeZone: string,
    pubsub: StudioPubSub,
    private readonly settings: SettingsService,
    private readonly notifications: NotificationService,
    private readonly waivers: WaiverService,
    private readonly users: UserService,
    private readonly events: DomainEvents,
  ) {
    this.seats = new SeatService(pubsub);
    this.covers = new CoverService(this.ports, users);
    this.fees = new BookingFeeService(settings, this.ports);
    this.promotion = new WaitlistPromotion(timeZone, settings, notifications, this.ports, this.seats, this.covers, events);
    this.releases = new SpotRelease(this.ports, this.seats, this.promotion, this.events);
    this.notices = new BookingNotices(notifications, timeZone);
    this.held = new HeldSpotService(this.seats, this.releases, this.notices);
    this.waitlist = new WaitlistService(waivers, users, this.ports, this.seats, this.releases);
  }

  coverFor: CoverService['coverFor'] = (...args) => this.covers.coverFor(...args);
  previewCover: CoverService['previewCover'] = (...args) => this.covers.previewCover(...args);
  coversFor: CoverService['coversFor'] = (...args) => this.covers.coversFor(...args);
  promote: WaitlistPromotion['promote'] = (...args) => this.promotion.promote(...args);
  joinWaitlist: WaitlistService['joinWaitlist'] = (...args) => this.waitlist.joinWaitlist(...args);
  leaveWaitlist: WaitlistService['leaveWaitlist'] = (...args) => this.waitlist.leaveWaitlist(...args);
  claimOffer: WaitlistService['claimOffer'] = (...args) => this.waitlist.claimOffer(...args);
  positions: WaitlistService['positions'] = (...args) => this.waitlist.positions(...args);
  upcomingWaitlist: WaitlistService['upcomingWaitlist'] = (...args) => this.waitlist.upcomingWaitlist(...args);
  /** member.merged: the duplicate's bookings and waitlist places go to the kept account (see booking.merge.ts). */
  mergeMembers(tx: EntityManager, pair: MergedPair): Promise<void> {
    return mergeBookings(tx, pair, this.releases, this.events);
  }

  expireHolds: SpotRelease['expireHolds'] = (...args) => this.releases.expireHolds(...args);
  markNoShows: BookingFeeService['markNoShows'] = (...args) => this.fees.markNoShows(...args);
  chargeFees: BookingFeeService['chargeFees'] = (...args) => this.fees.chargeFees(...args);
  attendanceMarked: BookingFeeService['attendanceMarked'] = (...args) => this.fees.attendanceMarked(...args);
  cart: HeldSpotService['cart'] = (...args) => this.held.cart(...args);
  removeFromCart: HeldSpotService['removeFromCart'] = (...args) => this.held.removeFromCart(...args);
  extendHolds: HeldSpotService['extendHolds'] = (...args) => this.held.extendHolds(...args);
  confirmPaid: HeldSpotService['confirmPaid'] = (...args) => this.held.confirmPaid(...args);
  releaseRefunded: HeldSpotService['releaseRefunded'] = (...args) => this.held.releaseRefunded(...args);
  announceSpots: SeatService['announceSpots'] = (...args) => this.seats.announceSpots(...args);
  resyncSpots: SeatService['resyncSpots'] = (...args) => this.seats.resyncSpots(...args);
  findManageable = (em: EntityManager, actor: User, bookingId: string): Promise<Booking> => findManageable(em, actor, bookingId);

  async book(em: EntityManager, actor: User, req: BookRequest, mode: BookMode = { kind: 'member' }): Promise<Booked> {
    const booking = await em.transactional(async (tx) => {
      const attendee =
        mode.kind === 'member'
          ? await attendeeFor(tx, actor, req.attendeeId, this.users.today())
          : await tx.findOne(User, { id: req.attendeeId, removedAt: null, isActive: true }, { populate: ['guardian'] });
      if (mode.kind === 'staff') assertMayStaffBook(actor, attendee);
      if (!attendee) throw notFound('That person');
      await lockAttendee(tx, attendee.id);

      // With its apparatus and instructor: the answer shows them, and they come in the same statement.
      const instance = await tx.findOne(ClassInstance, { id: req.classInstanceId }, { populate: ['blueprint.apparatus', 'instructor'] });
      if (!instance) throw notFound('That class');
      const settings = await this.settings.get(tx);
      const now = Date.now();
      if (instance.status === ClassStatus.cancelled) throw conflict('This class has been cancelled.');
      if (mode.kind === 'member') {
        if (instance.startsAt.getTime() <= now) throw badInput('This class has already started.');
        const opensAt = instance.startsAt.getTime() - settings.bookingWindowDays * 24 * HOUR;
        if (opensAt > now) {
          throw badInput(
            `Booking for this class opens ${settings.bookingWindowDays} days before it starts, on ${describeClassTime(new Date(opensAt), this.timeZone).split(' at ')[0]}.`,
          );
        }
      } else if (instance.endsAt.getTime() <= now) {
        throw badInput('This class has already ended.');
      }
      if (!(await this.waivers.signedUserIds(tx, [attendee.id])).has(attendee.id)) {
        throw forbidden(`${fullName(attendee)} needs a signed waiver before booking. Sign it on the waiver page.`);
      }
      await assertMeetsRequirements(this.ports, tx, attendee, instance);
      await this.assertFreeFor(tx, attendee, instance);
      const rigPoint = await this.rigPointFor(tx, instance, req.rigPointId ?? null, mode.kind === 'staff');

      const overCapacity = mode.kind === 'staff' && mode.overCapacity && mayBookOverCapacity(actor);
      if (!(await this.seats.takeSpot(tx, instance.id, overCapacity))) {
        throw conflict('This class is full. Join the waitlist to be offered the next free spot.', RefusalReason.CLASS_FULL);
      }

      const price = instance.blueprint.dropInPriceCents;
      const held = mode.kind === 'member' && price > 0;
      const booking = tx.create(Booking, {
        classInstance: instance,
        attendee,
        bookedBy: actor,
        status: held ? BookingStatus.held : BookingStatus.confirmed,
        holdExpiresAt: held ? new Date(now + settings.holdMinutes * 60_000) : null,
        source: mode.kind === 'member' ? BookingSource.member : mode.walkIn ? BookingSource.walk_in : BookingSource.staff,
        paymentStatus: price === 0 ? PaymentStatus.free : PaymentStatus.unpaid,
        priceCents: price,
        rigPoint,
        checkedInAt: mode.kind === 'staff' && mode.walkIn ? new Date() : null,
      });
      // Booking directly closes the attendee's place in line for this class.
      await tx.nativeUpdate(
        WaitlistEntry,
        { classInstance: instance.id, attendee: attendee.id, status: WaitlistStatus.waiting },
        { status: WaitlistStatus.closed },
      );
      await flushUnique(
        tx,
        rigPoint ? 'That rig point was just taken. Please pick another.' : `${fullName(attendee)} is already booked in this class.`,
      );
      // Comp, unlimited plan, limited plan, class pack: the first that applies pays; otherwise the cart.
      if (mode.kind === 'member' || mode.entitlement) await this.covers.cover(tx, booking);
      await this.notices.booked(tx, actor, booking);
      await this.events.emit(tx, 'booking.created', {
        bookingId: booking.id,
        classInstanceId: instance.id,
        attendeeId: attendee.id,
        bookedById: actor.id,
        status: booking.status === BookingStatus.held ? 'held' : 'confirmed',
        paymentStatus: booking.paymentStatus,
        priceCents: booking.priceCents,
      });
      return booking;
    });
    const [spots] = await this.seats.announceSpots(em, [booking.classInstance.id]);
    return { booking, spots };
  }

  /**
   * Books several people of one family into a class, each on their own (waiver, age, level, overlap and a free spot
   * checked per person, as bookClass does): one who cannot go is told why and the others are still booked. Paid spots
   * all land in the one cart.
   */
  async bookTogether(
    em: EntityManager,
    actor: User,
    classInstanceId: string,
    people: { attendeeId: string; rigPointId?: string | null }[],
  ): Promise<{ outcomes: BookingOutcome[]; spots: SpotsChangedEvent | null; instance: ClassInstance }> {
    const ids = people.map((p) => p.attendeeId);
    if (new Set(ids).size !== ids.length) throw badInput('Each person can be booked once.', { people: 'Each person once.' });
    const instance = await em.findOne(ClassInstance, { id: classInstanceId }, { populate: ['blueprint.apparatus', 'instructor'] });
    if (!instance) throw notFound('That class');
    const outcomes: BookingOutcome[] = [];
    let spots: SpotsChangedEvent | null = null;
    for (const person of people) {
      try {
        const booked = await this.book(em, actor, { classInstanceId, ...person });
        outcomes.push({ attendeeId: person.attendeeId, booking: booked.booking, refusal: null });
        spots = booked.spots;
      } catch (error) {
        // A refusal is this person's answer; anything else (the database gone) ends the request as it would for one.
        if (!(error instanceof AppError)) throw error;
        const { code, reason } = error.extensions as { code: ErrorCode; reason?: RefusalReason };
        outcomes.push({ attendeeId: person.attendeeId, booking: null, refusal: { code, reason: reason ?? null, message: error.message } });
      }
    }
    return { outcomes, spots, instance };
  }

  private async assertFreeFor(tx: EntityManager, attendee: User, instance: ClassInstance): Promise<void> {
    const clash = await tx.findOne(
      Booking,
      {
        attendee: attendee.id,
        status: { $in: [...ACTIVE_BOOKING] },
        classInstance: { status: ClassStatus.scheduled, startsAt: { $lt: instance.endsAt }, endsAt: { $gt: instance.startsAt } },
      },
      { populate: ['classInstance.blueprint'] },
    );
    if (!clash) return;
    if (clash.classInstance.id === instance.id)
      throw conflict(`${fullName(attendee)} is already booked in this class.`, RefusalReason.ALREADY_BOOKED);
    throw conflict(
      `${fullName(attendee)} already has ${clash.classInstance.blueprint.name} at ${describeClassTime(clash.classInstance.startsAt, this.timeZone)}, which overlaps this class.`,
      RefusalReason.OVERLAP,
    );
  }

  /** The rig point for a booking; staff who leave it out get the first free one. */
  private async rigPointFor(
    tx: EntityManager,
    instance: ClassInstance,
    rigPointId: string | null,
    assignFree = false,
  ): Promise<RigPoint | null> {
    if (!instance.blueprint.usesRigPoints) {
      if (rigPointId) throw badInput('This class does not use rig points.', { rigPointId: 'This class does not use rig points.' });
      return null;
    }
    if (!rigPointId && assignFree) {
      const taken = await tx.find(
        Booking,
        { classInstance: instance.id, status: { $in: [...ACTIVE_BOOKING] }, rigPoint: { $ne: null } },
        { fields: ['rigPoint'] },
      );
      const free = await tx.findOne(
        RigPoint,
        { apparatus: instance.blueprint.apparatus.id, isActive: true, id: { $nin: taken.map((b) => b.rigPoint!.id) } },
        { orderBy: { sortOrder: 'asc' } },
      );
      if (!free) throw conflict('Every rig point in this class is taken.', RefusalReason.CLASS_FULL);
      return free;
    }
    if (!rigPointId) throw badInput('Choose a rig point for this class.', { rigPointId: 'Choose a rig point.' });
    const point = await tx.findOne(RigPoint, { id: rigPointId, apparatus: instance.blueprint.apparatus.id, isActive: true });
    if (!point) throw badInput('That rig point is not available for this class.', { rigPointId: 'Choose one of the listed rig points.' });
    return point;
  }

  /**
   * Cancels a booking. `lateCancelAccepted` false: the member was not told it would count as late, so a cancellation
   * that would (the cutoff passed meanwhile) is refused with reason LATE_CANCEL for the client to ask again; left out,
   * it goes through either way.
   */
  async cancel(em: EntityManager, actor: User, bookingId: string, lateCancelAccepted?: boolean | null): Promise<Booking> {
    const result = await em.transactional(async (tx) => {
      const booking = await findManageable(tx, actor, bookingId);
      if (!(ACTIVE_BOOKING as readonly BookingStatus[]).includes(booking.status)) throw conflict('This booking is no longer active.');
      const staff = cancelsAsStaff(actor);
      if (booking.classInstance.startsAt.getTime() <= Date.now() && !staff)
        throw badInput('This class has already started and can no longer be cancelled.');
      const { cancellationCutoffHours, lateCancelFeeCents } = await this.settings.get(tx);
      const freeUntil = freeCancellationUntil(booking.classInstance.startsAt, cancellationCutoffHours);
      const late = isLateCancellation(actor, booking, freeUntil);
      if (late && lateCancelAccepted === false)
        throw conflict(
          `Free cancellation ended ${describeClassTime(freeUntil, this.timeZone)}: cancelling now counts as a late cancellation${lateCancelFeeCents > 0 ? ` and a ${formatMoney(lateCancelFeeCents)} late-cancellation fee is added to your account` : ''}.`,
          RefusalReason.LATE_CANCEL,
        );
      const released = await this.releases.release(
        tx,
        booking,
        staff && actor.id !== booking.attendee.id ? CancelReason.staff : CancelReason.member,
        late,
      );
      if (!released) throw conflict('This booking is no longer active.');
      if (late) await this.fees.chargeFees(tx, [booking.id], 'late_cancel');
      await this.events.emit(tx, 'booking.cancelled', {
        bookingId: booking.id,
        classInstanceId: booking.classInstance.id,
        attendeeId: booking.attendee.id,
        by: booking.cancelReason === CancelReason.staff ? 'staff' : 'member',
        late,
        // Paid and cancelled in time (a late cancellation keeps the fee): the payment goes back.
        refundDue: booking.paymentStatus === PaymentStatus.paid && !late,
      });
      return booking;
    });
    await this.seats.announceSpots(em, [result.classInstance.id]);
    return result;
  }

  /** Active bookings in classes not yet ended, of the member and their family (not those staff made for others). */
  async upcomingBookings(em: EntityManager, actor: User): Promise<Booking[]> {
    const me = actor.id;
    return em.find(
      Booking,
      { status: { $in: [...ACTIVE_BOOKING] }, ...familyScope(me), ...upcoming() },
      { populate: ['classInstance.blueprint.apparatus', 'attendee'], orderBy: { classInstance: { startsAt: 'asc' }, id: 'asc' } },
    );
  }

  /** Cancels every active booking of a cancelled class and closes its waitlist, telling each family. */
  async cancelAllFor(tx: EntityManager, instance: ClassInstance, reasonText: string): Promise<void> {
    const bookings = await tx.find(
      Booking,
      { classInstance: instance.id, status: { $in: [...ACTIVE_BOOKING] } },
      { populate: ['attendee.guardian'] },
    );
    const when = describeClassTime(instance.startsAt, this.timeZone);
    for (const booking of bookings) {
      booking.status = BookingStatus.cancelled;
      booking.cancelledAt = new Date();
      booking.cancelReason = CancelReason.class_cancelled;
      booking.holdExpiresAt = null;
      await this.notifications.add(tx, this.notifications.recipientOf(booking.attendee), {
        type: NotificationType.other,
        title: 'Class cancelled',
        message: `${instance.blueprint.name} on ${when} is cancelled${reasonText ? `: ${reasonText}` : '.'} ${fullName(booking.attendee)}'s booking is released${booking.paymentStatus === PaymentStatus.paid ? ' and will be refunded' : ''}.`,
        link: classPath(instance),
      });
    }
    const covered = bookings.filter((b) => b.paymentStatus === PaymentStatus.covered).map((b) => b.id);
    if (covered.length) await this.ports.get('payer')?.released(tx, covered, false);
    await tx.nativeUpdate(
      WaitlistEntry,
      { classInstance: instance.id, status: { $in: [WaitlistStatus.waiting, WaitlistStatus.offered] } },
      { status: WaitlistStatus.closed },
    );
    // The class is no longer 'scheduled', so no concurrent booking can take a spot any more.
    instance.spotsTaken = 0;
    await tx.flush();
  }

  /** Tells every family booked in a class that it now starts at another time. */
  async tellRescheduled(tx: EntityManager, instance: ClassInstance): Promise<void> {
    const bookings = await tx.find(
      Booking,
      { classInstance: instance.id, status: { $in: [...ACTIVE_BOOKING] } },
      { populate: ['attendee.guardian'] },
    );
    for (const booking of bookings) {
      await this.notifications.add(tx, this.notifications.recipientOf(booking.attendee), {
        type: NotificationType.other,
        title: 'Class time changed',
        message: `${instance.blueprint.name} now starts ${describeClassTime(instance.startsAt, this.timeZone)}.`,
        link: classPath(instance),
      });
    }
  }
}
