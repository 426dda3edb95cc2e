import { isDateOnly } from '../../common/dates.js';

export enum DashboardPeriod {
  this_week = 'this_week',
  last_4_weeks = 'last_4_weeks',
  this_quarter = 'this_quarter',
  custom = 'custom',
}

/** The longest custom range the dashboard answers (a year and a day, so a leap year fits). */
export const MAX_RANGE_DAYS = 366;

/** Calendar dates (YYYY-MM-DD, both ends included) in the studio's time zone: the period and the one it is compared with. */
export interface DashboardRange {
  from: string;
  to: string;
  previousFrom: string;
  previousTo: string;
}

// Calendar dates are handled as UTC midnights in plain arithmetic (date-fns works in the server's zone, where a
// daylight-saving change would move a midnight to the day before).
const DAY_MS = 86_400_000;
const day = (date: string) => new Date(`${date}T00:00:00Z`);
const iso = (date: Date) => date.toISOString().slice(0, 10);
const addDays = (date: Date, days: number) => new Date(date.getTime() + days * DAY_MS);
const daysBetween = (from: Date, to: Date) => Math.round((to.getTime() - from.getTime()) / DAY_MS);
/** The first day of the quarter `offset` quarters after the one `date` is in. */
const quarterStart = (date: Date, offset = 0) =>
  new Date(Date.UTC(date.getUTCFullYear(), Math.floor(date.getUTCMonth() / 3) * 3 + offset * 3, 1));

/**
 * The dates a period covers, given today's date in the studio's zone: this week is Monday to Sunday; the last 4 weeks
 * are the 28 days ending today; this quarter is the calendar quarter. Each is compared with the period just before it
 * (last week, the 28 days before, the previous quarter); a custom range with as many days just before it.
 * Returns a refusal's message for a custom range that is not one.
 */
export function resolveRange(
  period: DashboardPeriod,
  today: string,
  custom: { from?: string | null; to?: string | null },
): DashboardRange | string {
  const now = day(today);
  switch (period) {
    case DashboardPeriod.this_week: {
      const monday = addDays(now, -((now.getUTCDay() + 6) % 7));
      return span(monday, addDays(monday, 6));
    }
    case DashboardPeriod.last_4_weeks:
      return span(addDays(now, -27), now);
    case DashboardPeriod.this_quarter: {
      const first = quarterStart(now);
      return {
        from: iso(first),
        to: iso(addDays(quarterStart(now, 1), -1)),
        previousFrom: iso(quarterStart(now, -1)),
        previousTo: iso(addDays(first, -1)),
      };
    }
    case DashboardPeriod.custom: {
      const { from, to } = custom;
      if (!from || !to || !isDateOnly(from) || !isDateOnly(to)) return 'Choose a start and an end date (YYYY-MM-DD).';
      if (from > to) return 'The start date must not be after the end date.';
      if (daysBetween(day(from), day(to)) + 1 > MAX_RANGE_DAYS) return `Choose at most ${MAX_RANGE_DAYS} days.`;
      return span(day(from), day(to));
    }
  }
}

function span(from: Date, to: Date): DashboardRange {
  const days = daysBetween(from, to) + 1;
  return { from: iso(from), to: iso(to), previousFrom: iso(addDays(from, -days)), previousTo: iso(addDays(from, -1)) };
}
