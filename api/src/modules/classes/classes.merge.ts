import type { EntityManager } from '@mikro-orm/postgresql';
import { repoint, run, type MergedPair } from '../../common/repoint.js';

/** member.merged: classes the duplicate teaches and the apparatus they teach are the kept account's. */
export async function mergeClasses(tx: EntityManager, pair: MergedPair): Promise<void> {
  await repoint(tx, 'class_blueprint', ['default_instructor_id'], pair);
  await repoint(tx, 'class_series', ['instructor_id'], pair);
  await repoint(tx, 'class_instance', ['instructor_id'], pair);
  await run(
    tx,
    `insert into instructor_apparatus (instructor_id, apparatus_id) select ?, apparatus_id from instructor_apparatus where instructor_id = ?
       on conflict do nothing`,
    [pair.keptId, pair.mergedId],
  );
  await run(tx, `delete from instructor_apparatus where instructor_id = ?`, [pair.mergedId]);
}
