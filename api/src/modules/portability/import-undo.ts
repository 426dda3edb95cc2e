import type { EntityManager } from '@mikro-orm/postgresql';
import { LockMode } from '@mikro-orm/core';
import { conflict, notFound } from '../../graphql/errors.js';
import { pgArray } from '../../common/pg-array.js';
import { userReferences } from '../users/user-references.js';
import { ImportBatch, ImportState } from './import-batch.entity.js';

/** A record an undo leaves as it is, and why (changed since the import, or used since: bookings, sign-ins). */
export interface KeptRecord {
  line: number;
  name: string;
  reason: string;
}

export interface UndoOutcome {
  batch: ImportBatch;
  undone: number;
  kept: KeptRecord[];
}

interface RecordRow {
  record_id: string;
  action: 'created' | 'updated';
  before: Record<string, unknown> | null;
  line: number;
  name: string | null;
  changed: boolean;
  guardian_id: string | null;
}

/**
 * Undoes a whole import in one transaction: the people it made are deleted, the people it changed get their values
 * back, unless a record was changed after the import (its updated_at is later) or is used since (rows of other
 * tables point at a person it made). Then nothing is undone and the answer names them, unless `keepChanged`: those
 * stay as they are and the rest is undone.
 */
export async function undoImport(em: EntityManager, id: string, keepChanged: boolean): Promise<UndoOutcome> {
  return em.transactional(async (tx) => {
    const batch = await tx.findOne(ImportBatch, id, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!batch) throw notFound('That import');
    if (batch.state !== ImportState.imported) throw conflict('Only a finished import can be undone.');
    const db = tx.getConnection();
    const ctx = tx.getTransactionContext();
    const records = await db.execute<RecordRow[]>(
      `select r.record_id, r.action, r.before, r.line, u.first_name || ' ' || u.last_name as name,
              coalesce(u.updated_at > r.stamped_at, false) as changed, u.guardian_id
         from import_record r left join app_user u on u.id = r.record_id
        where r.batch_id = ? order by r.line`,
      [id],
      'all',
      ctx,
    );
    const created = records.filter((r) => r.action === 'created' && r.name !== null);
    const used = await referenced(tx, new Set(created.map((r) => r.record_id)));
    const kept: KeptRecord[] = [];
    for (const r of records) {
      if (r.name === null) continue; // deleted since: nothing to undo
      if (r.changed) kept.push({ line: r.line, name: r.name, reason: 'changed since the import' });
      else if (used.has(r.record_id)) kept.push({ line: r.line, name: r.name, reason: `used since the import (${used.get(r.record_id)})` });
    }
    // A family's account stays while one of its family members it made stays.
    const keptIds = new Set(records.filter((r) => kept.some((k) => k.line === r.line)).map((r) => r.record_id));
    for (const r of created)
      if (r.guardian_id && keptIds.has(r.record_id)) {
        const holder = created.find((h) => h.record_id === r.guardian_id && !keptIds.has(h.record_id));
        if (holder) {
          kept.push({ line: holder.line, name: holder.name!, reason: `the account of ${r.name}, who stays` });
          keptIds.add(holder.record_id);
        }
      }
    if (kept.length && !keepChanged)
      throw conflict(
        `${kept.length} ${kept.length === 1 ? 'record was' : 'records were'} changed or used since the import: ` +
          kept
            .slice(0, 10)
            .map((k) => `${k.name} (line ${k.line}, ${k.reason})`)
            .join('; ') +
          (kept.length > 10 ? `; and ${kept.length - 10} more.` : '.') +
          ' Undo the rest and keep these, or leave the import as it is.',
      );
    const toDelete = created.filter((r) => !keptIds.has(r.record_id));
    // Family members first: an account cannot go while its family members point at it.
    for (const withGuardian of [true, false]) {
      const ids = toDelete.filter((r) => (r.guardian_id !== null) === withGuardian).map((r) => r.record_id);
      if (ids.length) await db.execute(`delete from app_user where id = any (?::uuid[])`, [pgArray(ids)], 'run', ctx);
    }
    const restores = records.filter((r) => r.action === 'updated' && r.name !== null && !keptIds.has(r.record_id));
    if (restores.length)
      await db.execute(
        `update app_user u set first_name = coalesce(v.before->>'first_name', u.first_name),
                last_name = coalesce(v.before->>'last_name', u.last_name),
                phone = case when jsonb_exists(v.before, 'phone') then v.before->>'phone' else u.phone end,
                birthday = coalesce((v.before->>'birthday')::date, u.birthday),
                is_active = coalesce((v.before->>'is_active')::boolean, u.is_active), updated_at = now()
           from json_to_recordset(?::json) as v(id uuid, before jsonb) where u.id = v.id`,
        [JSON.stringify(restores.map((r) => ({ id: r.record_id, before: r.before })))],
        'run',
        ctx,
      );
    Object.assign(batch, { state: ImportState.undone, undoneAt: new Date() });
    return { batch, undone: toDelete.length + restores.length, kept };
  });
}

/**
 * The people among `ids` that rows of other tables reference (bookings, sign-ins, signatures…), with the first such
 * table: deleting them would lose (or be refused for) those rows. Family links between the import's own people and
 * the import's own records are not uses.
 */
async function referenced(tx: EntityManager, ids: Set<string>): Promise<Map<string, string>> {
  const used = new Map<string, string>();
  if (!ids.size) return used;
  const references = (await userReferences(tx)).filter((r) => !(r.table === 'app_user' && r.column === 'guardian_id'));
  const list = pgArray([...ids]);
  const parts = [
    ...references.map(
      ({ table, column }) => `select "${column}" as id, '${table}' as "table" from ${table} where "${column}" = any (?::uuid[])`,
    ),
    // Family members added since (not by this import) keep their account.
    `select guardian_id as id, 'family members added since' as "table" from app_user where guardian_id = any (?::uuid[]) and not id = any (?::uuid[])`,
  ];
  const rows = await tx
    .getConnection()
    .execute<{ id: string; table: string }[]>(
      parts.join(' union all '),
      [...references.map(() => list), list, list],
      'all',
      tx.getTransactionContext(),
    );
  for (const row of rows) if (!used.has(row.id)) used.set(row.id, row.table.replace(/_/g, ' '));
  return used;
}
