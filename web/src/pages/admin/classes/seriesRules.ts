import { TIME_OF_DAY, WEEKDAYS, datesOnWeekdays, dayCount } from '../../../components/classFormat';
import { addDays, isIsoDate, todayIso } from '../../../components/schedule/scheduleDates';
import type { SeriesChangesInput, SeriesInput } from '../../../graphql/types';
import type { SeriesRowFragment } from './classAdmin.generated';
import { rangeProblem } from './classAdminShared';

/** The API's limit: a series covers at most one year. */
export const MAX_SERIES_DAYS = 366;

export interface SeriesValues {
  blueprintId: string;
  /** 0 = Sunday … 6 = Saturday */
  weekdays: number[];
  startTime: string;
  startDate: string;
  endDate: string;
  /** '' = the class type's default instructor */
  instructorId: string;
  /** '' = the class type's default capacity */
  capacity: string;
}

export type SeriesField = keyof SeriesValues;
export type SeriesErrors = Partial<Record<SeriesField, string>>;

/** Eight weeks from today. */
export function initialSeries(today = todayIso()): SeriesValues {
  return {
    blueprintId: '',
    weekdays: [],
    startTime: '18:00',
    startDate: today,
    endDate: addDays(today, 8 * 7 - 1),
    instructorId: '',
    capacity: '',
  };
}

export function toggleWeekday(weekdays: readonly number[], day: number): number[] {
  const set = new Set(weekdays);
  if (set.has(day)) set.delete(day);
  else set.add(day);
  return [...set].sort((a, b) => a - b);
}

export function validateSeries(v: SeriesValues, classType?: { defaultInstructor: { id: string } | null } | null): SeriesErrors {
  const errors: SeriesErrors = {};
  if (!v.blueprintId) errors.blueprintId = 'Choose a class type.';
  if (!v.weekdays.length) errors.weekdays = 'Pick at least one weekday.';
  if (!TIME_OF_DAY.test(v.startTime)) errors.startTime = 'Use a time like 18:30.';
  if (!isIsoDate(v.startDate)) errors.startDate = 'Choose the first date.';
  if (!isIsoDate(v.endDate)) errors.endDate = 'Choose the last date.';
  else if (!errors.startDate) {
    const span = dayCount(v.startDate, v.endDate);
    if (span < 0) errors.endDate = 'Must be on or after the first date.';
    else if (span > MAX_SERIES_DAYS) errors.endDate = 'At most one year after the first date.';
  }
  const capacity = rangeProblem(v.capacity, 1, 200, { required: false });
  if (capacity) errors.capacity = capacity;
  if (!v.instructorId && classType && !classType.defaultInstructor)
    errors.instructorId = 'This class type has no default instructor: choose one.';
  if (!errors.weekdays && !errors.startDate && !errors.endDate && seriesDates(v).length === 0)
    errors.weekdays = 'None of these weekdays falls between the two dates.';
  return errors;
}

/** Every date the series would fall on (before closures are skipped). */
export function seriesDates(v: Pick<SeriesValues, 'weekdays' | 'startDate' | 'endDate'>): string[] {
  return dayCount(v.startDate, v.endDate) > MAX_SERIES_DAYS ? [] : datesOnWeekdays(v.startDate, v.endDate, v.weekdays);
}

export function seriesInput(v: SeriesValues): SeriesInput {
  return {
    blueprintId: v.blueprintId,
    weekdays: v.weekdays,
    startTime: v.startTime,
    startDate: v.startDate,
    endDate: v.endDate,
    ...(v.instructorId ? { instructorId: v.instructorId } : {}),
    ...(v.capacity.trim() ? { capacity: Number(v.capacity) } : {}),
  };
}

/** "Mon, Wed & Fri": the weekdays of a series in week order. */
export function weekdayNames(days: readonly number[]): string {
  const names = WEEKDAYS.filter((d) => days.includes(d.value)).map((d) => d.short);
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} & ${names[names.length - 1]}`;
}

// ── changing a whole series ─────────────────────────────────────────────────────────────────────────────

export interface SeriesEditValues {
  instructorId: string;
  startTime: string;
  capacity: string;
  endDate: string;
}
export type SeriesEditField = keyof SeriesEditValues;
export type SeriesEditErrors = Partial<Record<SeriesEditField, string>>;

export function seriesEditValuesOf(row: SeriesRowFragment): SeriesEditValues {
  return { instructorId: row.instructor.id, startTime: row.startTime, capacity: String(row.capacity), endDate: row.endDate };
}

/** The same rules as the API: a time that ends the class the same day, 1–200 spots, a last date from today within a year of the first. */
export function validateSeriesEdit(v: SeriesEditValues, row: SeriesRowFragment, today = todayIso()): SeriesEditErrors {
  const errors: SeriesEditErrors = {};
  if (!TIME_OF_DAY.test(v.startTime)) errors.startTime = 'Use a time like 18:30.';
  else {
    const [hh, mm] = v.startTime.split(':').map(Number);
    if (hh * 60 + mm + row.blueprint.durationMinutes > 24 * 60) errors.startTime = 'Too late for a class of this length.';
  }
  const capacity = rangeProblem(v.capacity, 1, 200);
  if (capacity) errors.capacity = capacity;
  if (!isIsoDate(v.endDate)) errors.endDate = 'Choose the last date.';
  else if (v.endDate !== row.endDate) {
    if (dayCount(row.startDate, v.endDate) < 0) errors.endDate = 'Must be on or after the first date.';
    else if (v.endDate < today) errors.endDate = 'Today or later.';
    else if (dayCount(row.startDate, v.endDate) > MAX_SERIES_DAYS) errors.endDate = 'At most one year after the first date.';
  }
  return errors;
}

/** Only what changed, so an unchanged instructor or time is not re-applied to every class. */
export function seriesChanges(original: SeriesEditValues, v: SeriesEditValues): SeriesChangesInput {
  return {
    ...(v.instructorId !== original.instructorId ? { instructorId: v.instructorId } : {}),
    ...(v.startTime !== original.startTime ? { startTime: v.startTime } : {}),
    ...(v.capacity.trim() !== original.capacity ? { capacity: Number(v.capacity) } : {}),
    ...(v.endDate !== original.endDate ? { endDate: v.endDate } : {}),
  };
}
