import { TZDate } from '@date-fns/tz';
import { addDays, format, parseISO } from 'date-fns';

/** Converts a wall-clock date and time in the studio's time zone to the instant it denotes. */
export function studioInstant(date: string, time: string, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number);
  const [hh, mm] = time.split(':').map(Number);
  return new Date(new TZDate(y, m - 1, d, hh, mm, timeZone).getTime());
}

/** The studio's wall-clock date (YYYY-MM-DD) and time (HH:MM) of an instant. */
export function studioWallClock(instant: Date, timeZone: string): { date: string; time: string } {
  const z = new TZDate(instant.getTime(), timeZone);
  return { date: format(z, 'yyyy-MM-dd'), time: format(z, 'HH:mm') };
}

/** HH:MM plus minutes, on a 24-hour clock (classes never cross midnight: validated on input). */
export function addMinutesToTime(time: string, minutes: number): string {
  const [hh, mm] = time.split(':').map(Number);
  const total = hh * 60 + mm + minutes;
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}

export function minutesOfDay(time: string): number {
  const [hh, mm] = time.split(':').map(Number);
  return hh * 60 + mm;
}

export function addDaysToDate(date: string, days: number): string {
  return format(addDays(parseISO(date), days), 'yyyy-MM-dd');
}

/** "Tue, Mar 3 at 6:30 PM" in the studio's time zone, for notifications. */
export function describeClassTime(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  })
    .format(instant)
    .replace(/, (\d)/, ' at $1')
    .replace(/^(\w+), /, '$1, ');
}

/** "Dec 2, 2026" for a studio calendar date (YYYY-MM-DD), in receipts, orders and notifications. */
export function describeStudioDate(date: string): string {
  return format(parseISO(date), 'MMM d, yyyy');
}

/** "Dec 2, 2026": the studio's calendar day of an instant. */
export function describeStudioDay(instant: Date, timeZone: string): string {
  return describeStudioDate(studioWallClock(instant, timeZone).date);
}
