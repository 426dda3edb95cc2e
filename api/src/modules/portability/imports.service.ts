import type { MikroORM } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { IMPORT_FILE_MAX_BYTES } from '@studio/rules';
import { stringify } from 'csv-stringify/sync';
import type PgBoss from 'pg-boss';
import { badInput, conflict, notFound } from '../../graphql/errors.js';
import type { StudioPubSub } from '../../graphql/pubsub.js';
import { log } from '../../logger.js';
import type { FileStorage } from '../../storage/file-storage.js';
import { readWhole } from '../../storage/file-storage.js';
import type { User } from '../users/user.entity.js';
import { ImportBatch, ImportMapping, ImportState } from './import-batch.entity.js';
import { undoImport, type UndoOutcome } from './import-undo.js';
import { autoMap, normaliseHeader, PERSON_FIELDS, type ColumnMapping } from './people-import/columns.js';
import { planFamilies } from './people-import/families.js';
import { ImportFileRefused, readCsvRecords, readPeopleFile } from './people-import/people-rows.js';
import { planPeople, writePeople } from './people-import/people-writer.js';
import { PRESETS } from './people-import/presets.js';
import type { ImportProgressEvent } from './portability.topics.js';

export const IMPORT_QUEUE = 'portability-import';
/** A run whose heartbeat is older than this is taken for dead (its API stopped) and started again. */
const STALE_SECONDS = 30;
/** Runs started for one request before the import is reported stopped. */
const MAX_ATTEMPTS = 3;
const SAMPLE_ROWS = 3;
const MAX_COLUMNS = 200;
/** States an admin may check or import from (nothing is running). */
const IDLE = [ImportState.uploaded, ImportState.checked, ImportState.cancelled, ImportState.failed];

/** Thrown inside a run's transaction to roll it back: the dry run's end, or a cancel. */
class RollBack extends Error {
  constructor(readonly why: 'dry run' | 'cancelled') {
    super(why);
  }
}

const today = () => new Date().toISOString().slice(0, 10);
const presetOf = (source: string) => PRESETS.find((p) => p.name === source);

/** A file's text: UTF-8 as most exports write it, else Windows-1252 (a spreadsheet saved on Windows). */
function textOf(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/**
 * Imports from another system (/admin/import-export): an uploaded file is read and mapped, checked in a dry run
 * (written and rolled back), then imported by a job in one transaction, all rows or all the good ones, with live
 * progress; a crashed run starts again; a cancel rolls back; an import can be undone.
 */
export class ImportService {
  constructor(
    private readonly orm: MikroORM,
    private readonly jobs: PgBoss,
    private readonly storage: FileStorage,
    private readonly pubsub: StudioPubSub,
  ) {}

  async upload(em: EntityManager, admin: User, input: { source: string; filename: string; file: Buffer }): Promise<ImportBatch> {
    const preset = presetOf(input.source);
    if (!preset) throw badInput(`“${input.source.slice(0, 40)}” is not a source this app imports from.`, { source: 'Choose a source.' });
    const filename = input.filename
      .trim()
      .replace(/[^\w. ()-]+/g, '_')
      .slice(0, 200);
    if (!filename) throw badInput('The file needs a name.', { filename: 'The file needs a name.' });
    if (!input.file.length) throw badInput('The file is empty.', { file: 'The file is empty.' });
    if (input.file.length > IMPORT_FILE_MAX_BYTES) throw badInput('Import files of at most 20 MB: split it.', { file: 'At most 20 MB.' });
    const text = textOf(input.file);
    let file: ReturnType<typeof readCsvRecords>;
    try {
      file = readCsvRecords(text);
    } catch (err) {
      if (err instanceof ImportFileRefused) throw badInput(err.message, { file: err.message });
      throw err;
    }
    // The mapping last chosen for this source's files with these headers, else found by header.
    const remembered = await em.findOne(ImportMapping, { kind: 'people', source: preset.name, headerKey: headerKey(file.headers) });
    const mapping = remembered && fits(remembered.mapping, file.headers) ? remembered.mapping : autoMap(file.headers, preset);
    const batch = new ImportBatch({
      kind: 'people',
      source: preset.name,
      filename,
      storageKey: '',
      headers: file.headers,
      mapping: mapping as Record<string, number>,
      rowCount: file.body.length,
      createdBy: admin,
    });
    if (file.headers.length > MAX_COLUMNS) throw badInput(`A file may have at most ${MAX_COLUMNS} columns.`, { file: 'Too many columns.' });
    batch.sample = file.body.slice(0, SAMPLE_ROWS).map((cells) => cells.map((cell) => cell.slice(0, 200)));
    batch.storageKey = `imports/${batch.id}/source.csv`;
    await this.storage.put(batch.storageKey, Buffer.from(text, 'utf8'), 'text/csv; charset=utf-8');
    await em.persist(batch).flush();
    return batch;
  }

  /** The admin's choice of columns, checked and remembered for the next file from that source with these headers. */
  async setMapping(em: EntityManager, id: string, mapping: ColumnMapping): Promise<ImportBatch> {
    const batch = await this.find(em, id);
    if (!IDLE.includes(batch.state)) throw conflict('The file is being checked or imported: wait for it, or cancel it.');
    const used = new Map<number, string>();
    for (const [field, column] of Object.entries(mapping)) {
      if (!PERSON_FIELDS.includes(field as never)) throw badInput(`“${field}” is not a field of a person.`);
      if (!Number.isInteger(column) || column! < 0 || column! >= batch.headers.length)
        throw badInput(`Column ${column} is not in the file.`, { [field]: 'Choose one of the file’s columns.' });
      if (used.has(column!))
        throw badInput(`The column “${batch.headers[column!]}” is chosen twice.`, { [field]: 'Each column serves one field.' });
      used.set(column!, field);
    }
    for (const required of ['firstName', 'lastName'] as const)
      if (mapping[required] === undefined) throw badInput('Choose the columns of the first and last names.', { [required]: 'Required.' });
    batch.mapping = mapping as Record<string, number>;
    batch.state = ImportState.uploaded;
    batch.report = null;
    batch.failure = null;
    await em.flush();
    // Two admins (or tabs) choosing at once: the last choice is remembered, never a refused write.
    await em.getConnection().execute(
      `insert into import_mapping (id, kind, source, header_key, mapping) values (gen_random_uuid(), ?, ?, ?, ?::jsonb)
       on conflict (kind, source, header_key) do update set mapping = excluded.mapping, updated_at = now()`,
      [batch.kind, batch.source, headerKey(batch.headers), JSON.stringify(batch.mapping)],
    );
    await em.flush();
    return batch;
  }

  /** Queues a dry run, or (after one) the import; with `skipFailingRows` the good rows go in and the others are reported. */
  async start(
    em: EntityManager,
    id: string,
    { dryRun, skipFailingRows }: { dryRun: boolean; skipFailingRows: boolean },
  ): Promise<ImportBatch> {
    const batch = await this.find(em, id);
    if (!IDLE.includes(batch.state)) throw conflict(`The file is ${batch.state}: it cannot be started again now.`);
    if (!dryRun && batch.state !== ImportState.checked) throw conflict('Check the file first: the dry run shows what the import will do.');
    Object.assign(batch, { state: ImportState.queued, dryRun, skipFailingRows, processed: 0, failure: null, attempts: 0 });
    Object.assign(batch, { cancelRequestedAt: null, heartbeatAt: new Date(), finishedAt: null });
    await em.flush();
    await this.jobs.send(IMPORT_QUEUE, { id }, { retryLimit: 0 });
    this.announce(batch);
    return batch;
  }

  /** A queued run ends at once; a running one at its next slice, rolled back. */
  async cancel(em: EntityManager, id: string): Promise<ImportBatch> {
    const batch = await this.find(em, id);
    if (batch.state === ImportState.queued) Object.assign(batch, { state: ImportState.cancelled, finishedAt: new Date() });
    else if (batch.state === ImportState.checking || batch.state === ImportState.importing) batch.cancelRequestedAt = new Date();
    else throw conflict('Only a check or an import that is waiting or running can be cancelled.');
    await em.flush();
    this.announce(batch);
    return batch;
  }

  async undo(em: EntityManager, id: string, keepChanged: boolean): Promise<UndoOutcome> {
    const outcome = await undoImport(em, id, keepChanged);
    this.announce(outcome.batch);
    return outcome;
  }

  async find(em: EntityManager, id: string): Promise<ImportBatch> {
    const batch = /^[0-9a-f-]{36}$/i.test(id) ? await em.findOne(ImportBatch, id, { populate: ['createdBy'] }) : null;
    if (!batch) throw notFound('That import');
    return batch;
  }

  /** The latest imports, newest first. */
  list(em: EntityManager, first: number): Promise<ImportBatch[]> {
    return em.find(ImportBatch, {}, { orderBy: { createdAt: 'desc' }, limit: first, populate: ['createdBy'] });
  }

  /** The rows a check refused, as the file has them, with a last column saying what is wrong: fix them and import again. */
  async problemsCsv(em: EntityManager, id: string): Promise<string> {
    const batch = await this.find(em, id);
    const file = await this.storage.open(batch.storageKey);
    if (!batch.report || !file) throw conflict('Check the file first: its problems are listed after the check.');
    const { headers, body } = readCsvRecords((await readWhole(file)).toString('utf8'));
    const byLine = new Map<number, string[]>();
    for (const p of batch.report.problems) byLine.set(p.line, [...(byLine.get(p.line) ?? []), p.message]);
    const rows = [...byLine].map(([line, messages]) => [
      ...(body[line - 2] ?? []),
      ...Array(Math.max(0, headers.length - (body[line - 2]?.length ?? 0))).fill(''),
      messages.join(' '),
    ]);
    return stringify([[...headers, 'Problem'], ...rows], { escape_formulas: true, record_delimiter: 'windows' });
  }

  /** One run of a check or an import (the job); answers the rows handled. */
  async run(id: string): Promise<number> {
    const em = this.orm.em.fork() as EntityManager;
    const claimed = await em.getConnection().execute<{ id: string }[]>(
      `update import_batch set state = case when dry_run then 'checking' else 'importing' end, attempts = attempts + 1,
              heartbeat_at = now(), processed = 0
        where id = ? and (state = 'queued' or (state in ('checking', 'importing') and heartbeat_at < now() - make_interval(secs => ?)))
        returning id`,
      [id, STALE_SECONDS],
    );
    if (!claimed.length) return 0;
    const batch = await this.find(em, id);
    this.announce(batch);
    try {
      await this.runClaimed(em, batch);
    } catch (err) {
      if (err instanceof RollBack) {
        if (err.why === 'cancelled') Object.assign(batch, { state: ImportState.cancelled, processed: 0 });
      } else {
        const message = err instanceof ImportFileRefused ? err.message : databaseReason(err);
        log.warn('an import run stopped', { id, attempts: batch.attempts, message });
        if (batch.attempts < MAX_ATTEMPTS && !(err instanceof ImportFileRefused)) {
          // Started again by the sweep once its heartbeat is stale (also what happens when the API itself stops).
          await em.getConnection().execute(`update import_batch set heartbeat_at = now() - interval '1 hour' where id = ?`, [id]);
          throw err;
        }
        Object.assign(batch, {
          state: ImportState.failed,
          failure: `Stopped at row ${batch.processed} of ${batch.rowCount} after ${batch.attempts} tries: ${message}. Nothing was imported.`,
        });
      }
    }
    batch.finishedAt = new Date();
    batch.heartbeatAt = null;
    await em.flush();
    this.announce(batch);
    return batch.processed;
  }

  private async runClaimed(em: EntityManager, batch: ImportBatch): Promise<void> {
    const file = await this.storage.open(batch.storageKey);
    if (!file) throw new ImportFileRefused('The uploaded file is gone from storage: upload it again.');
    const preset = presetOf(batch.source);
    const { rows } = readPeopleFile((await readWhole(file)).toString('utf8'), {
      preset,
      mapping: batch.mapping as ColumnMapping,
      today: today(),
    });
    const planned = planFamilies(rows, today());
    const heartbeat = em.fork();
    const progress = async (processed: number) => {
      const [state] = await heartbeat
        .getConnection()
        .execute<{ cancel_requested_at: Date | null }[]>(
          `update import_batch set processed = ?, heartbeat_at = now() where id = ? returning cancel_requested_at`,
          [processed, batch.id],
        );
      batch.processed = processed;
      this.pubsub.publish('IMPORT_PROGRESS', batch.id, progressOf(batch));
      if (state?.cancel_requested_at) throw new RollBack('cancelled');
    };
    await em
      .transactional(async (tx) => {
        const plan = await planPeople(tx, planned, batch.source, today());
        batch.report = plan.report;
        if (plan.report.problems.length && !batch.skipFailingRows && !batch.dryRun) {
          batch.state = ImportState.checked;
          batch.failure = `${plan.report.problems.length} ${plan.report.problems.length === 1 ? 'row has' : 'rows have'} problems: nothing was imported. Fix the file, or import the good rows only.`;
          return;
        }
        await writePeople(tx, plan, { batchId: batch.id, stamp: new Date(), sourceLabel: preset?.label ?? batch.source, progress });
        if (batch.dryRun) throw new RollBack('dry run');
        batch.state = ImportState.imported;
      })
      .catch((err: unknown) => {
        if (err instanceof RollBack && err.why === 'dry run') batch.state = ImportState.checked;
        else throw err;
      });
  }

  /** Starts again the runs whose API stopped (their heartbeat went stale), until MAX_ATTEMPTS. */
  async sweep(): Promise<number> {
    const stale = await this.orm.em
      .fork()
      .getConnection()
      .execute<{ id: string }[]>(
        `select id from import_batch where state in ('checking', 'importing') and heartbeat_at < now() - make_interval(secs => ?)`,
        [STALE_SECONDS],
      );
    for (const { id } of stale) await this.jobs.send(IMPORT_QUEUE, { id }, { retryLimit: 0 });
    return stale.length;
  }

  private announce(batch: ImportBatch): void {
    this.pubsub.publish('IMPORT_PROGRESS', batch.id, progressOf(batch));
  }
}

function progressOf(batch: ImportBatch): ImportProgressEvent {
  return { batchId: batch.id, state: batch.state, processed: batch.processed, total: batch.rowCount };
}

const headerKey = (headers: readonly string[]) => headers.map(normaliseHeader).join('|');
const fits = (mapping: Record<string, number>, headers: readonly string[]) => Object.values(mapping).every((c) => c < headers.length);

/** What the database said, without the statement the driver puts in front of it. */
function databaseReason(err: unknown): string {
  const message = (err as Error).message ?? String(err);
  return (message.includes(' - ') ? message.slice(message.lastIndexOf(' - ') + 3) : message).split('\n')[0].slice(0, 300);
}
