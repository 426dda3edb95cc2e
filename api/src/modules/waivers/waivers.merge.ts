import type { EntityManager } from '@mikro-orm/postgresql';
import { repoint, run, type MergedPair } from '../../common/repoint.js';

/**
 * member.merged: the duplicate's signatures are the kept account's. Signatures are legal records that the database
 * never lets change; a merge is the one change it allows, and only of who the signature is for or by, from the
 * duplicate named in the transaction's `studio.merging_member` (see the waiver_signature_immutable trigger). Every
 * signature stays, two of one version included (the earlier stands first in every reading by time). Reminders
 * already sent on a day to the kept account win over the duplicate's.
 */
export async function mergeWaivers(tx: EntityManager, pair: MergedPair): Promise<void> {
  await run(tx, `select set_config('studio.merging_member', ?, true)`, [pair.mergedId]);
  await repoint(tx, 'waiver_signature', ['signed_for_id', 'signed_by_id'], pair);
  await run(tx, `select set_config('studio.merging_member', '', true)`, []);
  await run(
    tx,
    `delete from waiver_reminder m where m.person_id = ?
        and exists (select 1 from waiver_reminder k where k.person_id = ? and k.document_id = m.document_id and k.day = m.day)`,
    [pair.mergedId, pair.keptId],
  );
  await repoint(tx, 'waiver_reminder', ['person_id'], pair);
  await repoint(tx, 'waiver_document', ['published_by_id'], pair);
}
