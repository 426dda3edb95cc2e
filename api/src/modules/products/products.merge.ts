import type { EntityManager } from '@mikro-orm/postgresql';
import { repoint, type MergedPair } from '../../common/repoint.js';

/** member.merged: stock adjustments the duplicate made are the kept account's. */
export async function mergeProducts(tx: EntityManager, pair: MergedPair): Promise<void> {
  await repoint(tx, 'stock_adjustment', ['actor_id'], pair);
}
