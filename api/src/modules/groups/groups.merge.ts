import type { EntityManager } from '@mikro-orm/postgresql';
import { repoint, run, type MergedPair } from '../../common/repoint.js';

/**
 * member.merged: the duplicate's group memberships are the kept account's. Where both were in one group, the
 * duplicate's row goes (the primary key allows one row per group and person), then the rest are re-pointed.
 */
export async function mergeGroupMembers(tx: EntityManager, pair: MergedPair): Promise<void> {
  await run(tx, `delete from group_member d using group_member k where d.user_id = ? and k.user_id = ? and d.group_id = k.group_id`, [
    pair.mergedId,
    pair.keptId,
  ]);
  await repoint(tx, 'group_member', ['user_id'], pair);
}
