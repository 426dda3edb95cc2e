import type { EntityManager } from '@mikro-orm/postgresql';
import { repoint, run, type MergedPair } from '../../common/repoint.js';

/**
 * member.merged: the duplicate's watch positions, evidence clips and created videos are the kept account's. Where both
 * watched the same video, the later position stays.
 */
export async function mergeVideos(tx: EntityManager, pair: MergedPair): Promise<void> {
  await run(
    tx,
    `delete from video_watch d using video_watch k
      where d.video_id = k.video_id and ((d.user_id = ? and k.user_id = ? and d.updated_at <= k.updated_at)
         or (d.user_id = ? and k.user_id = ? and d.updated_at < k.updated_at))`,
    [pair.mergedId, pair.keptId, pair.keptId, pair.mergedId],
  );
  await repoint(tx, 'video_watch', ['user_id'], pair);
  await repoint(tx, 'video', ['owner_id', 'created_by_id'], pair);
}
