import type { EntityManager } from '@mikro-orm/postgresql';
import { repoint, run, type MergedPair } from '../../common/repoint.js';

/**
 * member.merged: the duplicate's chat rows go to the kept account. Two family threads become one (the duplicate's
 * messages move into the kept account's thread); a direct conversation with someone the kept account already talks
 * to joins that one; a direct conversation between the two accounts themselves (one person) ends. Presence rows are
 * dropped (they come back with the next subscription).
 */
export async function mergeChat(tx: EntityManager, pair: MergedPair): Promise<void> {
  const { keptId, mergedId } = pair;
  await run(tx, `delete from chat_presence where user_id = ?`, [mergedId]);

  const family = await rows<{ kept: string | null; merged: string | null }>(
    tx,
    `select (select id from conversation where family_id = ?) as kept, (select id from conversation where family_id = ?) as merged`,
    [keptId, mergedId],
  );
  if (family[0].kept && family[0].merged) await joinConversation(tx, family[0].merged, family[0].kept);
  else await repoint(tx, 'conversation', ['family_id'], pair);

  await run(
    tx,
    `delete from conversation where kind = 'direct' and least(member_a_id, member_b_id) = least(?::uuid, ?::uuid)
        and greatest(member_a_id, member_b_id) = greatest(?::uuid, ?::uuid)`,
    [keptId, mergedId, keptId, mergedId],
  );
  const direct = await rows<{ id: string; other: string; existing: string | null }>(
    tx,
    `select c.id, case when c.member_a_id = ? then c.member_b_id else c.member_a_id end as other,
            (select k.id from conversation k where k.kind = 'direct'
               and k.member_a_id = least(?::uuid, case when c.member_a_id = ? then c.member_b_id else c.member_a_id end)
               and k.member_b_id = greatest(?::uuid, case when c.member_a_id = ? then c.member_b_id else c.member_a_id end)) as existing
       from conversation c where c.kind = 'direct' and ? in (c.member_a_id, c.member_b_id)`,
    [mergedId, keptId, mergedId, keptId, mergedId, mergedId],
  );
  for (const conversation of direct) {
    if (conversation.existing) await joinConversation(tx, conversation.id, conversation.existing);
    else
      await run(
        tx,
        `update conversation set member_a_id = least(?::uuid, ?::uuid), member_b_id = greatest(?::uuid, ?::uuid) where id = ?`,
        [keptId, conversation.other, keptId, conversation.other, conversation.id],
      );
  }

  // One read state per person and conversation: the kept account's own stays.
  await run(
    tx,
    `delete from chat_read_state r where r.user_id = ?
        and exists (select 1 from chat_read_state k where k.user_id = ? and k.conversation_id = r.conversation_id)`,
    [mergedId, keptId],
  );
  await repoint(tx, 'chat_read_state', ['user_id'], pair);
  await repoint(tx, 'chat_message', ['author_id', 'deleted_by_id'], pair);
}

/** Moves every message of conversation `from` into `into` and removes `from` (its read states with it). */
async function joinConversation(tx: EntityManager, from: string, into: string): Promise<void> {
  await run(tx, `update chat_message set conversation_id = ? where conversation_id = ?`, [into, from]);
  await run(
    tx,
    `update conversation k set last_message_at = greatest(k.last_message_at, f.last_message_at) from conversation f where k.id = ? and f.id = ?`,
    [into, from],
  );
  await run(tx, `delete from conversation where id = ?`, [from]);
}

function rows<T>(tx: EntityManager, sql: string, params: unknown[]): Promise<T[]> {
  return tx.getConnection().execute<T[]>(sql, params, 'all', tx.getTransactionContext());
}
