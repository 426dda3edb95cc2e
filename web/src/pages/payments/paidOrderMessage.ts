import type { PaidOrderFragment } from './paymentSuccess.generated';

export interface PaidOrderMessage {
  /** What the payment bought and what happens next. */
  line: string;
  /** Where to go from here. */
  next: { to: string; label: string };
}

/**
 * What the success page says after a payment, from what the order bought: class spots are confirmed, a membership
 * starts, and shop goods (merch, snacks) wait at the front desk — class packs bought in the shop are on the account.
 */
export function paidOrderMessage(lines: PaidOrderFragment['lines']): PaidOrderMessage {
  const has = (kind: string) => lines.some((l) => l.kind === kind);
  const receipt = 'A receipt is on its way by email.';
  const goods = 'Collect what you bought in the shop at the front desk on your next visit (class packs are on your account already).';
  if (has('class')) {
    return {
      line: ['Your class spots are confirmed.', has('product') ? goods : null, receipt].filter(Boolean).join(' '),
      next: { to: '/classes', label: 'My classes' },
    };
  }
  if (has('membership')) return { line: `Your membership is active. ${receipt}`, next: { to: '/memberships', label: 'My membership' } };
  const items = lines.reduce((sum, l) => sum + l.quantity, 0);
  return {
    line: `You bought ${items === 1 ? '1 item' : `${items} items`}. ${goods} ${receipt}`,
    next: { to: '/profile#orders-title', label: 'My orders' },
  };
}
