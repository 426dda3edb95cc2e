import type { EntityManager } from '@mikro-orm/postgresql';

/** The two accounts of a merge (member.merged's payload). */
export interface MergedPair {
  keptId: string;
  mergedId: string;
}

/** The rows re-pointed so far in one merge, by table (keyed by the event's payload, which every handler shares). */
const tallies = new WeakMap<MergedPair, Record<string, number>>();

/** Starts counting the rows `repoint` moves for this merge; the object fills as the handlers run. */
export function tallyFor(pair: MergedPair): Record<string, number> {
  const tally: Record<string, number> = {};
  tallies.set(pair, tally);
  return tally;
}

/**
 * Re-points every row of `table` that references the duplicate account in any of `columns` to the kept account, in
 * one statement; answers (and tallies for the merge) how many rows changed. For a module's own tables in its
 * member.merged handler, once it has resolved the rows that would clash with a unique rule.
 */
export async function repoint(tx: EntityManager, table: string, columns: readonly string[], pair: MergedPair): Promise<number> {
  const set = columns.map((c) => `"${c}" = case when "${c}" = ? then ?::uuid else "${c}" end`).join(', ');
  const where = columns.map((c) => `"${c}" = ?`).join(' or ');
  const params = [...columns.flatMap(() => [pair.mergedId, pair.keptId]), ...columns.map(() => pair.mergedId)];
  const result = await tx
    .getConnection()
    .execute<{ affectedRows: number }>(`update "${table}" set ${set} where ${where}`, params, 'run', tx.getTransactionContext());
  const tally = tallies.get(pair);
  if (tally && result.affectedRows) tally[table] = (tally[table] ?? 0) + result.affectedRows;
  return result.affectedRows;
}

/** Runs a statement in the handler's transaction (`?` placeholders). */
export function run(tx: EntityManager, sql: string, params: readonly unknown[]): Promise<unknown> {
  return tx.getConnection().execute(sql, [...params], 'run', tx.getTransactionContext());
}
