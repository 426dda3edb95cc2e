import type { EntityManager } from '@mikro-orm/postgresql';
import { repoint, type MergedPair } from '../../common/repoint.js';

/** member.merged: front-desk sales to or by the duplicate, and the days it closed, are the kept account's. */
export async function mergePos(tx: EntityManager, pair: MergedPair): Promise<void> {
  await repoint(tx, 'pos_sale', ['member_id', 'cashier_id'], pair);
  await repoint(tx, 'pos_day', ['closed_by_id'], pair);
}
