import {
  capacity,
  classTypeChoice,
  dateOnly,
  MAX_SERIES_DAYS,
  seriesSpanProblem,
  TIME_OF_DAY_PATTERN,
  timeOfDay,
  weekdays,
  wholeNumberText,
} from '@studio/rules';
import { z } from 'zod';
import { WEEKDAYS } from '../../../components/classFormat';
import type { SeriesChangesInput, SeriesInput } from '../../../graphql/types';
import type { SeriesRowFragment } from './classAdmin.generated';
import { addDays, datesOnWeekdays, dayCount, todayIso } from '../../../app/dates';

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

const firstDate = dateOnly('Choose the first date.');
const lastDate = dateOnly('Choose the last date.');

type ClassTypeOf = (blueprintId: string) => { defaultInstructor: { id: string } | null } | null | undefined;

/** The new series form: the API's field rules, the span of its dates, and an instructor when the type has none. */
export function seriesForm(classTypeOf: ClassTypeOf = () => null) {
  return z
    .object({
      blueprintId: classTypeChoice,
      weekdays,
      startTime: timeOfDay,
      startDate: firstDate,
      endDate: lastDate,
      instructorId: z.string(),
      capacity: wholeNumberText(capacity, { required: false }),
    })
    .superRefine((v, ctx) => {
      const problem = (path: keyof SeriesValues, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
      const datesFine = firstDate.safeParse(v.startDate).success && lastDate.safeParse(v.endDate).success;
      const span = datesFine ? seriesSpanProblem(v.startDate, v.endDate) : null;
      if (span) problem('endDate', span);
      const classType = classTypeOf(v.blueprintId);
      if (!v.instructorId && classType && !classType.defaultInstructor)
        problem('instructorId', 'This class type has no default instructor: choose one.');
      if (weekdays.safeParse(v.weekdays).success && datesFine && !span && seriesDates(v).length === 0) {
        problem('weekdays', 'None of these weekdays falls between the two dates.');
      }
    });
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

export function seriesEditValuesOf(row: SeriesRowFragment): SeriesEditValues {
  return { instructorId: row.instructor.id, startTime: row.startTime, capacity: String(row.capacity), endDate: row.endDate };
}

/** The same rules as the API: a time that ends the class the same day, 1–200 spots, a last date from today within a year of the first. */
export function seriesEditForm(row: SeriesRowFragment, today = todayIso()) {
  return z
    .object({ instructorId: z.string(), startTime: timeOfDay, capacity: wholeNumberText(capacity), endDate: lastDate })
    .superRefine((v, ctx) => {
      if (TIME_OF_DAY_PATTERN.test(v.startTime)) {
        const [hh, mm] = v.startTime.split(':').map(Number);
        if (hh * 60 + mm + row.blueprint.durationMinutes > 24 * 60) {
          ctx.addIssue({ code: 'custom', path: ['startTime'], message: 'Too late for a class of this length.' });
        }
      }
      if (!lastDate.safeParse(v.endDate).success || v.endDate === row.endDate) return;
      const span = seriesSpanProblem(row.startDate, v.endDate);
      const message = dayCount(row.startDate, v.endDate) < 0 ? span : v.endDate < today ? 'Today or later.' : span;
      if (message) ctx.addIssue({ code: 'custom', path: ['endDate'], message });
    });
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
