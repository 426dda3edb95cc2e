import { studioColors } from '../../app/theme';

/** Words and colours every class shows, the same on the calendar, /classes, the dashboard and the kiosk. */

export const LEVELS = [1, 2, 3, 4, 5] as const;

/** Level 1 is "Intro". */
export function levelLabel(level: number): string {
  return level <= 1 ? 'Intro' : `Level ${level}`;
}

export type SpotsTone = 'open' | 'few' | 'full' | 'cancelled' | 'past';

export interface SpotsInfo {
  label: string;
  tone: SpotsTone;
}

/**
 * "5 spots left", "1 spot left", "Full", "Full · 3 waiting" or "Cancelled"; a class that has begun says "Started",
 * one that is over "Ended" (no spot counts: neither can be booked).
 */
export function spotsInfo(
  c: { spotsLeft: number; waitlistLength: number; status: string; startsAt?: string; endsAt?: string },
  now = Date.now(),
): SpotsInfo {
  if (c.status === 'cancelled') return { label: 'Cancelled', tone: 'cancelled' };
  if (c.endsAt && Date.parse(c.endsAt) <= now) return { label: 'Ended', tone: 'past' };
  if (c.startsAt && Date.parse(c.startsAt) <= now) return { label: 'Started', tone: 'past' };
  if (c.spotsLeft <= 0) return { label: c.waitlistLength > 0 ? `Full · ${c.waitlistLength} waiting` : 'Full', tone: 'full' };
  return { label: `${c.spotsLeft} ${c.spotsLeft === 1 ? 'spot' : 'spots'} left`, tone: c.spotsLeft <= 2 ? 'few' : 'open' };
}

/** Readable text colours (on white) and soft backgrounds for the spots badge. */
export const spotsColors: Record<SpotsTone, { fg: string; bg: string }> = {
  open: { fg: studioColors.tone.open.ink, bg: studioColors.tone.open.tint },
  few: { fg: studioColors.tone.few.ink, bg: studioColors.tone.few.tint },
  full: { fg: studioColors.tone.full.ink, bg: studioColors.tone.full.tint },
  cancelled: { fg: studioColors.tone.cancelled.ink, bg: studioColors.tone.cancelled.tint },
  past: { fg: studioColors.tone.cancelled.ink, bg: studioColors.tone.cancelled.tint },
};

/** A calm accent per apparatus (by name, falling back to a stable pick), used as the card's edge and dot. */
export function apparatusColor(name: string): string {
  const key = name.trim().toLowerCase();
  if (studioColors.apparatus[key]) return studioColors.apparatus[key];
  let hash = 0;
  for (const ch of key) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return studioColors.apparatusFallback[hash % studioColors.apparatusFallback.length];
}

/** The apparatus colour darkened for small text on a tint of itself (readable at 4.5:1 and more). */
export function apparatusInk(name: string): string {
  const hex = apparatusColor(name).slice(1);
  const [r, g, b] = [0, 2, 4].map((i) => Math.round(parseInt(hex.slice(i, i + 2), 16) * 0.7));
  return `#${[r, g, b].map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}
