import { TEST_LINK_MISSING } from '../payments/test-checkout.page.js';
import { formatMoney } from '@studio/rules';
import { MembershipCheckoutStatus, type MembershipCheckout } from './membership.entity.js';

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The test provider's page for subscribing to a plan: the plan, its price and sign-up fee, Pay and Cancel. No script.
 * Pay is offered only with the token of the checkout's own link (`token`), which its form carries.
 */
export function testSubscribePage(checkout: MembershipCheckout, studioName: string, token: string | null): string {
  const plan = checkout.plan;
  const id = encodeURIComponent(checkout.providerSessionId);
  const first = plan.priceCents + plan.signUpFeeCents;
  const state =
    checkout.status !== MembershipCheckoutStatus.open
      ? `<p class="closed">This subscription is complete.</p>`
      : !token
        ? `<p class="closed">${TEST_LINK_MISSING}</p>`
        : `<div class="actions">
         <form method="post" action="/api/stripe/test-subscribe/${id}/pay?token=${encodeURIComponent(token)}"><button class="pay" type="submit">Subscribe and pay ${formatMoney(first)}</button></form>
         <form method="get" action="/memberships"><button class="cancel" type="submit">Cancel</button></form>
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
  .actions { display: flex; gap: 12px; }
  .actions form { flex: 1; }
  button { width: 100%; padding: 12px; border-radius: 10px; font-size: 1rem; font-weight: 600; cursor: pointer; border: 1px solid #7c3aed; }
  .pay { background: #7c3aed; color: #fff; }
  .cancel { background: #fff; color: #5b21b6; }
</style></head>
<body><main>
  <h1>Test payment — no card is charged</h1>
  <p class="note">${escape(studioName)} has no payment provider connected, so this built-in test checkout stands in for one. Subscribing makes the membership as a real payment would.</p>
  <table><tbody>
    <tr><td>${escape(plan.name)} membership, every ${plan.interval}</td><td class="amount">${formatMoney(plan.priceCents)}</td></tr>
    ${plan.signUpFeeCents > 0 ? `<tr><td>Sign-up fee (once)</td><td class="amount">${formatMoney(plan.signUpFeeCents)}</td></tr>` : ''}
  </tbody></table>
  ${state}
</main></body></html>`;
}
