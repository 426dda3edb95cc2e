import type { EntityManager } from '@mikro-orm/postgresql';

/** One foreign-key column that references app_user. */
export interface UserReference {
  table: string;
  column: string;
}

/**
 * References to the duplicate that a merge leaves in place: the merge record names the account it merged.
 * Every other foreign key to app_user is re-pointed by the module that owns its table (member.merged).
 */
export const MERGE_KEEPS: readonly UserReference[] = [{ table: 'member_merge', column: 'merged_id' }];

/** Every foreign-key column of the database that references app_user, read from pg_catalog (so none is forgotten). */
export async function userReferences(em: EntityManager): Promise<UserReference[]> {
  return em.getConnection().execute<UserReference[]>(
    `select c.conrelid::regclass::text as "table", a.attname::text as "column"
       from pg_constraint c
       join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any (c.conkey)
      where c.contype = 'f' and c.confrelid = 'app_user'::regclass
      order by 1, 2`,
    [],
    'all',
    em.getTransactionContext(),
  );
}

/** How many rows of each table reference `userId` in any of the given columns (tables with none left out). */
export async function rowsReferencing(
  em: EntityManager,
  references: readonly UserReference[],
  userId: string,
): Promise<Record<string, number>> {
  const byTable = new Map<string, string[]>();
  for (const { table, column } of references) byTable.set(table, [...(byTable.get(table) ?? []), column]);
  if (!byTable.size) return {};
  const parts = [...byTable].map(
    ([table, columns]) =>
      `select '${table}' as "table", count(*)::int as rows from ${quote(table)} where ${columns.map((c) => `${quote(c)} = ?`).join(' or ')}`,
  );
  const params = [...byTable.values()].flatMap((columns) => columns.map(() => userId));
  const counts = await em
    .getConnection()
    .execute<{ table: string; rows: number }[]>(parts.join(' union all '), params, 'all', em.getTransactionContext());
  return Object.fromEntries(counts.filter((c) => c.rows > 0).map((c) => [c.table, c.rows]));
}

function quote(identifier: string): string {
  return `"${identifier.replace(/"/g, '""')}"`;
}
