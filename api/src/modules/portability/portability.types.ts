import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { ImportState, type ImportBatch } from './import-batch.entity.js';
import { PERSON_FIELDS } from './people-import/columns.js';
import { PRESETS } from './people-import/presets.js';

@ObjectType({ description: 'A table an admin can download whole, as CSV or JSON (GET /api/export/<name>.csv|json)' })
export class ExportTable {
  @Field({ description: 'The file name: /api/export/<name>.csv or .json' }) name: string;
  @Field() title: string;
  @Field() description: string;
  @Field(() => [String], { description: 'The columns, in order' }) columns: string[];
  @Field({ description: 'Part of a member’s own download (/api/export/my-data.json)' }) personal: boolean;
}

export enum ImportField {
  firstName = 'firstName',
  lastName = 'lastName',
  email = 'email',
  phone = 'phone',
  birthday = 'birthday',
  role = 'role',
  status = 'status',
  externalId = 'externalId',
  waiverSignedOn = 'waiverSignedOn',
  memberSince = 'memberSince',
}
registerEnumType(ImportField, { name: 'ImportField', description: 'What an imported person may carry, each from one column' });
// One list of fields: the enum must name exactly the reader's.
if (Object.values(ImportField).join() !== PERSON_FIELDS.join()) throw new Error('ImportField and PERSON_FIELDS differ');

@ObjectType({ description: 'A system this app imports from: its column names, date order and status values' })
export class ImportSource {
  @Field() name: string;
  @Field() label: string;
}

@ObjectType()
export class ImportColumn {
  @Field(() => ImportField) field: ImportField;
  @Field(() => Int, { description: 'The column’s position in the file (0 is the first)' }) column: number;
}

@ObjectType({ description: 'A row that cannot be imported, with the field and what is wrong' })
export class ImportProblem {
  @Field(() => Int, { description: 'Its line in the file (the header is line 1)' }) line: number;
  @Field(() => ImportField, { nullable: true }) field: ImportField | null;
  @Field() message: string;
}

@ObjectType({ description: 'A row kept as it is, and why' })
export class ImportSkip {
  @Field(() => Int) line: number;
  @Field() message: string;
}

@ObjectType({ description: 'A row as the import will store it' })
export class ImportPreviewRow {
  @Field(() => Int) line: number;
  @Field({ description: 'create or update' }) action: string;
  @Field() firstName: string;
  @Field() lastName: string;
  @Field(() => String, { nullable: true }) email: string | null;
  @Field(() => String, { nullable: true }) phone: string | null;
  @Field() birthday: string;
  @Field() role: string;
  @Field() active: boolean;
  @Field(() => String, { nullable: true, description: 'The family’s account holder, for a family member' }) familyOf: string | null;
  @Field() note: string;
}

@ObjectType('ImportBatch', { description: 'A file imported from another system: its mapping, its check, its import and its undo' })
export class ImportBatchView {
  @Field(() => ID) id: string;
  @Field({ description: 'people' }) kind: string;
  @Field() source: string;
  @Field() sourceLabel: string;
  @Field() filename: string;
  @Field(() => ImportState) state: ImportState;
  @Field({ description: 'The current (or last) run is a dry run' }) dryRun: boolean;
  @Field() skipFailingRows: boolean;
  @Field(() => Int) rowCount: number;
  @Field(() => Int, { description: 'Rows handled by the running (or last) run' }) processed: number;
  @Field(() => [String]) headers: string[];
  @Field(() => [[String]], { description: 'The first rows as the file has them' }) sample: string[][];
  @Field(() => [ImportColumn]) mapping: ImportColumn[];
  @Field(() => Boolean, { description: 'A check or an import ran: the counts and rows below are its report' }) reported: boolean;
  @Field(() => Int) created: number;
  @Field(() => Int) updated: number;
  @Field(() => Int) skipped: number;
  @Field(() => Int) problemCount: number;
  @Field(() => [ImportProblem], { description: 'The first 200 problems (the CSV of failing rows has them all)' }) problems: ImportProblem[];
  @Field(() => [ImportSkip], { description: 'The first 200 rows kept as they are' }) skips: ImportSkip[];
  @Field(() => [ImportPreviewRow]) preview: ImportPreviewRow[];
  @Field(() => String, { nullable: true }) failure: string | null;
  @Field(() => Int, { description: 'Runs started for the current request (more than 1: restarted after a stop)' }) attempts: number;
  @Field() createdAt: Date;
  @Field(() => Date, { nullable: true }) finishedAt: Date | null;
  @Field(() => Date, { nullable: true }) undoneAt: Date | null;
  @Field() createdByName: string;
}

const LISTED = 200;

export function importBatchView(batch: ImportBatch): ImportBatchView {
  const report = batch.report;
  return {
    id: batch.id,
    kind: batch.kind,
    source: batch.source,
    sourceLabel: PRESETS.find((p) => p.name === batch.source)?.label ?? batch.source,
    filename: batch.filename,
    state: batch.state,
    dryRun: batch.dryRun,
    skipFailingRows: batch.skipFailingRows,
    rowCount: batch.rowCount,
    processed: batch.processed,
    headers: batch.headers,
    sample: batch.sample,
    mapping: Object.entries(batch.mapping).map(([field, column]) => ({ field: field as ImportField, column })),
    reported: report !== null,
    created: report?.created ?? 0,
    updated: report?.updated ?? 0,
    skipped: report?.skipped ?? 0,
    problemCount: report?.problems.length ?? 0,
    problems: (report?.problems ?? []).slice(0, LISTED).map((p) => ({
      ...p,
      field: (Object.values(ImportField) as string[]).includes(p.field) ? (p.field as ImportField) : null,
    })),
    skips: (report?.skips ?? []).slice(0, LISTED),
    preview: report?.preview ?? [],
    failure: batch.failure,
    attempts: batch.attempts,
    createdAt: batch.createdAt,
    finishedAt: batch.finishedAt,
    undoneAt: batch.undoneAt,
    createdByName: `${batch.createdBy.firstName} ${batch.createdBy.lastName}`,
  };
}

@ObjectType({ description: 'A record an undo left as it is' })
export class ImportKept {
  @Field(() => Int) line: number;
  @Field() name: string;
  @Field() reason: string;
}

@ObjectType()
export class UndoImportResult {
  @Field(() => ImportBatchView) batch: ImportBatchView;
  @Field(() => Int, { description: 'Records deleted or given back their values' }) undone: number;
  @Field(() => [ImportKept]) kept: ImportKept[];
}
