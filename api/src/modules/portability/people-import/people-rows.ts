import { parse } from 'csv-parse/sync';
import { autoMap, PERSON_FIELDS, type ColumnMapping, type ImportPreset, type PersonField } from './columns.js';

/** Rows one file may hold: the import runs as a job, but a file this size is read (and checked) whole first. */
export const MAX_IMPORT_ROWS = 50_000;
const MAX_CELL = 500;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const IMPORTABLE_ROLES = ['student', 'parent', 'instructor', 'teacher'] as const;
const ACTIVE_WORDS: Record<string, boolean> = {
  active: true,
  yes: true,
  true: true,
  '1': true,
  inactive: false,
  deactivated: false,
  no: false,
  false: false,
  '0': false,
};

export interface ImportedPerson {
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
  birthday: string | null;
  role: (typeof IMPORTABLE_ROLES)[number];
  /** Null when the file does not say (a new person is active; a person already here keeps their state). */
  active: boolean | null;
  externalId: string | null;
  waiverSignedOn: string | null;
  memberSince: string | null;
  /** What the source said that has no field here (its status), kept with the person. */
  note: string;
}

export interface ImportRow {
  /** The row's line in the file (the header is line 1), for the report. */
  line: number;
  person: ImportedPerson;
  /** Field → what is wrong with it; a row with any is not imported. */
  errors: Partial<Record<PersonField, string>>;
}

export class ImportFileRefused extends Error {}

/** A calendar date from the ways exports write one: ISO (with or without a time), or M/D/YYYY or D/M/YYYY. */
export function parseImportDate(text: string, order: 'month-first' | 'day-first' = 'month-first'): string | null {
  const value = text.trim().split(/[ T]/)[0];
  let y: number, m: number, d: number;
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(value);
  const slashed = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(value);
  if (iso) [y, m, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (slashed)
    [y, m, d] =
      order === 'month-first'
        ? [Number(slashed[3]), Number(slashed[1]), Number(slashed[2])]
        : [Number(slashed[3]), Number(slashed[2]), Number(slashed[1])];
  else return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d || y < 1900) return null;
  return date.toISOString().slice(0, 10);
}

/** A CSV file's header row and the rows under it, as text (at most MAX_IMPORT_ROWS). Nothing is checked yet. */
export function readCsvRecords(text: string): { headers: string[]; body: string[][] } {
  if (text.includes('\u0000')) throw new ImportFileRefused('The file has NUL bytes: is it a spreadsheet saved as CSV (not .xlsx)?');
  let records: string[][];
  try {
    records = parse(text, {
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
      to: MAX_IMPORT_ROWS + 2,
    }) as string[][];
  } catch (err) {
    throw new ImportFileRefused(`The file is not valid CSV: ${(err as Error).message.split('\n')[0]}`);
  }
  if (records.length < 2) throw new ImportFileRefused('The file has no rows under its header row.');
  if (records.length > MAX_IMPORT_ROWS + 1)
    throw new ImportFileRefused(`A file may hold at most ${MAX_IMPORT_ROWS.toLocaleString('en-US')} people: split it.`);
  const [headers, ...body] = records;
  return { headers, body };
}

/**
 * A people file read and checked row by row: the header row, each field's column (given, or found by header), and
 * every row as it would be stored with what is wrong with it. Nothing is written.
 */
export function readPeopleFile(
  text: string,
  { preset, mapping: given, today }: { preset?: ImportPreset; mapping?: ColumnMapping; today: string },
): { headers: string[]; mapping: ColumnMapping; rows: ImportRow[] } {
  const { headers, body } = readCsvRecords(text);
  const mapping = given ?? autoMap(headers, preset);
  for (const required of ['firstName', 'lastName'] as const)
    if (mapping[required] === undefined)
      throw new ImportFileRefused(`No column is chosen for ${required === 'firstName' ? 'first name' : 'last name'}.`);
  const rows = body.map((cells, i) => checkRow(i + 2, cells, mapping, preset, today));
  return { headers, mapping, rows };
}

function checkRow(line: number, cells: string[], mapping: ColumnMapping, preset: ImportPreset | undefined, today: string): ImportRow {
  const errors: ImportRow['errors'] = {};
  const cell = (field: PersonField): string => {
    const index = mapping[field];
    const value = index === undefined ? '' : (cells[index] ?? '').trim();
    if (value.length > MAX_CELL) errors[field] = `At most ${MAX_CELL} characters.`;
    return value.slice(0, MAX_CELL);
  };
  const date = (field: PersonField) => {
    const text = cell(field);
    if (!text) return null;
    const value = parseImportDate(text, preset?.dateOrder);
    if (!value)
      errors[field] = `“${text}” is not a date (YYYY-MM-DD${preset?.dateOrder === 'day-first' ? ' or D/M/YYYY' : ' or M/D/YYYY'}).`;
    return value;
  };

  const firstName = cell('firstName');
  const lastName = cell('lastName');
  if (!firstName) errors.firstName = 'The first name is empty.';
  if (!lastName) errors.lastName = 'The last name is empty.';
  for (const [field, value] of [
    ['firstName', firstName],
    ['lastName', lastName],
  ] as const)
    if (value.length > 100) errors[field] = 'At most 100 characters.';

  const emailText = cell('email').toLowerCase();
  if (emailText && !EMAIL.test(emailText)) errors.email = `“${emailText}” is not an email address.`;
  const phone = cell('phone');
  if (phone.length > 30) errors.phone = 'At most 30 characters.';

  const birthday = date('birthday');
  if (birthday && birthday > today) errors.birthday = 'The birthday is in the future.';
  else if (!birthday && !errors.birthday)
    errors.birthday = 'The birthday is empty: the studio needs it (minors sign waivers through a parent).';

  const roleText = cell('role').toLowerCase();
  const role = (roleText || 'student') as ImportedPerson['role'];
  if (roleText === 'admin') errors.role = 'Admins are not imported: give the role on the Users page.';
  else if (!IMPORTABLE_ROLES.includes(role)) errors.role = `“${roleText}” is not a role (student, parent, instructor or teacher).`;

  const statusText = cell('status');
  const statusKey = statusText.toLowerCase().replace(/[^a-z0-9]/g, '');
  let active: boolean | null = null;
  let note = '';
  if (statusText) {
    const known = preset?.statuses?.[statusKey] ?? (statusKey in ACTIVE_WORDS ? { active: ACTIVE_WORDS[statusKey], note: '' } : null);
    if (known) ({ active, note } = known);
    else errors.status = `“${statusText}” is not a status this file's source uses.`;
  }

  return {
    line,
    errors,
    person: {
      firstName,
      lastName,
      email: emailText || null,
      phone: phone || null,
      birthday,
      role,
      active,
      externalId: cell('externalId') || null,
      waiverSignedOn: date('waiverSignedOn'),
      memberSince: date('memberSince'),
      note,
    },
  };
}

export { PERSON_FIELDS };
