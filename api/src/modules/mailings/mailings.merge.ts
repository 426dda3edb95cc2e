import type { EntityManager } from '@mikro-orm/postgresql';
import { repoint, run, type MergedPair } from '../../common/repoint.js';

/**
 * member.merged: the duplicate's mailings, recipient rows and opt-out are the kept account's. Where both were
 * recipients of one mailing, or both opted out, the duplicate's row goes (one per mailing and person; one opt-out).
 */
export async function mergeMailings(tx: EntityManager, pair: MergedPair): Promise<void> {
  await repoint(tx, 'mailing', ['created_by_id'], pair);
  await repoint(tx, 'mailing_attachment', ['created_by_id'], pair);
  await run(
    tx,
    `delete from mailing_recipient d using mailing_recipient k where d.user_id = ? and k.user_id = ? and d.mailing_id = k.mailing_id`,
    [pair.mergedId, pair.keptId],
  );
  await repoint(tx, 'mailing_recipient', ['user_id', 'addressee_id'], pair);
  await run(tx, `delete from email_opt_out d where d.user_id = ? and exists (select 1 from email_opt_out k where k.user_id = ?)`, [
    pair.mergedId,
    pair.keptId,
  ]);
  await repoint(tx, 'email_opt_out', ['user_id'], pair);
}
