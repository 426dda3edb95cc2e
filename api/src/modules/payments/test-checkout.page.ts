import { formatMoney } from '@studio/rules';
import { CheckoutStatus, type CheckoutSession } from './checkout-session.entity.js';

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** What a test payment page says instead of Pay when it was opened without its link's token. */
export const TEST_LINK_MISSING = 'Open this page from the link your checkout gave you to pay.';

/**
 * The test provider's payment page: what is being paid for, and Pay and Cancel. No script; plain forms. Pay is
 * offered only with the token of the session's own link (`token`), which its form carries.
 */
export function testCheckoutPage(session: CheckoutSession, studioName: string, token: string | null): string {
  const open = session.status === CheckoutStatus.open && session.expiresAt > new Date();
  const id = encodeURIComponent(session.providerSessionId);
  const rows = session.lines
    .map(
      (l) => `<tr><td>${l.quantity} × ${escape(l.description)}</td><td class="amount">${formatMoney(l.unitCents * l.quantity)}</td></tr>`,
    )
    .join('');
  const listed = session.lines.reduce((sum, l) => sum + l.unitCents * l.quantity, 0);
  const discount =
    listed > session.amountCents ? `<tr><td>Discounts</td><td class="amount">${formatMoney(session.amountCents - listed)}</td></tr>` : '';
  const closedText =
    session.status === CheckoutStatus.completed
      ? 'This payment is complete.'
      : session.counterSaleId
        ? 'This payment session has expired. Ask at the front desk.'
        : 'This payment session has expired. Start checkout again from your cart.';
  const state = !open
    ? `<p class="closed">${closedText}</p>`
    : !token
      ? `<p class="closed">${TEST_LINK_MISSING}</p>`
      : `<div class="actions">
         <form method="post" action="/api/stripe/test-checkout/${id}/pay?token=${encodeURIComponent(token)}"><button class="pay" type="submit">Pay ${formatMoney(session.amountCents)}</button></form>
         <form method="post" action="/api/stripe/test-checkout/${id}/cancel"><button class="cancel" type="submit">Cancel</button></form>
       </div>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Test payment — ${escape(studioName)}</title>
<style>
  body { font-family: system-ui, sans-serif; background: #f5f3ff; margin: 0; padding: 24px 16px; color: #1f1633; }
  main { max-width: 440px; margin: 0 auto; background: #fff; border-radius: 16px; padding: 28px 24px; box-shadow: 0 8px 30px rgba(60, 30, 120, .12); }
  h1 { font-size: 1.35rem; margin: 0 0 4px; }
  .note { margin: 0 0 20px; padding: 10px 12px; border-radius: 10px; background: #fef3c7; color: #78350f; font-size: .95rem; }
  table { width: 100%; border-collapse: collapse; margin-bottom: 20px; }
  td { padding: 8px 0; border-bottom: 1px solid #eee; vertical-align: top; }
  .amount { text-align: right; white-space: nowrap; padding-left: 12px; font-variant-numeric: tabular-nums; }
  tfoot td { font-weight: 700; border-bottom: 0; }
  .actions { display: flex; gap: 12px; }
  .actions form { flex: 1; }
  button { width: 100%; padding: 12px; border-radius: 10px; font-size: 1rem; font-weight: 600; cursor: pointer; border: 1px solid #7c3aed; }
  .pay { background: #7c3aed; color: #fff; }
  .cancel { background: #fff; color: #5b21b6; }
</style></head>
<body><main>
  <h1>Test payment — no card is charged</h1>
  <p class="note">${escape(studioName)} has no payment provider connected, so this built-in test checkout stands in for one. Pay completes the order as a real payment would.</p>
  <table><tbody>${rows}${discount}</tbody><tfoot><tr><td>Total</td><td class="amount">${formatMoney(session.amountCents)}</td></tr></tfoot></table>
  ${state}
</main></body></html>`;
}

/** Where the customer's phone lands after paying a front-desk sale from the register's QR code (or cancelling). */
export function frontDeskReturnPage(outcome: 'paid' | 'cancelled', studioName: string): string {
  const [title, text] =
    outcome === 'paid'
      ? ['Payment received — thank you!', 'The front desk has your receipt. You can close this page.']
      : ['Payment cancelled', 'Nothing was charged. Let the front desk know how you would like to pay.'];
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)} — ${escape(studioName)}</title>
<style>
  body { font-family: system-ui, sans-serif; background: #f5f3ff; margin: 0; padding: 24px 16px; color: #1f1633; }
  main { max-width: 440px; margin: 0 auto; background: #fff; border-radius: 16px; padding: 28px 24px; box-shadow: 0 8px 30px rgba(60, 30, 120, .12); }
  h1 { font-size: 1.35rem; margin: 0 0 8px; }
</style></head>
<body><main><h1>${escape(title)}</h1><p>${escape(text)}</p><p>${escape(studioName)}</p></main></body></html>`;
}
