/** Calendar dates as the API takes them: YYYY-MM-DD, always a real date (no 2025-02-30). */

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date written YYYY-MM-DD. Read as UTC, so no device or server time zone can shift it. */
export function isDateOnly(value: string): boolean {
  const m = DATE_ONLY.exec(value);
  if (!m) return false;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return date.toISOString().startsWith(value);
}

/** Whole years from a YYYY-MM-DD birthday to a YYYY-MM-DD day (both calendar dates, so no time zone applies). */
export function ageOn(birthday: string, day: string): number {
  const [by, bm, bd] = birthday.split('-').map(Number);
  const [y, m, d] = day.split('-').map(Number);
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

/** Whole days from `from` to `to` (negative when `to` is earlier); NaN when either is not a date. */
export function daysFrom(from: string, to: string): number {
  if (!isDateOnly(from) || !isDateOnly(to)) return Number.NaN;
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}
