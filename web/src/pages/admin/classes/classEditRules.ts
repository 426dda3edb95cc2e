import { capacity, classNotes, classTypeChoice, dateOnly, timeOfDay, wholeNumberText } from '@studio/rules';
import { z } from 'zod';
import type { EditScope, InstanceChangesInput } from '../../../graphql/types';

export interface ClassEditValues {
  instructorId: string;
  startTime: string;
  capacity: string;
  notes: string;
}

export const SCOPE_OPTIONS: { value: EditScope; label: string; line: string }[] = [
  { value: 'THIS', label: 'This class only', line: 'Other dates of the series stay as they are.' },
  { value: 'THIS_AND_FOLLOWING', label: 'This and following classes', line: 'This class and every later class of its series.' },
];

export const NOTHING_CHANGED = 'Nothing has changed yet.';

export function editValuesOf(row: { instructor: { id: string }; startTime: string; capacity: number; notes: string }): ClassEditValues {
  return { instructorId: row.instructor.id, startTime: row.startTime, capacity: String(row.capacity), notes: row.notes };
}

/** The class edit form: the API's rules, and no fewer spots than are taken. */
export function classEditForm(spotsTaken: number) {
  return z.object({
    instructorId: z.string().min(1, 'Choose an instructor.'),
    startTime: timeOfDay,
    capacity: wholeNumberText(capacity).refine(
      (n) => n === undefined || n >= spotsTaken,
      `At least ${spotsTaken}: that many spots are taken.`,
    ),
    notes: classNotes,
  });
}

/** A single class outside any series: a class type, a day and a time, and an instructor when the type has none. */
export function newClassForm(classTypeOf: (blueprintId: string) => { defaultInstructor: { id: string } | null } | undefined) {
  return z
    .object({
      blueprintId: classTypeChoice,
      date: dateOnly('Choose a date.'),
      startTime: timeOfDay,
      instructorId: z.string(),
      capacity: wholeNumberText(capacity, { required: false }),
      notes: classNotes,
    })
    .superRefine((v, ctx) => {
      const type = classTypeOf(v.blueprintId);
      if (!v.instructorId && type && !type.defaultInstructor) {
        ctx.addIssue({ code: 'custom', path: ['instructorId'], message: 'This class type has no default instructor: choose one.' });
      }
    });
}

/** Only what changed is sent: omitted fields stay as they are on every class the scope reaches. */
export function classChanges(original: ClassEditValues, values: ClassEditValues): InstanceChangesInput {
  const input: InstanceChangesInput = {};
  if (values.instructorId !== original.instructorId) input.instructorId = values.instructorId;
  if (values.startTime !== original.startTime) input.startTime = values.startTime;
  if (values.capacity.trim() !== original.capacity) input.capacity = Number(values.capacity);
  if (values.notes !== original.notes) input.notes = values.notes;
  return input;
}

/** A class outside any series can only be edited on its own. */
export function allowedScope(scope: EditScope, inSeries: boolean): EditScope {
  return inSeries ? scope : 'THIS';
}
