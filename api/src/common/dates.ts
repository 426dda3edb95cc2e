import { differenceInYears, parseISO } from 'date-fns';

export const ADULT_AGE = 18;

/** Today's calendar date (YYYY-MM-DD) in the studio's time zone. */
export function todayIn(timeZone: string, now = new Date()): string {
  // en-CA formats as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** Whole years between a YYYY-MM-DD birthday and a YYYY-MM-DD date. */
export function ageOn(birthday: string, onDate: string): number {
  return differenceInYears(parseISO(onDate), parseISO(birthday));
}

/**
 * Four-digit years from 1000: PostgreSQL has no year 0, and nothing the studio records is older. Rules that need a
 * tighter range (no future birthdays, ages up to 120) say so with their own messages.
 */
export const DATE_RANGE = { from: '1000-01-01', to: '9999-12-31' } as const;

/**
 * A real calendar date written YYYY-MM-DD (no 2025-02-30) within DATE_RANGE. Read as UTC, so the server's time
 * zone cannot shift it.
 */
export function isDateOnly(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || value < DATE_RANGE.from || value > DATE_RANGE.to) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}
