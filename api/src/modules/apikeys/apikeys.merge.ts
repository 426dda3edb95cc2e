import type { EntityManager } from '@mikro-orm/postgresql';
import { repoint, type MergedPair } from '../../common/repoint.js';

/** member.merged: keys the duplicate account made were made by the kept one (an integration user is never merged). */
export async function mergeApiKeys(tx: EntityManager, pair: MergedPair): Promise<void> {
  await repoint(tx, 'api_key', ['created_by_id'], pair);
}
