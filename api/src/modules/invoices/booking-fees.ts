import { fullName } from '@studio/rules';
import type { EntityManager } from '@mikro-orm/postgresql';
import { describeClassTime, addDaysToDate } from '../../common/studio-time.js';
import type { Booking } from '../bookings/booking.entity.js';
import type { FeeCharger, FeeKind, StandingCheck } from '../bookings/bookings.ports.js';
import { InvoiceStatus } from './invoice.entity.js';
import { invoiceNumber, type InvoiceService } from './invoice.service.js';

/** Days a late-cancellation or no-show fee's invoice is due after it is charged (like a sale charged to the account). */
export const FEE_DUE_DAYS = 14;

const FEE_WORDS: Record<FeeKind, { line: string; memo: string }> = {
  late_cancel: { line: 'Late cancellation fee', memo: 'Cancelled after the free cancellation cutoff.' },
  no_show: { line: 'No-show fee', memo: 'Booked but did not check in to the class.' },
};

/**
 * Late-cancellation and no-show fees as invoices: one open invoice per fee, sent at once (email and notification),
 * which the member (or their parent) pays online from /profile like any other. Made in the booking's transaction.
 */
export function bookingFees(invoices: InvoiceService, timeZone: string): FeeCharger {
  return {
    async charge(tx: EntityManager, booking: Booking, kind: FeeKind, cents: number): Promise<string> {
      const instance = booking.classInstance;
      const who = fullName(booking.attendee);
      const line = `${FEE_WORDS[kind].line}: ${instance.blueprint.name}, ${describeClassTime(instance.startsAt, timeZone)} (${who})`;
      const invoice = await invoices.createInvoice(tx, {
        memberId: booking.attendee.id,
        lines: [{ description: line.slice(0, 200), quantity: 1, unitCents: cents }],
        dueDate: addDaysToDate(invoices.today(), FEE_DUE_DAYS),
        memo: `${FEE_WORDS[kind].memo} Charged under the studio's cancellation policy.`,
        createdBy: null,
        send: true,
      });
      return invoice.id;
    },

    async waive(tx: EntityManager, invoiceId: string, reason: string): Promise<boolean> {
      const [row] = await tx
        .getConnection()
        .execute<{ status: InvoiceStatus }[]>('select status from invoice where id = ?', [invoiceId], 'all', tx.getTransactionContext());
      if (!row || (row.status !== InvoiceStatus.open && row.status !== InvoiceStatus.draft)) return false;
      await invoices.voidInvoice(tx, invoiceId, reason);
      return true;
    },
  };
}

/**
 * Whether these people may be offered a paid spot from the waitlist: not while one of them has an invoice past its
 * due date or written off as uncollectible (the answer names it).
 */
export function invoiceStanding(invoices: InvoiceService): StandingCheck {
  return async (tx, userIds) => {
    const [late] = await tx.getConnection().execute<{ number: number }[]>(
      `select number from invoice
        where member_id in (${userIds.map(() => '?').join(', ')})
          and (status = 'uncollectible' or (status = 'open' and due_date < ?))
        order by due_date, number limit 1`,
      [...userIds, invoices.today()],
      'all',
      tx.getTransactionContext(),
    );
    return late
      ? `invoice ${invoiceNumber(late.number)} is overdue. Pay it from the profile page to be offered the next spot that opens.`
      : null;
  };
}
