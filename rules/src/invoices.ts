import { z } from 'zod';
import { requiredText, wholeNumber } from './text';

// Invoices (/admin/invoices)
export const MAX_INVOICE_LINES = 50;
export const invoiceLineDescription = requiredText('Say what this line is for.', 200, 'At most 200 characters.');
export const invoiceLineQuantity = wholeNumber(1, 1000);
/** A line's price in cents; a credit line (a discount) may be negative, but an invoice's total never is. */
export const invoiceLineUnitCents = z
  .number()
  .int('Enter an amount like 25 or 24.50.')
  .min(-1_000_000, 'At most $10,000.')
  .max(1_000_000, 'At most $10,000.');
export const invoiceMemo = z.string().max(2000, 'At most 2,000 characters.');
/** A bank transfer's reference or a cash receipt number, as the admin records it with a manual payment. */
export const invoicePaymentReference = z.string().trim().max(200, 'At most 200 characters.');
/** Why an invoice was voided or written off. */
export const invoiceReason = z.string().trim().max(500, 'At most 500 characters.');
/** Days after the due date on which an unpaid invoice's reminders go out (one each, once per invoice). */
export const INVOICE_REMINDER_DAYS = [1, 7, 14] as const;
