import { z } from 'zod';
import { daysFrom } from './dates';
import { dateOnly, recordChoice, requiredText, wholeNumber } from './text';

/** A time of day as the API takes it: HH:MM, 24-hour. */
export const TIME_OF_DAY_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
/** A series covers at most one year. */
export const MAX_SERIES_DAYS = 366;
export const MAX_RIG_POINTS = 40;

export const timeOfDay = z.string().regex(TIME_OF_DAY_PATTERN, 'Use a time like 18:30.');
export const capacity = wholeNumber(1, 200);
export const classNotes = z.string().max(2000, 'At most 2,000 characters.');

// Class types
export const classTypeName = requiredText('Give the class type a name.', 100, 'At most 100 characters.');
export const classTypeDescription = z.string().max(4000, 'At most 4,000 characters.');
export const { chosen: apparatusChoice, id: apparatusId } = recordChoice('Choose an apparatus.');
export const level = wholeNumber(1, 5);
/** The ages a class type is for (either end optional), in whole years on the class's date. */
export const classAge = wholeNumber(0, 99, ' years');
/** The age range's two ends together: the youngest not above the oldest. */
export function ageRangeProblem(minAge: number | null | undefined, maxAge: number | null | undefined): string | null {
  return minAge != null && maxAge != null && minAge > maxAge ? 'The youngest age must not be above the oldest.' : null;
}
/** "Ages 8–12", "Ages 16 and up", "Ages 12 and under", or null for everyone. */
export function ageRangeLabel(minAge: number | null | undefined, maxAge: number | null | undefined): string | null {
  if (minAge != null && maxAge != null) return minAge === maxAge ? `Age ${minAge}` : `Ages ${minAge}–${maxAge}`;
  if (minAge != null) return `Ages ${minAge} and up`;
  if (maxAge != null) return `Ages ${maxAge} and under`;
  return null;
}
export const durationMinutes = wholeNumber(15, 300, ' minutes');
export const dropInPriceCents = z
  .number()
  .int('Enter an amount like 28 or 28.50 (0 for free).')
  .min(0, 'Enter an amount like 28 or 28.50 (0 for free).')
  .max(1_000_000, 'At most $10,000.');

// Series and single classes
export const { chosen: classTypeChoice, id: classTypeId } = recordChoice('Choose a class type.');
const weekday = z.number().int().min(0, 'Weekdays are 0 (Sunday) to 6 (Saturday).').max(6, 'Weekdays are 0 (Sunday) to 6 (Saturday).');
export const weekdays = z.array(weekday).min(1, 'Pick at least one weekday.').max(7, 'Weekdays are 0 (Sunday) to 6 (Saturday).');

/** The last date of a series against its first: on or after it, within a year. */
export function seriesSpanProblem(startDate: string, endDate: string): string | null {
  const span = daysFrom(startDate, endDate);
  if (span < 0) return 'Must be on or after the first date.';
  if (span > MAX_SERIES_DAYS) return 'At most one year after the first date.';
  return null;
}

// Apparatus
export const apparatusName = requiredText('Give the apparatus a name.', 50, 'At most 50 characters.');
export const apparatusDescription = z.string().max(500, 'At most 500 characters.');
export const rigPointName = requiredText('Type a name first.', 50, 'At most 50 characters.');
export const rigPointNames = z.array(rigPointName).max(MAX_RIG_POINTS, `At most ${MAX_RIG_POINTS} rig points.`);

// Studio closures
export const closureDate = dateOnly;
export const closureReason = requiredText('Say why, e.g. "Public holiday".', 200, 'At most 200 characters.');

/** The studio's booking rules, each with its limits. */
export const bookingWindowDays = wholeNumber(1, 365);
export const cancellationCutoffHours = wholeNumber(0, 168);
export const holdMinutes = wholeNumber(5, 120);
export const waitlistOfferHours = wholeNumber(1, 72);
/** A late-cancellation or no-show fee, in cents (0: none). */
export const penaltyFeeCents = z
  .number()
  .int('Enter an amount like 10 or 12.50 (0 for no fee).')
  .min(0, 'Enter an amount like 10 or 12.50 (0 for no fee).')
  .max(50_000, 'At most $500.');
