/**
 * Money is integer cents everywhere (database, GraphQL, forms once parsed). These are the only places cents turn
 * into text and typed text turns back into cents, for the API's messages, receipts and exports and the web alike.
 */

const USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Cents shown to a person: "$12.34", "$1,490.00", "-$5.00" (a missing amount shows as "$0.00"). */
export function formatMoney(cents: number | null | undefined): string {
  const value = Number.isFinite(cents) ? (cents as number) : 0;
  return USD.format(value / 100);
}

/** Cents as a plain decimal amount of dollars, "12.34" or "-5.00": what a money field is filled with, or a CSV cell. */
export function dollarText(cents: number): string {
  const whole = Math.round(Math.abs(cents));
  return `${cents < 0 && whole > 0 ? '-' : ''}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, '0')}`;
}

/** Cents as a number of dollars (12.34), for the REST facade's numeric prices. */
export function dollarAmount(cents: number): number {
  return Math.round(cents) / 100;
}

/**
 * Dollars as typed ("28", "28.5", "$28.50", and with `negative` also "-10" or "-$10") → cents; null for anything
 * else (no thousands separators, at most two decimals, nothing around the amount but white space).
 */
export function parseDollars(text: string, { negative = false } = {}): number | null {
  const match = /^(-?)(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text.trim().replace(/^(-?)\$/, '$1'));
  if (!match || (match[1] && !negative)) return null;
  const cents = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  return match[1] && cents > 0 ? -cents : cents;
}
