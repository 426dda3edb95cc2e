import type { EntityManager } from '@mikro-orm/postgresql';
import { repoint, type MergedPair } from '../../common/repoint.js';

/** member.merged: imports the duplicate started are the kept account's. */
export async function mergePortability(tx: EntityManager, pair: MergedPair): Promise<void> {
  await repoint(tx, 'import_batch', ['created_by_id'], pair);
}
