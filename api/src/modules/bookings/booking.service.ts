import { formatMoney, fullName } from '@studio/rules';
import { helper, UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/postgresql';
import { describeClassTime } from '../../common/studio-time.js';
import type { DomainEvents } from '../../events/domain-events.js';
import { Ports } from '../../events/ports.js';
import { RefusalReason, badInput, conflict, forbidden, notFound } from '../../graphql/errors.js';
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
  assertMayBookFor,
  assertMayStaffBook,
  assertMayManageBooking,
  assertMayManageWaitlistEntry,
  cancelsAsStaff,
  cartOf,
  familyScope,
  freeCancellationUntil,
  isLateCancellation,
  mayBookFor,
  mayBookOverCapacity,
} from './booking.policy.js';
import type { BookingPorts, FeeKind } from './bookings.ports.js';
import type { BookingCover } from './booking.types.js';
import { WaitlistEntry, WaitlistStatus } from './waitlist-entry.entity.js';

/** The dedupe key of the "Spot held in your cart" notice of a booking, so paying for it can mark it read. */
function holdNotificationKey(bookingId: string): string {
  return `hold:${bookingId}`;
}

const HOUR = 3600_000;
/** A spot offered from the waitlist is held at most until this long before class. */
const OFFER_CLOSES_BEFORE_CLASS_MS = 2 * HOUR;

export interface BookRequest {
  classInstanceId: string;
  attendeeId: string;
  rigPointId?: string | null;
}

/** A booking made, and the new seat counts of its class (as just announced to every subscriber). */
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

/** What would pay for one attendee's spot if it were booked now (a dry run of the booking's entitlement claim). */
export interface CoverPreview {
  /** The booking's `coveredBy` it would get (as the POS shows it). */
  coveredBy: string;
  /** The membership's plan or the pack, by name. */
  name: string;
  /** Classes it has left for the class's date, this one included; null: unlimited. */
  classesLeft: number | null;
}

/** Thrown to roll a dry run back (previewCover). */
class DryRun extends Error {
  constructor(readonly cover: CoverPreview | null) {
    super('dry run');
  }
}

const upcoming = () => ({ classInstance: { endsAt: { $gt: new Date() } } });

/**
 * Booking rules. Capacity is guarded by a conditional UPDATE on class_instance.spots_taken (never read-then-write),
 * double bookings by partial unique indexes, and overlapping bookings of one attendee by a per-attendee advisory
 * lock held for the transaction. Every spot released goes to the first person waiting, in order.
 */
export class BookingService {
  /** Answers from the modules above: who pays, what fee, who is in good standing (bookings.ports.ts). */
  readonly ports = new Ports<BookingPorts>();

  constructor(
    private readonly timeZone: string,
    private readonly pubsub: StudioPubSub,
    private readonly settings: SettingsService,
    private readonly notifications: NotificationService,
    private readonly waivers: WaiverService,
    private readonly users: UserService,
    private readonly events: DomainEvents,
  ) {}

  /**
   * What would pay for this attendee's spot in this class right now (a membership's or pack's label), or null: the
   * entitlement rules themselves (payer.claim) run on a booking in a transaction that is rolled back, so nothing is
   * used. The POS shows it before the sale is paid; paying books with `entitlement` and checks it still applies.
   */
  async coverFor(em: EntityManager, attendeeId: string, classInstanceId: string): Promise<string | null> {
    return (await this.previewCover(em, attendeeId, classInstanceId))?.coveredBy ?? null;
  }

  /** What would pay for this attendee's spot in this class right now, and what it has left; null: nothing would. */
  async previewCover(em: EntityManager, attendeeId: string, classInstanceId: string): Promise<CoverPreview | null> {
    const payer = this.ports.get('payer');
    if (!payer) return null;
    try {
      await em.fork().transactional(async (tx) => {
        const instance = await tx.findOne(ClassInstance, { id: classInstanceId }, { populate: ['blueprint'] });
        const attendee = await tx.findOne(User, { id: attendeeId });
        if (!instance || !attendee || instance.blueprint.dropInPriceCents === 0) throw new DryRun(null);
        const booking = tx.create(Booking, {
          classInstance: instance,
          attendee,
          bookedBy: attendee,
          status: BookingStatus.held,
          holdExpiresAt: new Date(),
          source: BookingSource.staff,
          paymentStatus: PaymentStatus.unpaid,
          priceCents: instance.blueprint.dropInPriceCents,
          rigPoint: null,
          checkedInAt: null,
        });
        try {
          await tx.flush();
        } catch (err) {
          if (err instanceof UniqueConstraintViolationException) throw new DryRun(null); // already booked
          throw err;
        }
        const coveredBy = await payer.claim(tx, booking);
        const claimed = coveredBy ? await payer.claimed(tx, booking.id) : null;
        throw new DryRun(coveredBy && claimed ? { coveredBy, ...claimed } : null);
      });
    } catch (err) {
      if (err instanceof DryRun) return err.cover;
      throw err;
    }
    return null;
  }

  /**
   * For the member and each minor in their family, what would pay for a spot in this class now: a dry run of the
   * booking's entitlement claim per person (nothing is used), else the drop-in price. One class at a time.
   */
  async coversFor(em: EntityManager, actor: User, classInstanceId: string): Promise<BookingCover[]> {
    const instance = await em.findOne(ClassInstance, { id: classInstanceId }, { populate: ['blueprint'] });
    if (!instance) throw notFound('Class not found.');
    const today = this.users.today();
    const children = await em.find(User, { guardian: actor.id, removedAt: null }, { orderBy: { createdAt: 'asc', id: 'asc' } });
    const people = [actor, ...children.filter((child) => mayBookFor(actor, child, today))];
    const price = instance.blueprint.dropInPriceCents;
    const covers: BookingCover[] = [];
    for (const person of people) {
      const cover = price > 0 ? await this.previewCover(em, person.id, instance.id) : null;
      covers.push({
        attendeeId: person.id,
        paidWith: cover?.name ?? null,
        classesLeft: cover?.classesLeft ?? null,
        priceCents: cover ? 0 : price,
      });
    }
    return covers;
  }

  /** A held booking (or a staff booking asked to) an entitlement pays for becomes confirmed at once (no cart); answers whether it did. */
  private async cover(tx: EntityManager, booking: Booking): Promise<boolean> {
    const payer = this.ports.get('payer');
    if (!payer || booking.paymentStatus !== PaymentStatus.unpaid) return false;
    if (booking.status !== BookingStatus.held && booking.status !== BookingStatus.confirmed) return false;
    const coveredBy = await payer.claim(tx, booking);
    if (!coveredBy) return false;
    Object.assign(booking, { status: BookingStatus.confirmed, holdExpiresAt: null, paymentStatus: PaymentStatus.covered, coveredBy });
    await tx.flush();
    return true;
  }

  // ── who may act for whom ────────────────────────────────────────────────────────────────────────────────

  /** The attendee a member may book for: themselves, or a minor in their family (booking.policy). */
  async attendeeFor(em: EntityManager, actor: User, attendeeId: string): Promise<User> {
    const person =
      attendeeId === actor.id ? actor : await em.findOne(User, { id: attendeeId, removedAt: null }, { populate: ['guardian'] });
    assertMayBookFor(actor, person, this.users.today());
    return person;
  }

  // ── booking ─────────────────────────────────────────────────────────────────────────────────────────────

  async book(em: EntityManager, actor: User, req: BookRequest, mode: BookMode = { kind: 'member' }): Promise<Booked> {
    const booking = await em.transactional(async (tx) => {
      const attendee =
        mode.kind === 'member'
          ? await this.attendeeFor(tx, actor, req.attendeeId)
          : await tx.findOne(User, { id: req.attendeeId, removedAt: null, isActive: true }, { populate: ['guardian'] });
      if (mode.kind === 'staff') assertMayStaffBook(actor, attendee);
      if (!attendee) throw notFound('That person');
      await this.lockAttendee(tx, attendee.id);

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
      await this.assertFreeFor(tx, attendee, instance);
      const rigPoint = await this.rigPointFor(tx, instance, req.rigPointId ?? null, mode.kind === 'staff');

      const overCapacity = mode.kind === 'staff' && mode.overCapacity && mayBookOverCapacity(actor);
      if (!(await this.takeSpot(tx, instance.id, overCapacity))) {
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
      await this.flushUnique(
        tx,
        rigPoint ? 'That rig point was just taken. Please pick another.' : `${fullName(attendee)} is already booked in this class.`,
      );
      // Comp, unlimited plan, limited plan, class pack: the first that applies pays; otherwise the cart.
      if (mode.kind === 'member' || mode.entitlement) await this.cover(tx, booking);
      await this.tellBooked(tx, actor, booking);
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
    const [spots] = await this.announceSpots(em, [booking.classInstance.id]);
    return { booking, spots };
  }

  /**
   * A held spot tells the member whose cart holds it (type checkout: pay before the hold ends); a confirmed booking
   * tells the attendee (or their guardian), also when staff booked it. Every open tab of theirs shows it live.
   */
  private async tellBooked(tx: EntityManager, actor: User, booking: Booking): Promise<void> {
    const instance = booking.classInstance;
    const when = describeClassTime(instance.startsAt, this.timeZone);
    if (booking.status === BookingStatus.held) {
      await this.notifications.add(tx, actor, {
        type: NotificationType.checkout,
        title: 'Spot held in your cart',
        message: `A spot in ${instance.blueprint.name} (${when}) is held for ${fullName(booking.attendee)} until ${describeClassTime(booking.holdExpiresAt!, this.timeZone)}. Check out before then to keep it.`,
        link: classPath(instance),
        dedupeKey: holdNotificationKey(booking.id),
      });
      return;
    }
    await this.tellConfirmed(tx, booking);
  }

  /** A confirmed booking tells the attendee (or their guardian): at once, or when its held spot is paid for. */
  private async tellConfirmed(tx: EntityManager, booking: Booking): Promise<void> {
    const instance = booking.classInstance;
    await this.notifications.add(tx, this.notifications.recipientOf(booking.attendee), {
      type: NotificationType.other,
      title: 'Booking confirmed',
      message: `${fullName(booking.attendee)} is booked into ${instance.blueprint.name} (${describeClassTime(instance.startsAt, this.timeZone)}).`,
      link: classPath(instance),
    });
  }

  /** Serialises bookings of one attendee, so overlap checks cannot race each other. */
  private async lockAttendee(tx: EntityManager, attendeeId: string): Promise<void> {
    await tx
      .getConnection()
      .execute(`select pg_advisory_xact_lock(hashtext('attendee:' || ?))`, [attendeeId], 'get', tx.getTransactionContext());
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

  /** Atomically takes one spot; false when the class is full (or not bookable). */
  private async takeSpot(tx: EntityManager, instanceId: string, overCapacity = false): Promise<boolean> {
    const rows = await tx.getConnection().execute<{ spots_taken: number }[]>(
      `update class_instance set spots_taken = spots_taken + 1
        where id = ? and status = 'scheduled' ${overCapacity ? '' : 'and spots_taken < capacity'} returning spots_taken`,
      [instanceId],
      'all',
      tx.getTransactionContext(),
    );
    if (rows.length === 1) this.syncLoaded(tx, instanceId, rows[0].spots_taken);
    return rows.length === 1;
  }

  private async freeSpot(tx: EntityManager, instanceId: string): Promise<void> {
    const rows = await tx
      .getConnection()
      .execute<{ spots_taken: number }[]>(
        'update class_instance set spots_taken = spots_taken - 1 where id = ? and spots_taken > 0 returning spots_taken',
        [instanceId],
        'all',
        tx.getTransactionContext(),
      );
    if (rows.length === 1) this.syncLoaded(tx, instanceId, rows[0].spots_taken);
  }

  /**
   * The counter is changed in SQL only; a ClassInstance already loaded in this unit of work takes the count the
   * UPDATE returned, as if read from the database, so that later checks and the mutation's answer see it (and a
   * flush never writes an old one back).
   */
  private syncLoaded(tx: EntityManager, instanceId: string, spotsTaken: number): void {
    const loaded = tx.getUnitOfWork().getById<ClassInstance>(ClassInstance.name, instanceId);
    if (!loaded) return;
    loaded.spotsTaken = spotsTaken;
    const original = helper(loaded).__originalEntityData;
    if (original) original.spotsTaken = spotsTaken;
  }

  /** Unique-index violations (two requests racing for the same seat or rig point) become a CONFLICT. */
  private async flushUnique(tx: EntityManager, message: string): Promise<void> {
    try {
      await tx.flush();
    } catch (err) {
      if (err instanceof UniqueConstraintViolationException) throw conflict(message);
      throw err;
    }
  }

  // ── cancelling and releasing ────────────────────────────────────────────────────────────────────────────

  async findManageable(em: EntityManager, actor: User, bookingId: string): Promise<Booking> {
    const booking = await em.findOne(
      Booking,
      { id: bookingId },
      { populate: ['classInstance.blueprint', 'attendee.guardian', 'bookedBy'] },
    );
    assertMayManageBooking(actor, booking);
    return booking;
  }

  /**
   * Cancels a booking. `lateCancelAccepted` false: the member was not told it would count as late, so a cancellation
   * that would (the cutoff passed meanwhile) is refused with reason LATE_CANCEL for the client to ask again; left out,
   * it goes through either way.
   */
  async cancel(em: EntityManager, actor: User, bookingId: string, lateCancelAccepted?: boolean | null): Promise<Booking> {
    const result = await em.transactional(async (tx) => {
      const booking = await this.findManageable(tx, actor, bookingId);
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
      const released = await this.release(
        tx,
        booking,
        staff && actor.id !== booking.attendee.id ? CancelReason.staff : CancelReason.member,
        late,
      );
      if (!released) throw conflict('This booking is no longer active.');
      if (late) await this.chargeFees(tx, [booking.id], 'late_cancel');
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
    await this.announceSpots(em, [result.classInstance.id]);
    return result;
  }

  /**
   * Cancels an active booking, frees its spot and offers it to the next person waiting. The conditional UPDATE
   * makes this safe when a cancel, a cart removal and the hold-expiry job race for the same booking: only one
   * of them frees the spot. Returns false when the booking was no longer active.
   */
  private async release(tx: EntityManager, booking: Booking, reason: CancelReason, late = false): Promise<boolean> {
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
    await this.freeSpot(tx, booking.classInstance.id);
    await this.promote(tx, booking.classInstance.id);
    return true;
  }

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
      if (!(await this.takeSpot(tx, instanceId))) return promoted;
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
      if (await this.cover(tx, booking)) {
        entry.status = WaitlistStatus.claimed;
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
        await this.freeSpot(tx, instanceId);
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
      promoted += 1;
    }
  }

  /** Why this waitlister cannot be offered a paid spot (the standing port's answer), or null. */
  private async standingProblem(tx: EntityManager, entry: WaitlistEntry): Promise<string | null> {
    const check = this.ports.get('standing');
    return check ? check(tx, [...new Set([entry.attendee.id, entry.requestedBy.id])]) : null;
  }

  /** Accepts a spot offered from the waitlist (free classes; paid ones are claimed by paying at checkout). */
  async claimOffer(em: EntityManager, actor: User, bookingId: string): Promise<Booking> {
    return em.transactional(async (tx) => {
      const booking = await this.findManageable(tx, actor, bookingId);
      if (booking.status !== BookingStatus.held || (booking.holdExpiresAt && booking.holdExpiresAt.getTime() <= Date.now())) {
        throw conflict('This spot is no longer held for you.');
      }
      if (booking.paymentStatus === PaymentStatus.unpaid)
        throw conflict('Complete checkout from your cart to claim this spot.', RefusalReason.PAYMENT_REQUIRED);
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
    await this.announceSpots(em, [...touched]);
    return touched.size;
  }

  /** After a class ends, confirmed attendees who did not check in become no-shows. */
  async markNoShows(em: EntityManager, now = new Date()): Promise<number> {
    return em.transactional(async (tx) => {
      const rows = await tx.getConnection().execute<{ id: string; payment_status: string }[]>(
        `update booking b set status = 'no_show' from class_instance c
          where b.class_instance_id = c.id and b.status = 'confirmed' and b.checked_in_at is null and c.ends_at <= ?
          returning b.id, b.payment_status`,
        [now],
        'all',
        tx.getTransactionContext(),
      );
      // A no-show counts like a late cancellation for the credit that paid.
      const covered = rows.filter((r) => r.payment_status === PaymentStatus.covered).map((r) => r.id);
      if (covered.length) await this.ports.get('payer')?.released(tx, covered, true);
      await this.chargeFees(
        tx,
        rows.map((r) => r.id),
        'no_show',
      );
      return rows.length;
    });
  }

  // ── late-cancellation and no-show fees ───────────────────────────────────────────────────────────────────

  /**
   * Bills the studio's fee for late cancellations or no-shows (none when it is 0), once per booking: the fee is
   * claimed by a conditional UPDATE (a second charge of the same booking, concurrent or later, finds it taken), then
   * the invoice is made and recorded on the booking. Bookings a complimentary membership paid for are exempt.
   */
  async chargeFees(tx: EntityManager, bookingIds: string[], kind: FeeKind): Promise<number> {
    const fees = this.ports.get('fees');
    if (bookingIds.length === 0 || !fees) return 0;
    const settings = await this.settings.get(tx);
    const cents = kind === 'late_cancel' ? settings.lateCancelFeeCents : settings.noShowFeeCents;
    if (cents <= 0) return 0;
    const exempt = (await this.ports.get('payer')?.feeExempt(tx, bookingIds)) ?? new Set<string>();
    let charged = 0;
    for (const id of bookingIds.filter((b) => !exempt.has(b))) {
      const claimed = await tx
        .getConnection()
        .execute<{ id: string }[]>(
          `update booking set fee_cents = ? where id = ? and fee_cents = 0 and fee_invoice_id is null returning id`,
          [cents, id],
          'all',
          tx.getTransactionContext(),
        );
      if (claimed.length !== 1) continue;
      const booking = await tx.findOneOrFail(Booking, { id }, { populate: ['classInstance.blueprint', 'attendee.guardian'] });
      const invoiceId = await fees.charge(tx, booking, kind, cents);
      await tx.nativeUpdate(Booking, { id }, { feeInvoiceId: invoiceId });
      Object.assign(booking, { feeCents: cents, feeInvoiceId: invoiceId });
      charged += 1;
    }
    return charged;
  }

  /**
   * Staff marked attendance after class: absent makes a no-show (its fee is charged); present clears a no-show's fee
   * when it is not paid yet (the invoice is voided).
   */
  async attendanceMarked(em: EntityManager, bookingId: string): Promise<void> {
    await em.transactional(async (tx) => {
      const booking = await tx.findOne(Booking, { id: bookingId }, { refresh: true });
      if (!booking) return;
      if (booking.status === BookingStatus.no_show) {
        await this.chargeFees(tx, [booking.id], 'no_show');
      } else if (booking.checkedInAt && booking.feeInvoiceId && !booking.lateCancel) {
        if (await this.ports.get('fees')?.waive(tx, booking.feeInvoiceId, 'Attendance corrected: they were in class.'))
          await tx.nativeUpdate(Booking, { id: booking.id }, { feeCents: 0 });
      }
    });
  }

  // ── waitlist ────────────────────────────────────────────────────────────────────────────────────────────

  async joinWaitlist(em: EntityManager, actor: User, classInstanceId: string, attendeeId: string): Promise<WaitlistEntry> {
    const entry = await em.transactional(async (tx) => {
      const attendee = await this.attendeeFor(tx, actor, attendeeId);
      await this.lockAttendee(tx, attendee.id);
      const instance = await tx.findOne(ClassInstance, { id: classInstanceId }, { populate: ['blueprint'], refresh: true });
      if (!instance) throw notFound('That class');
      if (instance.status === ClassStatus.cancelled) throw conflict('This class has been cancelled.');
      if (instance.startsAt.getTime() <= Date.now()) throw badInput('This class has already started.');
      if (!(await this.waivers.signedUserIds(tx, [attendee.id])).has(attendee.id)) {
        throw forbidden(`${fullName(attendee)} needs a signed waiver before joining a waitlist. Sign it on the waiver page.`);
      }
      if (instance.spotsTaken < instance.capacity)
        throw conflict('This class still has free spots: book one directly.', RefusalReason.SPOTS_AVAILABLE);
      const booked = await tx.count(Booking, { classInstance: instance.id, attendee: attendee.id, status: { $in: [...ACTIVE_BOOKING] } });
      if (booked) throw conflict(`${fullName(attendee)} is already booked in this class.`, RefusalReason.ALREADY_BOOKED);
      const entry = tx.create(WaitlistEntry, { classInstance: instance, attendee, requestedBy: actor });
      await this.flushUnique(tx, `${fullName(attendee)} is already on the waitlist for this class.`);
      return entry;
    });
    await this.announceSpots(em, [classInstanceId]);
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
        await this.release(tx, entry.offeredBooking, CancelReason.member);
      } else {
        throw conflict('You are no longer on this waitlist.');
      }
      return entry;
    });
    await this.announceSpots(em, [entry.classInstance.id]);
    return entry;
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

  // ── the member's own lists ─────────────────────────────────────────────────────────────────────────────

  /** Active bookings in classes not yet ended, of the member and their family (not those staff made for others). */
  async upcomingBookings(em: EntityManager, actor: User): Promise<Booking[]> {
    const me = actor.id;
    return em.find(
      Booking,
      { status: { $in: [...ACTIVE_BOOKING] }, ...familyScope(me), ...upcoming() },
      { populate: ['classInstance.blueprint.apparatus', 'attendee'], orderBy: { classInstance: { startsAt: 'asc' }, id: 'asc' } },
    );
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

  // ── cart (held spots) ───────────────────────────────────────────────────────────────────────────────────

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
      for (const booking of held) await this.release(tx, booking, CancelReason.removed_from_cart);
      return held.map((b) => b.classInstance.id);
    });
    await this.announceSpots(em, touched);
    return touched.length;
  }

  // ── paying for held spots (checkout) ────────────────────────────────────────────────────────────────────

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
    // The "Spot held" notice has done its work; the attendee hears the booking is confirmed.
    await this.notifications.markDoneByKeys(tx, confirmed.map(holdNotificationKey));
    const paid = await tx.find(Booking, { id: { $in: confirmed } }, { populate: ['classInstance.blueprint', 'attendee.guardian'] });
    for (const booking of paid) await this.tellConfirmed(tx, booking);
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
      for (const booking of active) await this.release(tx, booking, CancelReason.staff);
      return active.map((b) => b.classInstance.id);
    });
    await this.announceSpots(em, touched);
  }

  // ── live seat counts ────────────────────────────────────────────────────────────────────────────────────

  /** Publishes fresh seat counts for changed classes (after commit), once per class, for every subscriber; answers them. */
  async announceSpots(em: EntityManager, instanceIds: string[]): Promise<SpotsChangedEvent[]> {
    const ids = [...new Set(instanceIds)];
    if (ids.length === 0) return [];
    const events = await this.spotEvents(em, `c.id in (${ids.map(() => '?').join(', ')})`, ids);
    for (const event of events) this.pubsub.publish('SPOTS_CHANGED', event);
    return events;
  }

  /**
   * After a gap in this process's LISTEN connection, seat changes made meanwhile were never heard: tell this
   * process's subscribers the current counts of every class that has not ended yet (within the booking horizon).
   */
  async resyncSpots(em: EntityManager): Promise<void> {
    const events = await this.spotEvents(em, `c.ends_at > now() and c.starts_at < now() + interval '62 days'`, []);
    for (const event of events) this.pubsub.publishLocally('SPOTS_CHANGED', event);
  }

  private async spotEvents(em: EntityManager, where: string, params: string[]): Promise<SpotsChangedEvent[]> {
    const rows = await em
      .getConnection()
      .execute<{ id: string; spots_left: number; waitlist_length: number; status: string; taken: string[] }[]>(
        `select c.id, greatest(c.capacity - c.spots_taken, 0) as spots_left, c.status,
              (select count(*)::int from waitlist_entry w where w.class_instance_id = c.id and w.status = 'waiting') as waitlist_length,
              array(select b.rig_point_id::text from booking b
                     where b.class_instance_id = c.id and b.rig_point_id is not null and b.status in (${ACTIVE_BOOKING.map(() => '?').join(', ')})
                     order by b.rig_point_id) as taken
         from class_instance c where ${where}`,
        [...ACTIVE_BOOKING, ...params],
      );
    return rows.map((r) => ({
      classInstanceId: r.id,
      spotsLeft: r.spots_left,
      waitlistLength: r.waitlist_length,
      status: r.status,
      takenRigPointIds: r.taken,
    }));
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
        message: `${instance.blueprint.name} on ${instance.date} now starts at ${instance.startTime}.`,
        link: classPath(instance),
      });
    }
  }
}
