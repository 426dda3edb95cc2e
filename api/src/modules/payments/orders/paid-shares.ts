/** An order line's price, as paidShares reads it. */
interface PricedLine {
  id: string;
  unitCents: number;
  quantity: number;
}

/**
 * What each line of an order was paid: the order's total (less than its lines' prices after a front-desk discount)
 * shared in proportion to the prices, in whole cents: each line its floor, the cents left over one each to the
 * largest remainders (ties to the earlier line), so the shares add up to the total exactly.
 */
export function paidShares(lines: PricedLine[], totalCents: number): Map<string, number> {
  const prices = lines.map((l) => l.unitCents * l.quantity);
  const sum = prices.reduce((a, b) => a + b, 0);
  if (sum === totalCents || sum === 0) return new Map(lines.map((l, i) => [l.id, sum === 0 ? 0 : prices[i]]));
  // Cents of a studio's order stay far below 2^53 even multiplied together (a $100,000 order: 10^14).
  const floors = prices.map((p) => Math.floor((p * totalCents) / sum));
  let leftOver = totalCents - floors.reduce((a, b) => a + b, 0);
  const byRemainder = prices
    .map((p, i) => ({ i, remainder: (p * totalCents) % sum }))
    .sort((a, b) => b.remainder - a.remainder || a.i - b.i);
  for (const { i } of byRemainder) {
    if (leftOver <= 0) break;
    floors[i] += 1;
    leftOver -= 1;
  }
  return new Map(lines.map((l, i) => [l.id, floors[i]]));
}

interface RefundableOrder {
  totalCents: number;
  refundedCents: number;
  lines: (PricedLine & { refundedCents: number })[];
}

/**
 * What refunding these lines of an order gives back: each line its paid share (less the part of it refunded), never
 * more than is left of the payment; when they are all the lines not yet refunded, exactly what is left of it.
 */
export function refundableCents(order: RefundableOrder, lineIds: Set<string>): number {
  const left = order.totalCents - order.refundedCents;
  const open = order.lines.filter((l) => l.refundedCents < l.unitCents * l.quantity);
  const chosen = open.filter((l) => lineIds.has(l.id));
  if (chosen.length === 0 || left <= 0) return 0;
  if (chosen.length === open.length) return left;
  const shares = paidShares(order.lines, order.totalCents);
  const cents = chosen.reduce((sum, l) => {
    const price = l.unitCents * l.quantity;
    return sum + Math.floor(((shares.get(l.id) ?? 0) * (price - l.refundedCents)) / price);
  }, 0);
  return Math.min(left, cents);
}
