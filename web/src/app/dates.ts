import { TZDate, tz } from '@date-fns/tz';
import { addDays as addCalendarDays, addMonths as addCalendarMonths, differenceInCalendarDays, format, getDay } from 'date-fns';

/**
 * The web's one date module (date-fns with @date-fns/tz). Two kinds of value:
 * - a studio date (YYYY-MM-DD) or time (HH:MM), as the API sends class dates and times: already the studio's wall
 *   clock, so they are shown as given. Calendar arithmetic runs on them as UTC days, which no zone can shift.
 * - an instant (an ISO timestamp such as a check-in time, or "now"): shown on the studio's clock, in the zone the
 *   served page names (`<meta name="studio-time-zone">`), never the device's. Without the tag (Vite dev, Jest) the
 *   device's zone is used.
 */

/** The studio's IANA time zone, read once from the page the API serves. */
export const STUDIO_TIME_ZONE: string | undefined = readStudioTimeZone();

function readStudioTimeZone(): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const zone = document.querySelector('meta[name="studio-time-zone"]')?.getAttribute('content');
  if (!zone) return undefined;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone;
  } catch {
    return undefined;
  }
}

/** An instant as the studio's clock shows it. */
function onStudioClock(instant: Date | number | string): Date {
  const time = new Date(instant).getTime();
  return STUDIO_TIME_ZONE ? new TZDate(time, STUDIO_TIME_ZONE) : new Date(time);
}

// ── studio dates ────────────────────────────────────────────────────────────────────────────────────────

export type ScheduleView = 'week' | 'month';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const HH_MM = /^(\d{1,2}):(\d{2})/;
const utc = tz('UTC');

/** The calendar day of a YYYY-MM-DD string (a UTC midnight), or null when it is not a real date (no 2025-02-30). */
export function parseIsoDate(value: string | null | undefined): Date | null {
  const m = ISO_DATE.exec(value ?? '');
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new TZDate(y, mo - 1, d, 'UTC');
  return date.getFullYear() === y && date.getMonth() === mo - 1 && date.getDate() === d ? date : null;
}

export function isIsoDate(value: string | null | undefined): value is string {
  return parseIsoDate(value) !== null;
}

/** A calendar day (as parseIsoDate gives it) as YYYY-MM-DD. */
export function toIsoDate(date: Date): string {
  return format(date, 'yyyy-MM-dd', { in: utc });
}

/** Today as YYYY-MM-DD on the studio's calendar. */
export function todayIso(now: Date | number = new Date()): string {
  return format(onStudioClock(now), 'yyyy-MM-dd');
}

const day = (iso: string) => parseIsoDate(iso) ?? new TZDate(0, 'UTC');

export function addDays(iso: string, days: number): string {
  return toIsoDate(addCalendarDays(day(iso), days, { in: utc }));
}

/** The first day of the month `months` after (or before) the month of `iso`. */
export function addMonths(iso: string, months: number): string {
  return `${toIsoDate(addCalendarMonths(day(`${iso.slice(0, 7)}-01`), months, { in: utc })).slice(0, 7)}-01`;
}

/** Whole days from `from` to `to` (negative when `to` is earlier); NaN when either is not a date. */
export function dayCount(from: string, to: string): number {
  const a = parseIsoDate(from);
  const b = parseIsoDate(to);
  return a && b ? differenceInCalendarDays(b, a, { in: utc }) : Number.NaN;
}

/** 0 = Sunday … 6 = Saturday, as the API counts weekdays. */
export function weekdayOf(value: string): number {
  const date = parseIsoDate(value);
  return date ? getDay(date, { in: utc }) : Number.NaN;
}

/** 0 = Monday … 6 = Sunday (the studio's weeks start on Monday). */
export function weekdayIndex(iso: string): number {
  return (getDay(day(iso), { in: utc }) + 6) % 7;
}

export function startOfWeek(iso: string): string {
  return addDays(iso, -weekdayIndex(iso));
}

export function startOfMonth(iso: string): string {
  return `${iso.slice(0, 7)}-01`;
}

export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) days.push(d);
  return days;
}

/** Every date from `from` to `to` (inclusive) that falls on one of `weekdays` (0 = Sunday). */
export function datesOnWeekdays(from: string, to: string, weekdays: readonly number[]): string[] {
  const span = dayCount(from, to);
  if (!Number.isFinite(span) || span < 0) return [];
  const wanted = new Set(weekdays);
  return daysBetween(from, to).filter((d) => wanted.has(weekdayOf(d)));
}

/**
 * The dates a view shows from `anchor`: seven days starting on it (a rolling week: opened on today it starts today, so
 * no finished days lead the view), or the whole Monday–Sunday weeks covering the anchor's month (at most 42 days).
 */
export function visibleRange(view: ScheduleView, anchor: string): { from: string; to: string } {
  if (view === 'week') return { from: anchor, to: addDays(anchor, 6) };
  const first = startOfMonth(anchor);
  const last = addDays(addMonths(first, 1), -1);
  return { from: startOfWeek(first), to: addDays(startOfWeek(last), 6) };
}

/** Moves the anchor one view forward (+1) or back (-1). */
export function shiftAnchor(view: ScheduleView, anchor: string, step: number): string {
  return view === 'week' ? addDays(anchor, 7 * step) : addMonths(anchor, step);
}

/** A studio date in a date-fns pattern; the value as given when it is not a date. */
function formatStudioDate(iso: string, pattern: string): string {
  const date = parseIsoDate(iso);
  return date ? format(date, pattern, { in: utc }) : iso;
}

/** "Mon, Mar 3" */
export function formatDay(iso: string): string {
  return formatStudioDate(iso, 'EEE, MMM d');
}

/** "Monday, March 3" */
export function formatLongDay(iso: string): string {
  return formatStudioDate(iso, 'EEEE, MMMM d');
}

/** "Mon" */
export function formatWeekdayShort(iso: string): string {
  return formatStudioDate(iso, 'EEE');
}

/** "Mar 3" */
export function formatMonthDay(iso: string): string {
  return formatStudioDate(iso, 'MMM d');
}

/** "Mar" */
export function formatMonthShort(iso: string): string {
  return formatStudioDate(iso, 'MMM');
}

/** "Mon, Mar 3, 2025" */
export function formatDayWithYear(iso: string): string {
  return formatStudioDate(iso, 'EEE, MMM d, yyyy');
}

/** "Jan 7, 2030" ('—' when not a date). */
export function formatDateWithYear(iso: string): string {
  return isIsoDate(iso) ? formatStudioDate(iso, 'MMM d, yyyy') : '—';
}

/** "May 1, 2025" */
export function formatLongDate(iso: string): string {
  return formatStudioDate(iso, 'MMMM d, yyyy');
}

/** The heading of a view: "Mar 3 – 9, 2025", "Mar 31 – Apr 6, 2025", "Dec 29, 2025 – Jan 4, 2026" or "March 2025". */
export function formatRangeLabel(view: ScheduleView, anchor: string): string {
  if (view === 'month') return formatStudioDate(startOfMonth(anchor), 'MMMM yyyy');
  const { from, to } = visibleRange('week', anchor);
  const dayOf = (iso: string) => Number(iso.slice(8, 10));
  const [fy, ty] = [from.slice(0, 4), to.slice(0, 4)];
  if (fy !== ty) return `${formatMonthShort(from)} ${dayOf(from)}, ${fy} – ${formatMonthShort(to)} ${dayOf(to)}, ${ty}`;
  if (from.slice(0, 7) === to.slice(0, 7)) return `${formatMonthShort(from)} ${dayOf(from)} – ${dayOf(to)}, ${ty}`;
  return `${formatMonthShort(from)} ${dayOf(from)} – ${formatMonthShort(to)} ${dayOf(to)}, ${ty}`;
}

/** "Today", "Tomorrow" for dates near today (else null). */
export function relativeDay(iso: string, today = todayIso()): string | null {
  const diff = dayCount(today, iso);
  if (diff === 0) return 'Today';
  if (diff === 1) return 'Tomorrow';
  return null;
}

// ── studio times of day ─────────────────────────────────────────────────────────────────────────────────

/** "18:30" → "6:30 PM" (a wall-clock time: no time-zone conversion). */
export function formatTime(hhmm: string | null | undefined): string {
  const m = HH_MM.exec(hhmm ?? '');
  if (!m) return hhmm ?? '';
  const h = Number(m[1]);
  const suffix = h < 12 ? 'AM' : 'PM';
  const h12 = h % 12 === 0 ? 12 : h % 12;
  return `${h12}:${m[2]} ${suffix}`;
}

/** "18:00"–"19:15" → "6:00 – 7:15 PM"; across noon: "11:30 AM – 12:15 PM". */
export function formatTimeRange(start: string, end: string): string {
  const a = formatTime(start);
  const b = formatTime(end);
  if (a.slice(-2) === b.slice(-2)) return `${a.slice(0, -3)} – ${b}`;
  return `${a} – ${b}`;
}

// ── instants on the studio's clock ──────────────────────────────────────────────────────────────────────

/** An instant in a date-fns pattern on the studio's clock; '' when it is not a time. */
function formatInstant(value: Date | number | string | null | undefined, pattern: string): string {
  if (value === null || value === undefined || value === '') return '';
  const time = new Date(value).getTime();
  return Number.isNaN(time) ? '' : format(onStudioClock(time), pattern);
}

/** A timestamp (check-in time) on the studio's clock: '6:02 PM', or 'Jun 16, 6:02 PM' with the date. */
export function formatTimestamp(value: string | null | undefined, withDate = false): string {
  return formatInstant(value, withDate ? 'MMM d, h:mm a' : 'h:mm a');
}

/** A timestamp with its weekday on the studio's clock: 'Tue, Nov 24, 6:00 AM' (a cancellation cutoff). */
export function formatTimestampWithWeekday(value: string | null | undefined): string {
  return formatInstant(value, 'EEE, MMM d, h:mm a');
}

/** A timestamp's calendar day at the studio: 'Nov 21, 2026'. */
export function formatTimestampDay(value: string | null | undefined): string {
  return formatInstant(value, 'MMM d, yyyy');
}

/** A timestamp's day at the studio, short: 'Tue, Nov 24'. */
export function formatTimestampShortDay(value: Date | number | string): string {
  return formatInstant(value, 'EEE, MMM d');
}

/** The studio's clock now: '6:02 PM' and 'Tuesday, November 24'. */
export function studioClock(now: Date | number): { time: string; day: string } {
  return { time: formatInstant(now, 'h:mm a'), day: formatInstant(now, 'EEEE, MMMM d') };
}

/** 'Good morning' before noon, 'Good afternoon' until 6 PM, then 'Good evening', on the studio's clock. */
export function greetingAt(now: Date | number): string {
  const hour = onStudioClock(now).getHours();
  return hour < 12 ? 'Good morning' : hour < 18 ? 'Good afternoon' : 'Good evening';
}

/**
 * When something happened, as a notification says it: 'Just now', '5 min ago', '3 h ago', then the day on the
 * studio's clock: 'Yesterday, 6:02 PM', 'Nov 21, 6:02 PM' (with the year when it is another year).
 */
export function formatTimeAgo(value: string | Date, now: Date | number = Date.now()): string {
  const time = new Date(value).getTime();
  if (Number.isNaN(time)) return '';
  const minutes = Math.floor((new Date(now).getTime() - time) / 60_000);
  if (minutes < 1) return 'Just now';
  if (minutes < 60) return `${minutes} min ago`;
  if (minutes < 12 * 60) return `${Math.floor(minutes / 60)} h ago`;
  const day = formatInstant(time, 'yyyy-MM-dd');
  const today = formatInstant(now, 'yyyy-MM-dd');
  if (day === today) return `Today, ${formatInstant(time, 'h:mm a')}`;
  if (dayCount(day, today) === 1) return `Yesterday, ${formatInstant(time, 'h:mm a')}`;
  return formatInstant(time, day.slice(0, 4) === today.slice(0, 4) ? 'MMM d, h:mm a' : 'MMM d, yyyy');
}

/** The instant a studio date (YYYY-MM-DD) begins on the studio's clock, as an ISO timestamp (a pause's start or end). */
export function studioDayStart(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number);
  return (STUDIO_TIME_ZONE ? new TZDate(y, m - 1, d, STUDIO_TIME_ZONE) : new Date(y, m - 1, d)).toISOString();
}
