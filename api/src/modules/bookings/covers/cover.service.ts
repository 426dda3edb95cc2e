import { UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/postgresql';
import type { Ports } from '../../../events/ports.js';
import { notFound } from '../../../graphql/errors.js';
import { ClassInstance } from '../../classes/class-instance.entity.js';
import { User } from '../../users/user.entity.js';
import type { UserService } from '../../users/user.service.js';
import { Booking, BookingSource, BookingStatus, PaymentStatus } from '../booking.entity.js';
import { mayBookFor } from '../booking.policy.js';
import type { BookingPorts } from '../bookings.ports.js';
import type { BookingCover } from '../booking.types.js';

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

/** What pays for a spot: a membership or pack through the payer port, claimed for real or as a dry run. */
export class CoverService {
  constructor(
    private readonly ports: Ports<BookingPorts>,
    private readonly users: UserService,
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
  async cover(tx: EntityManager, booking: Booking): Promise<boolean> {
    const payer = this.ports.get('payer');
    if (!payer || booking.paymentStatus !== PaymentStatus.unpaid) return false;
    if (booking.status !== BookingStatus.held && booking.status !== BookingStatus.confirmed) return false;
    const coveredBy = await payer.claim(tx, booking);
    if (!coveredBy) return false;
    Object.assign(booking, { status: BookingStatus.confirmed, holdExpiresAt: null, paymentStatus: PaymentStatus.covered, coveredBy });
    await tx.flush();
    return true;
  }
}
