import type { EntityManager } from '@mikro-orm/postgresql';
import { repoint, type MergedPair } from '../../common/repoint.js';

/** member.merged: feedback the duplicate sent is the kept account's. */
export async function mergeFeedback(tx: EntityManager, pair: MergedPair): Promise<void> {
  await repoint(tx, 'feedback', ['author_id'], pair);
}
