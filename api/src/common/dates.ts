import { differenceInYears, isValid, parseISO } from 'date-fns';

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

export function isDateOnly(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && isValid(parseISO(value)) && parseISO(value).toISOString().startsWith(value);
}
