import {
  dateOnly,
  invoiceLineDescription,
  invoiceLineQuantity,
  invoiceLineUnitCents,
  invoiceMemo,
  invoicePaymentReference,
  invoiceReason,
  MAX_INVOICE_LINES,
  parseDollars,
  wholeNumberText,
} from '@studio/rules';
import { z } from 'zod';
import type { InvoiceInput } from '../../../graphql/types';

const amountText = z.string().transform((text, ctx) => {
  const cents = parseDollars(text, { negative: true });
  const problem =
    cents === null
      ? 'Enter an amount like 85 or 84.50 (-10 for a credit).'
      : invoiceLineUnitCents.safeParse(cents).error?.issues[0].message;
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
  return cents ?? 0;
});

export interface LineValues {
  description: string;
  quantity: string;
  /** Dollars as typed. */
  unitPrice: string;
}

export interface InvoiceValues {
  memberId: string;
  lines: LineValues[];
  dueDate: string;
  memo: string;
}

export const newLine = (): LineValues => ({ description: '', quantity: '1', unitPrice: '' });

/** The invoice form: the API's rules on the text as typed, and a total that is not below zero. */
export const invoiceForm = z
  .object({
    memberId: z.string().min(1, 'Choose a member.'),
    lines: z
      .array(z.object({ description: invoiceLineDescription, quantity: wholeNumberText(invoiceLineQuantity), unitPrice: amountText }))
      .min(1, 'Add at least one line.')
      .max(MAX_INVOICE_LINES, `At most ${MAX_INVOICE_LINES} lines.`),
    dueDate: dateOnly('Choose the due date.'),
    memo: invoiceMemo,
  })
  .superRefine((v, ctx) => {
    const total = v.lines.reduce((sum, l) => sum + (l.quantity ?? 0) * l.unitPrice, 0);
    if (total < 0) ctx.addIssue({ code: 'custom', path: ['lines'], message: 'The total cannot be below $0.00.' });
  });

/** The total of the lines as typed (lines not yet valid count as 0). */
export function totalOf(lines: LineValues[]): number {
  return lines.reduce((sum, l) => {
    const q = /^\d+$/.test(l.quantity.trim()) ? Number(l.quantity.trim()) : 0;
    return sum + q * (parseDollars(l.unitPrice, { negative: true }) ?? 0);
  }, 0);
}

export function invoiceInput(v: InvoiceValues): InvoiceInput {
  return {
    memberId: v.memberId,
    dueDate: v.dueDate,
    memo: v.memo.trim(),
    lines: v.lines.map((l) => ({
      description: l.description.trim(),
      quantity: Number(l.quantity.trim()),
      unitCents: parseDollars(l.unitPrice, { negative: true }) ?? 0,
    })),
  };
}

export const markPaidForm = z.object({
  method: z.enum(['cash', 'bank_transfer'], 'Choose how it was paid.'),
  reference: invoicePaymentReference,
});
export type MarkPaidValues = z.input<typeof markPaidForm>;

export const reasonForm = z.object({ reason: invoiceReason });
export type ReasonValues = z.input<typeof reasonForm>;

export const STATUS_LABELS = { draft: 'Draft', open: 'Open', paid: 'Paid', void: 'Void', uncollectible: 'Uncollectible' } as const;
export const METHOD_LABELS = { card: 'Card (online)', cash: 'Cash', bank_transfer: 'Bank transfer' } as const;
