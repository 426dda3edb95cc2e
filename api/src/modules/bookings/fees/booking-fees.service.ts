import type { EntityManager } from '@mikro-orm/postgresql';
import type { Ports } from '../../../events/ports.js';
import type { SettingsService } from '../../settings/settings.service.js';
import { Booking, BookingStatus, PaymentStatus } from '../booking.entity.js';
import type { BookingPorts, FeeKind } from '../bookings.ports.js';

/** Late-cancellation and no-show fees, billed through the fees port. */
export class BookingFeeService {
  constructor(
    private readonly settings: SettingsService,
    private readonly ports: Ports<BookingPorts>,
  ) {}
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
}
