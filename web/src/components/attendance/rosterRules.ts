import type { BookingSource } from '../../graphql/types';
import type { RosterBookingFragment } from './attendance.generated';

/** The API accepts attendance marks from 30 minutes before a class starts (and after it, as corrections). */
export const MARKING_OPENS_BEFORE_MS = 30 * 60_000;

export function canMarkAttendance(startsAt: string, now = Date.now()): boolean {
  const start = Date.parse(startsAt);
  return Number.isFinite(start) && now >= start - MARKING_OPENS_BEFORE_MS;
}

export function hasEnded(endsAt: string, now = Date.now()): boolean {
  const end = Date.parse(endsAt);
  return Number.isFinite(end) && now >= end;
}

/** 'HH:MM' thirty minutes before a start time, for the "marks open at" hint. */
export function markingOpensAt(startTime: string): string {
  const [h, m] = startTime.split(':').map(Number);
  const minutes = (h * 60 + m - 30 + 24 * 60) % (24 * 60);
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

type Mark = Pick<RosterBookingFragment, 'status' | 'checkedInAt' | 'lateCancel'>;

/** Present (checked in), absent (no-show), or not marked yet. */
export function presenceOf(b: Mark): 'present' | 'absent' | null {
  if (b.checkedInAt) return 'present';
  if (b.status === 'no_show') return 'absent';
  return null;
}

/** Only confirmed places (or no-shows being corrected) take marks; held spots and cancellations do not. */
export function isMarkable(b: Mark): boolean {
  return b.status === 'confirmed' || b.status === 'no_show';
}

export interface RosterSummary {
  /** Places taken now (held or confirmed). */
  booked: number;
  checkedIn: number;
  noShows: number;
  lateCancels: number;
  notMarked: number;
}

export function summarizeRoster(bookings: readonly Mark[]): RosterSummary {
  const s: RosterSummary = { booked: 0, checkedIn: 0, noShows: 0, lateCancels: 0, notMarked: 0 };
  for (const b of bookings) {
    if (b.status === 'confirmed' || b.status === 'held') s.booked++;
    if (b.checkedInAt) s.checkedIn++;
    else if (b.status === 'no_show') s.noShows++;
    else if (b.status === 'cancelled' && b.lateCancel) s.lateCancels++;
    else if (b.status === 'confirmed') s.notMarked++;
  }
  return s;
}

export type ChipColor = 'default' | 'success' | 'error' | 'warning' | 'info' | 'primary';

/** The API's attendance words (checked in, no-show, late cancellation, held, booked, cancelled) as chips. */
export function attendanceChip(attendance: string): { label: string; color: ChipColor } {
  switch (attendance) {
    case 'checked in':
      return { label: 'Checked in', color: 'success' };
    case 'no-show':
      return { label: 'No-show', color: 'error' };
    case 'late cancellation':
      return { label: 'Late cancellation', color: 'warning' };
    case 'cancelled':
      return { label: 'Cancelled', color: 'default' };
    case 'held':
      return { label: 'Held in cart', color: 'info' };
    default:
      return { label: 'Booked', color: 'primary' };
  }
}

export const SOURCE_LABELS: Record<BookingSource, string> = {
  member: 'Booked online',
  staff: 'Booked by staff',
  walk_in: 'Walk-in',
  waitlist: 'From waitlist',
};

export const FULL_FOR_STAFF = 'This class is full. Only an admin can book someone over capacity.';
