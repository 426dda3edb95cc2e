import type { EntityManager } from '@mikro-orm/postgresql';
import { run, type MergedPair } from '../../common/repoint.js';

/**
 * member.merged: the duplicate's calendar feed ends (its secret address was the duplicate's; the kept account makes
 * its own), so no address handed out for one account starts showing another's classes.
 */
export async function mergeCalendar(tx: EntityManager, { mergedId }: MergedPair): Promise<void> {
  await run(tx, `delete from calendar_feed where user_id = ?`, [mergedId]);
}
