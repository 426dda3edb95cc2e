import { formatMoney, fullName, INVOICE_REMINDER_DAYS } from '@studio/rules';
import { addDaysToDate } from '../../common/studio-time.js';
import { badInput } from '../../graphql/errors.js';
import { User } from '../users/user.entity.js';
import { Invoice, InvoicePaymentMethod, InvoiceStatus } from './invoice.entity.js';

export interface InvoiceLineData {
  description: string;
  quantity: number;
  unitCents: number;
}

/** What an invoice is made of: the entry point for admins and for other modules (the POS charges a sale to a member). */
export interface NewInvoice {
  memberId: string;
  lines: InvoiceLineData[];
  /** YYYY-MM-DD (studio date). */
  dueDate: string;
  memo?: string;
  /** Who made it (an admin); null for the system. */
  createdBy?: User | null;
  /** Send it at once (open, emailed and notified) rather than leaving a draft. */
  send?: boolean;
}

export interface InvoiceFilter {
  status?: InvoiceStatus | null;
  overdue?: boolean | null;
  memberId?: string | null;
  /** Words in the member's name or email. */
  member?: string | null;
  /** Issued (created) on or after / on or before these studio dates. */
  from?: string | null;
  to?: string | null;
}

export interface InvoiceTotals {
  count: number;
  totalCents: number;
  paidCents: number;
  outstandingCents: number;
  overdueCents: number;
}

export const INVOICE_BEING_PAID =
  'This invoice is being paid in another checkout right now. If that payment is not finished, you can pay it in half an hour.';

export const invoiceNumber = (n: number) => `INV-${String(n).padStart(6, '0')}`;

export const PAYMENT_WORDS: Record<InvoicePaymentMethod, string> = { card: 'card (online)', cash: 'cash', bank_transfer: 'bank transfer' };

export function totalOf(lines: InvoiceLineData[]): number {
  if (!lines.length) throw badInput('Add at least one line.', { lines: 'Add at least one line.' });
  const total = lines.reduce((sum, l) => sum + l.quantity * l.unitCents, 0);
  if (total < 0) throw badInput('The total cannot be below $0.00.', { lines: 'The total cannot be below $0.00.' });
  if (total > 10_000_000) throw badInput('The total can be at most $100,000.', { lines: 'The total can be at most $100,000.' });
  return total;
}

/** The reminder step due on `today` for an invoice due on `dueDate`: how many of INVOICE_REMINDER_DAYS have passed. */
export function stepDue(dueDate: string, today: string): number {
  return INVOICE_REMINDER_DAYS.filter((days) => addDaysToDate(dueDate, days) <= today).length;
}

export function invoiceEmailText(invoice: Invoice, recipient: User, studioName: string): string {
  const lines = invoice.lines.getItems().map((l) => `  ${l.quantity} × ${l.description}  ${formatMoney(l.quantity * l.unitCents)}`);
  return [
    `Hi ${recipient.firstName},`,
    '',
    `Here is invoice ${invoiceNumber(invoice.number)} from ${studioName}${invoice.member.id === recipient.id ? '' : ` for ${fullName(invoice.member)}`}:`,
    '',
    ...lines,
    '',
    `  Total due: ${formatMoney(invoice.totalCents)} by ${invoice.dueDate}`,
    ...(invoice.memo ? ['', invoice.memo] : []),
    '',
    'You can pay it online from your profile (or at the front desk), and download it as a PDF there.',
  ].join('\n');
}
