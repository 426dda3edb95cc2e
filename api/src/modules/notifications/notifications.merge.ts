import type { EntityManager } from '@mikro-orm/postgresql';
import { repoint, run, type MergedPair } from '../../common/repoint.js';

/** member.merged: notifications move to the kept account; its own preferences win over the duplicate's. */
export async function mergeNotifications(tx: EntityManager, pair: MergedPair): Promise<void> {
  await repoint(tx, 'notification', ['user_id'], pair);
  await run(
    tx,
    `delete from notification_preferences where user_id = ? and exists (select 1 from notification_preferences where user_id = ?)`,
    [pair.mergedId, pair.keptId],
  );
  await repoint(tx, 'notification_preferences', ['user_id'], pair);
}
