import { TIME_OF_DAY } from '../../../components/classFormat';
import type { EditScope, InstanceChangesInput } from '../../../graphql/types';
import { rangeProblem } from './classAdminShared';

export interface ClassEditValues {
  instructorId: string;
  startTime: string;
  capacity: string;
  notes: string;
}

export type ClassEditField = keyof ClassEditValues;
export type ClassEditErrors = Partial<Record<ClassEditField, string>>;

export const SCOPE_OPTIONS: { value: EditScope; label: string; line: string }[] = [
  { value: 'THIS', label: 'This class only', line: 'Other dates of the series stay as they are.' },
  { value: 'THIS_AND_FOLLOWING', label: 'This and following classes', line: 'This class and every later class of its series.' },
];

export const NOTHING_CHANGED = 'Nothing has changed yet.';

export function editValuesOf(row: { instructor: { id: string }; startTime: string; capacity: number; notes: string }): ClassEditValues {
  return { instructorId: row.instructor.id, startTime: row.startTime, capacity: String(row.capacity), notes: row.notes };
}

export function validateClassEdit(values: ClassEditValues, spotsTaken: number): ClassEditErrors {
  const errors: ClassEditErrors = {};
  if (!values.instructorId) errors.instructorId = 'Choose an instructor.';
  if (!TIME_OF_DAY.test(values.startTime)) errors.startTime = 'Use a time like 18:30.';
  const capacity = rangeProblem(values.capacity, 1, 200);
  if (capacity) errors.capacity = capacity;
  else if (Number(values.capacity) < spotsTaken) errors.capacity = `At least ${spotsTaken}: that many spots are taken.`;
  if (values.notes.length > 2000) errors.notes = 'At most 2,000 characters.';
  return errors;
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
