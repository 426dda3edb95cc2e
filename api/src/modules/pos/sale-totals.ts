import { badInput } from '../../graphql/errors.js';
import type { InvoiceLineData } from '../invoices/invoice.service.js';
import { PosCategory, PosPaymentMethod, PosSale, PosSaleLine } from './pos.entity.js';

/** A sale's amounts, from its lines: discounts never take a line or the sale below zero. */
export function saleTotals(sale: {
  discountCents: number;
  lines: Iterable<Pick<PosSaleLine, 'quantity' | 'unitCents' | 'discountCents'>>;
}) {
  let subtotalCents = 0;
  let lineDiscountCents = 0;
  for (const line of sale.lines) {
    const gross = line.quantity * line.unitCents;
    subtotalCents += gross;
    lineDiscountCents += Math.min(line.discountCents, gross);
  }
  const saleDiscountCents = Math.min(sale.discountCents, subtotalCents - lineDiscountCents);
  return {
    subtotalCents,
    lineDiscountCents,
    saleDiscountCents,
    discountCents: lineDiscountCents + saleDiscountCents,
    totalCents: subtotalCents - lineDiscountCents - saleDiscountCents,
  };
}

/** Days a member has to pay a sale charged to their account (the admin invoice form's default too). */
export const ACCOUNT_DUE_DAYS = 14;
export const PACK_NEEDS_MEMBER = 'Class packs are for members: choose the member first (a pack is theirs to book with).';

/** Refuses a sale that cannot be paid this way (nothing in it, a drop-in or pack without the member, $0 on account or card); answers its totals. */
export function payable(sale: PosSale, method: PosPaymentMethod) {
  const lines = sale.lines.getItems();
  if (lines.length === 0) throw badInput('Add something to the sale first.');
  const totals = saleTotals(sale);
  const member = sale.member;
  if (lines.some((l) => l.classInstanceId) && !member)
    throw badInput('Choose the member first: a drop-in books them into the class.', { memberId: 'Choose the member.' });
  if (lines.some((l) => l.category === PosCategory.packs) && !member) throw badInput(PACK_NEEDS_MEMBER, { memberId: 'Choose the member.' });
  if (method === PosPaymentMethod.account) {
    if (!member) throw badInput("Choose the member first: a sale is charged to a member's account.", { memberId: 'Choose the member.' });
    if (totals.totalCents <= 0) throw badInput('Nothing to charge: the total is $0.00. Take it as cash instead.');
  }
  if (method === PosPaymentMethod.card && totals.totalCents <= 0)
    throw badInput('Nothing to pay by card: the total is $0.00. Take it as cash instead.');
  return totals;
}

/** A sale as invoice lines: its lines at list price, then each discount as a credit line with its reason. */
export function invoiceLines(sale: PosSale): InvoiceLineData[] {
  const totals = saleTotals(sale);
  const lines: InvoiceLineData[] = [];
  const fit = (text: string) => (text.length > 200 ? `${text.slice(0, 199)}…` : text);
  for (const l of sale.lines) {
    lines.push({ description: fit(l.description), quantity: l.quantity, unitCents: l.unitCents });
    const off = Math.min(l.discountCents, l.quantity * l.unitCents);
    if (off > 0)
      lines.push({
        description: fit(`Discount on ${l.description}${l.discountReason ? `: ${l.discountReason}` : ''}`),
        quantity: 1,
        unitCents: -off,
      });
  }
  if (totals.saleDiscountCents > 0)
    lines.push({
      description: fit(`Discount${sale.discountReason ? `: ${sale.discountReason}` : ''}`),
      quantity: 1,
      unitCents: -totals.saleDiscountCents,
    });
  return lines;
}
