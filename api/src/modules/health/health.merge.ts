import type { EntityManager } from '@mikro-orm/postgresql';
import { repoint, run, type MergedPair } from '../../common/repoint.js';

/** member.merged: the duplicate's details move to the kept account unless it has its own (one row per person). */
export async function mergeHealth(tx: EntityManager, pair: MergedPair): Promise<void> {
  await run(tx, `delete from health_details where person_id = ? and exists (select 1 from health_details where person_id = ?)`, [
    pair.mergedId,
    pair.keptId,
  ]);
  await repoint(tx, 'health_details', ['person_id'], pair);
}
