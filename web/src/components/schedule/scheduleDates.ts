import { STUDIO_TIME_ZONE } from '../../app/studioTime';

/**
 * Calendar arithmetic on the studio's own dates. A class's `date` (YYYY-MM-DD) and `startTime` (HH:MM) are already
 * in the studio's time zone, so they are shown as given: every Date here is a UTC midnight used only as a calendar
 * day, and every format call pins `timeZone: 'UTC'` so nothing shifts with the browser's zone.
 */

export type ScheduleView = 'week' | 'month';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const HH_MM = /^(\d{1,2}):(\d{2})/;
const DAY_MS = 86_400_000;

/** The calendar day of a YYYY-MM-DD string as a UTC midnight, or null when it is not a real date. */
export function parseIsoDate(value: string | null | undefined): Date | null {
  const m = ISO_DATE.exec(value ?? '');
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  // Reject 2025-02-30 and friends instead of rolling them over.
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  return date;
}

export function isIsoDate(value: string | null | undefined): value is string {
  return parseIsoDate(value) !== null;
}

export function toIsoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

// en-CA writes dates as YYYY-MM-DD.
const studioDay = new Intl.DateTimeFormat('en-CA', { timeZone: STUDIO_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** Today as YYYY-MM-DD on the studio's calendar (see app/studioTime.ts). */
export function todayIso(now = new Date()): string {
  return studioDay.format(now);
}

export function addDays(iso: string, days: number): string {
  const date = parseIsoDate(iso) ?? new Date(0);
  return toIsoDate(new Date(date.getTime() + days * DAY_MS));
}

export function addMonths(iso: string, months: number): string {
  const date = parseIsoDate(iso) ?? new Date(0);
  const first = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1));
  return toIsoDate(first);
}

/** 0 = Monday … 6 = Sunday (the studio's weeks start on Monday). */
export function weekdayIndex(iso: string): number {
  const date = parseIsoDate(iso) ?? new Date(0);
  return (date.getUTCDay() + 6) % 7;
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

/** The dates a view shows around `anchor`: one week, or the whole weeks covering the month (at most 42 days). */
export function visibleRange(view: ScheduleView, anchor: string): { from: string; to: string } {
  if (view === 'week') {
    const from = startOfWeek(anchor);
    return { from, to: addDays(from, 6) };
  }
  const first = startOfMonth(anchor);
  const last = addDays(addMonths(first, 1), -1);
  return { from: startOfWeek(first), to: addDays(startOfWeek(last), 6) };
}

/** Moves the anchor one view forward (+1) or back (-1). */
export function shiftAnchor(view: ScheduleView, anchor: string, step: number): string {
  return view === 'week' ? addDays(startOfWeek(anchor), 7 * step) : addMonths(anchor, step);
}

function fmt(iso: string, options: Intl.DateTimeFormatOptions): string {
  const date = parseIsoDate(iso);
  if (!date) return iso;
  return new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' }).format(date);
}

/** "Mon, Mar 3" */
export function formatDay(iso: string): string {
  return fmt(iso, { weekday: 'short', month: 'short', day: 'numeric' });
}

/** "Monday, March 3" */
export function formatLongDay(iso: string): string {
  return fmt(iso, { weekday: 'long', month: 'long', day: 'numeric' });
}

export function formatWeekdayShort(iso: string): string {
  return fmt(iso, { weekday: 'short' });
}

/** The heading of a view: "Mar 3 – 9, 2025", "Mar 31 – Apr 6, 2025", "Dec 29, 2025 – Jan 4, 2026" or "March 2025". */
export function formatRangeLabel(view: ScheduleView, anchor: string): string {
  if (view === 'month') return fmt(startOfMonth(anchor), { month: 'long', year: 'numeric' });
  const { from, to } = visibleRange('week', anchor);
  const month = (iso: string) => fmt(iso, { month: 'short' });
  const day = (iso: string) => Number(iso.slice(8, 10));
  const [fy, ty] = [from.slice(0, 4), to.slice(0, 4)];
  if (fy !== ty) return `${month(from)} ${day(from)}, ${fy} – ${month(to)} ${day(to)}, ${ty}`;
  if (from.slice(0, 7) === to.slice(0, 7)) return `${month(from)} ${day(from)} – ${day(to)}, ${ty}`;
  return `${month(from)} ${day(from)} – ${month(to)} ${day(to)}, ${ty}`;
}

/** "18:30" → "6:30 PM" (no time-zone conversion). */
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

/** "in 3 days", "tomorrow", "today" for dates near today (else null). */
export function relativeDay(iso: string, today = todayIso()): string | null {
  const a = parseIsoDate(iso);
  const b = parseIsoDate(today);
  if (!a || !b) return null;
  const diff = Math.round((a.getTime() - b.getTime()) / DAY_MS);
  if (diff === 0) return 'Today';
  if (diff === 1) return 'Tomorrow';
  return null;
}
