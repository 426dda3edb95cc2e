import { STUDIO_TIME_ZONE } from '../app/studioTime';
import { addDays, parseIsoDate } from './schedule/scheduleDates';

/**
 * Formats the staff and admin pages need beyond the schedule's (components/schedule/scheduleDates.ts and
 * classLabels.ts hold dates, times, levels and money for every class page; this file only adds to them).
 */

/** A time of day as the API takes it: HH:MM, 24-hour. */
export const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Whole days from `from` to `to` (negative when `to` is earlier); NaN when either is not a date. */
export function dayCount(from: string, to: string): number {
  const a = parseIsoDate(from);
  const b = parseIsoDate(to);
  if (!a || !b) return Number.NaN;
  return Math.round((b.getTime() - a.getTime()) / 86_400_000);
}

/** 0 = Sunday … 6 = Saturday, as the API counts weekdays. */
export function weekdayOf(value: string): number {
  return parseIsoDate(value)?.getUTCDay() ?? Number.NaN;
}

/** Every date from `from` to `to` (inclusive) that falls on one of `weekdays` (0 = Sunday). */
export function datesOnWeekdays(from: string, to: string, weekdays: readonly number[]): string[] {
  const span = dayCount(from, to);
  if (!Number.isFinite(span) || span < 0) return [];
  const days = new Set(weekdays);
  const dates: string[] = [];
  for (let i = 0; i <= span; i++) {
    const date = addDays(from, i);
    if (days.has(weekdayOf(date))) dates.push(date);
  }
  return dates;
}

/** Weekdays in the order the studio shows them (Monday first), with the API's numbers. */
export const WEEKDAYS = [
  { value: 1, short: 'Mon', long: 'Monday' },
  { value: 2, short: 'Tue', long: 'Tuesday' },
  { value: 3, short: 'Wed', long: 'Wednesday' },
  { value: 4, short: 'Thu', long: 'Thursday' },
  { value: 5, short: 'Fri', long: 'Friday' },
  { value: 6, short: 'Sat', long: 'Saturday' },
  { value: 0, short: 'Sun', long: 'Sunday' },
] as const;

/** A studio date with its year: 'Jan 7, 2030' ('—' when not a date). */
export function formatDateWithYear(value: string): string {
  const d = parseIsoDate(value);
  return d ? d.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }) : '—';
}

/** A timestamp (check-in time) on the studio's clock: '6:02 PM', or 'Jun 16, 6:02 PM' with the date. */
export function formatTimestamp(value: string | null | undefined, withDate = false): string {
  if (!value) return '';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  const parts: Intl.DateTimeFormatOptions = withDate
    ? { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }
    : { hour: 'numeric', minute: '2-digit' };
  return d.toLocaleString('en-US', { ...parts, timeZone: STUDIO_TIME_ZONE });
}

/** A timestamp's calendar day at the studio: 'Nov 21, 2026'. */
export function formatTimestampDay(value: string | null | undefined): string {
  if (!value) return '';
  const d = new Date(value);
  return Number.isNaN(d.getTime())
    ? ''
    : d.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: STUDIO_TIME_ZONE });
}

/** '1 booking', '2 bookings' (or a given plural). */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** A form inside a Dialog: its content scrolls while the actions stay in view (full-screen dialogs on phones). */
export const dialogFormSx = { display: 'flex', flexDirection: 'column', flex: '1 1 auto', minHeight: 0 } as const;

export function fullName(person: { firstName: string; lastName: string }): string {
  return `${person.firstName} ${person.lastName}`.trim();
}
