import { formatDayWithYear, formatTime, formatTimeRange, parseIsoDate, toIsoDate } from '../app/dates';

/**
 * The date line of a cart item: 'Date TBD' without a date, 'Invalid Date' when it is not a date, and
 * 'Date Error' when formatting fails. Class dates are shown as given, in the studio's time zone.
 */
export function formatCartDate(date: string | null | undefined, startTime?: string | null, endTime?: string | null): string {
  if (!date || !date.trim()) return 'Date TBD';
  const day = parseIsoDate(date.trim().slice(0, 10));
  if (!day) return 'Invalid Date';
  try {
    const label = formatDayWithYear(toIsoDate(day));
    if (!startTime) return label;
    return `${label} · ${endTime ? formatTimeRange(startTime, endTime) : formatTime(startTime)}`;
  } catch {
    return 'Date Error';
  }
}

export interface ProductLine {
  /** Price in cents */
  priceCents: number;
  quantity: number;
}

/** The cart total: the class totals plus the sum of product price times quantity (products arrive with the shop). */
export function cartTotalCents(classTotalCents: number, products: readonly ProductLine[] = []): number {
  return classTotalCents + products.reduce((sum, p) => sum + p.priceCents * p.quantity, 0);
}
