import { formatMoney } from '@studio/rules';
import { z } from 'zod';

/** "12", "12.5", "$12.50" → cents; anything else → null. */
export function centsOf(text: string): number | null {
  const match = /^\$?\s*(\d{1,6})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}

const amount = (message: string) => z.string().refine((v) => centsOf(v) !== null, message);

/** A discount: an amount up to `maxCents` and a reason (the API asks for one too). */
export function discountForm(maxCents: number) {
  return z
    .object({
      amount: amount('Enter an amount, e.g. 5 or 2.50.').refine(
        (v) => (centsOf(v) ?? 0) <= maxCents,
        `The discount can be at most ${formatMoney(maxCents)}.`,
      ),
      reason: z.string().trim().max(200, 'Give the reason in at most 200 characters.'),
    })
    .refine((v) => (centsOf(v.amount) ?? 0) === 0 || v.reason.length > 0, { path: ['reason'], message: 'Give a reason for the discount.' });
}
export type DiscountValues = z.input<ReturnType<typeof discountForm>>;

/** Cash handed over: at least the total. */
export function cashForm(totalCents: number) {
  return z.object({
    tendered: amount('Enter the cash received, e.g. 20.').refine(
      (v) => (centsOf(v) ?? 0) >= totalCents,
      `That is less than the total (${formatMoney(totalCents)}).`,
    ),
  });
}
export type CashValues = z.input<ReturnType<typeof cashForm>>;

/** The notes a customer is likely to hand over for a total: exact, then the next round amounts above it. */
export function quickTenders(totalCents: number): number[] {
  const options = new Set<number>([totalCents]);
  for (const step of [500, 1000, 2000, 5000, 10000]) {
    const next = Math.ceil(totalCents / step) * step;
    if (next > totalCents) options.add(next);
  }
  return [...options].sort((a, b) => a - b).slice(0, 5);
}

export const CATEGORY_LABELS = { merchandise: 'Merch', snacks: 'Snacks', packs: 'Packs', dropin: 'Drop-in today' } as const;
export const METHOD_LABELS: Record<string, string> = { cash: 'Cash', card: 'Card', account: 'Account' };
export type PosCategoryKey = keyof typeof CATEGORY_LABELS;
export const SALE_KEY = 'pos.saleId';
