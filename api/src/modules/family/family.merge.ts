import type { EntityManager } from '@mikro-orm/postgresql';
import { repoint, run, type MergedPair } from '../../common/repoint.js';

/**
 * member.merged: invitations move to the kept account (children whose guardian was the duplicate are moved by the
 * users module, which owns that column); a person has one invitation, so the kept account's own wins.
 */
export async function mergeFamily(tx: EntityManager, pair: MergedPair): Promise<void> {
  await run(tx, `delete from family_invite where member_id = ? and exists (select 1 from family_invite where member_id = ?)`, [
    pair.mergedId,
    pair.keptId,
  ]);
  await repoint(tx, 'family_invite', ['member_id', 'invited_by_id'], pair);
}
