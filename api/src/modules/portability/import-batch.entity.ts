import { Entity, Enum, Index, ManyToOne, OptionalProps, PrimaryKey, Property, Unique, types } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { registerEnumType } from 'type-graphql';
import { User } from '../users/user.entity.js';

export enum ImportState {
  /** Read and mapped; waiting for the admin to check it. */
  uploaded = 'uploaded',
  /** A check or an import is waiting for the job. */
  queued = 'queued',
  /** The dry run is running (its transaction is rolled back at the end). */
  checking = 'checking',
  /** The dry run (or a refused import) finished: its report is ready. */
  checked = 'checked',
  importing = 'importing',
  imported = 'imported',
  cancelled = 'cancelled',
  /** Stopped by something other than bad rows (it says what, and where). */
  failed = 'failed',
  undone = 'undone',
}
registerEnumType(ImportState, { name: 'ImportState' });

/** What a check or an import found, row by row, kept with the batch for its report. */
export interface ImportReport {
  created: number;
  updated: number;
  skipped: number;
  /** Every row that cannot be imported, with the field and what is wrong (line 1 is the header). */
  problems: { line: number; field: string; message: string }[];
  /** Rows kept as they are (already up to date, an admin's account), with why. */
  skips: { line: number; message: string }[];
  /** The first rows as they will be stored. */
  preview: ImportPreview[];
}

export interface ImportPreview {
  line: number;
  action: 'create' | 'update';
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
  birthday: string;
  role: string;
  active: boolean;
  /** The family's account holder's name, for a family member. */
  familyOf: string | null;
  note: string;
}

/**
 * One file an admin imports (/admin/import-export): the file in storage, its column mapping, and each run's state,
 * progress and report. Every record the import writes carries its batch (ImportRecord), so it can be undone.
 */
@Entity()
@Index({ properties: ['state', 'heartbeatAt'] })
export class ImportBatch {
  [OptionalProps]?:
    | 'state'
    | 'processed'
    | 'report'
    | 'failure'
    | 'dryRun'
    | 'skipFailingRows'
    | 'cancelRequestedAt'
    | 'heartbeatAt'
    | 'attempts'
    | 'createdAt'
    | 'finishedAt'
    | 'undoneAt'
    | 'sample';

  @PrimaryKey({ type: 'uuid' }) id: string = randomUUID();
  /** What the file holds: people (with their families). */
  @Property({ length: 20 }) kind: string;
  /** The system it came from (a preset's name: studio, mindbody), which picks header names, dates and statuses. */
  @Property({ length: 40 }) source: string;
  @Property({ length: 200 }) filename: string;
  @Property({ length: 200 }) storageKey: string;
  @Property({ type: types.json }) headers: string[];
  /** Field → the column's position. */
  @Property({ type: types.json }) mapping: Record<string, number>;
  @Property() rowCount: number;
  /** The first rows as the file has them, for choosing columns by their values. */
  @Property({ type: types.json }) sample: string[][] = [];
  @Enum({ items: () => ImportState, default: ImportState.uploaded }) state: ImportState = ImportState.uploaded;
  @Property({ default: false }) dryRun: boolean = false;
  @Property({ default: false }) skipFailingRows: boolean = false;
  /** Rows handled by the running (or last) run. */
  @Property({ default: 0 }) processed: number = 0;
  @Property({ type: types.json, nullable: true }) report: ImportReport | null = null;
  @Property({ type: types.text, nullable: true }) failure: string | null = null;
  @Property({ type: types.datetime, nullable: true }) cancelRequestedAt: Date | null = null;
  /** Written by the running job between slices; a run whose heartbeat stops (the API died) is started again. */
  @Property({ type: types.datetime, nullable: true }) heartbeatAt: Date | null = null;
  /** Runs started for the current request (a restart after a crash counts one more). */
  @Property({ default: 0 }) attempts: number = 0;
  @ManyToOne(() => User, { deleteRule: 'restrict' }) createdBy: User;
  @Property({ type: types.datetime, defaultRaw: 'now()' }) createdAt: Date = new Date();
  @Property({ type: types.datetime, nullable: true }) finishedAt: Date | null = null;
  @Property({ type: types.datetime, nullable: true }) undoneAt: Date | null = null;

  constructor(init: {
    kind: string;
    source: string;
    filename: string;
    storageKey: string;
    headers: string[];
    mapping: Record<string, number>;
    rowCount: number;
    createdBy: User;
  }) {
    Object.assign(this, init);
  }
}

/**
 * A record an import created or changed, with what it was before (to undo it) and when the import left it (a record
 * changed after that is not undone). Record ids carry no foreign key: undo deletes the records they name.
 */
@Entity()
@Index({ properties: ['batch'] })
@Index({ properties: ['externalId'] })
export class ImportRecord {
  [OptionalProps]?: 'before' | 'externalId' | 'note';

  @PrimaryKey({ type: 'uuid' }) id: string = randomUUID();
  @ManyToOne(() => ImportBatch, { deleteRule: 'cascade' }) batch: ImportBatch;
  /** The table of the record (app_user). */
  @Property({ length: 40 }) tableName: string;
  @Property({ type: 'uuid' }) recordId: string;
  @Property({ length: 10 }) action: 'created' | 'updated';
  @Property({ type: types.json, nullable: true }) before: Record<string, unknown> | null = null;
  /** The record's updated_at as the import left it. */
  @Property({ type: types.datetime }) stampedAt: Date;
  @Property() line: number;
  /** The source system's id for the record (Mindbody's barcode id), matched by the next import from that source. */
  @Property({ length: 100, nullable: true }) externalId: string | null = null;
  /** What the source said that has no field here (its status, its liability release date). */
  @Property({ type: types.text, nullable: true }) note: string | null = null;

  constructor(init: Omit<ImportRecord, 'id' | 'before' | 'externalId' | 'note'> & Partial<ImportRecord>) {
    Object.assign(this, init);
  }
}

/** The column mapping an admin chose for a source's files with these headers, offered again next time. */
@Entity()
@Unique({ properties: ['kind', 'source', 'headerKey'] })
export class ImportMapping {
  @PrimaryKey({ type: 'uuid' }) id: string = randomUUID();
  @Property({ length: 20 }) kind: string;
  @Property({ length: 40 }) source: string;
  /** The file's normalised headers, joined (files from one system share them). */
  @Property({ type: types.text }) headerKey: string;
  @Property({ type: types.json }) mapping: Record<string, number>;
  @Property({ type: types.datetime, defaultRaw: 'now()', onUpdate: () => new Date() }) updatedAt: Date = new Date();

  constructor(init: { kind: string; source: string; headerKey: string; mapping: Record<string, number> }) {
    Object.assign(this, init);
  }
}
