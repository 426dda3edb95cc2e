import type { EntityManager } from '@mikro-orm/postgresql';
import { run, type MergedPair } from '../../common/repoint.js';

/**
 * member.merged: the duplicate's sessions and password links end (deleted, not moved: a device signed in to the
 * duplicate must not find itself signed in to the kept account).
 */
export async function mergeAuth(tx: EntityManager, { mergedId }: MergedPair): Promise<void> {
  await run(tx, `delete from user_session where user_id = ?`, [mergedId]);
  await run(tx, `delete from password_reset_token where user_id = ?`, [mergedId]);
}
