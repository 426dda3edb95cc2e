import type { EntityManager } from '@mikro-orm/postgresql';
import { offsetOf, SortDirection, type PageArgs } from '../../common/paging.js';
import { badInput } from '../../graphql/errors.js';

/**
 * The admin's people tables (users, students) at 100,000 members. Each sort is a list of SQL keys over `app_user u`
 * ending in `u.id`, all in one direction, matching one index of app_user (user.entity.ts), so a page is an index scan
 * that stops after its rows. Deep pages go by cursor (the last row's keys: `(keys) > (cursor)`), which stays stable
 * while rows are inserted before it; page numbers work up to MAX_OFFSET rows. The count is exact up to EXACT_COUNT_LIMIT
 * rows and the planner's estimate above it, so no page counts the whole table.
 */
export type SortKeys = readonly string[];

export const MAX_OFFSET = 10_000;
export const EXACT_COUNT_LIMIT = 10_000;

/** A filtered set of people: SQL conditions over `u` with their parameters. */
export class PeopleFilter {
  readonly conditions: string[] = ['u.removed_at is null'];
  readonly params: unknown[] = [];
  /** A search word the trigram index can answer (three letters or more) is part of the filter. */
  indexedSearch = false;

  where(condition: string, ...params: unknown[]): this {
    this.conditions.push(condition);
    this.params.push(...params);
    return this;
  }

  /** Every word must appear somewhere in the person's name, username, email or phone (the trigram index answers). */
  search(text: string | undefined): this {
    for (const word of (text ?? '').toLowerCase().split(/\s+/).filter(Boolean).slice(0, 5)) {
      this.where(`u.search_text like ?`, `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
      if (word.length >= 3) this.indexedSearch = true;
    }
    return this;
  }

  get sql(): string {
    return this.conditions.join(' and ');
  }
}

export interface PeopleCount {
  total: number;
  /** The total is the planner's estimate (more than EXACT_COUNT_LIMIT rows match). */
  estimate: boolean;
}

export interface PeoplePageRequest extends PageArgs {
  after?: string | null;
  sortDirection: SortDirection;
}

export interface PeoplePage<Row> {
  rows: Row[];
  endCursor: string | null;
  hasNextPage: boolean;
  /** Counted only when a client asks for the total. */
  count: () => Promise<PeopleCount>;
}

/** Reads one page of people: `select` lists the row's columns over `u` (and whatever `from` joins). */
export async function readPeoplePage<Row extends object>(
  em: EntityManager,
  spec: { select: string; from?: string; filter: PeopleFilter; sort: SortKeys; sortName: string; request: PeoplePageRequest },
): Promise<PeoplePage<Row>> {
  const { filter, request } = spec;
  const desc = request.sortDirection === SortDirection.DESC;
  const dir = desc ? 'desc' : 'asc';
  // A key written `coalesce(x, '{nullsLast}'::timestamptz)` puts missing times last in either direction.
  const sort = spec.sort.map((key) => key.replaceAll('{nullsLast}', desc ? '-infinity' : 'infinity'));
  const params: unknown[] = [];
  // The cursor's condition over the sort keys: the expressions themselves, or their columns in a search's matches.
  let after: ((keys: string[]) => string) | undefined;
  let offset = 0;
  if (request.after) {
    params.push(...decodeCursor(request.after, spec.sortName, dir, sort.length));
    after = (keys) => `(${keys.join(', ')}) ${desc ? '<' : '>'} (${keys.map(() => '?').join(', ')})`;
  } else {
    offset = offsetOf(request);
    if (offset > MAX_OFFSET)
      throw badInput(`Page numbers reach row ${MAX_OFFSET.toLocaleString('en-US')}; go further with the next-page cursor.`);
  }
  const keys = sort.map((k, i) => `${k} as "k${i}"`).join(', ');
  const keyColumns = sort.map((_, i) => `"k${i}"`);
  const orderBy = (keys: string[]) => keys.map((k) => `${k} ${dir}`).join(', ');
  // A search finds its matches through the trigram index first (their ids and sort keys only), sorts only them and
  // counts them on the way: left to itself the planner may walk a sort's index and test every row until a page of
  // matches turns up (300 ms for a common name at 100,000), and a separate count would read the matches again.
  const rows = await em.getConnection().execute<(Row & Record<string, unknown>)[]>(
    filter.indexedSearch
      ? `with matches as materialized (select u.id, ${keys} from app_user u where ${filter.sql}),
              page as (select * from matches ${after ? `where ${after(keyColumns)}` : ''} order by ${orderBy(keyColumns)} limit ? offset ?)
         select ${spec.select}, page.*, (select count(*) from matches)::int as "matchCount"
           from page join app_user u on u.id = page.id order by ${orderBy(keyColumns)}`
      : `select ${spec.select}, ${keys} from app_user u
          where ${[filter.sql, ...(after ? [after(sort)] : [])].join(' and ')}
          order by ${orderBy(sort)} limit ? offset ?`,
    [...filter.params, ...params, request.pageSize + 1, offset],
  );
  const matchCount = rows[0]?.matchCount;
  for (const row of rows) delete row.matchCount;
  const hasNextPage = rows.length > request.pageSize;
  const page = rows.slice(0, request.pageSize);
  const last = page.at(-1);
  let counted: Promise<PeopleCount> | undefined;
  return {
    rows: page,
    hasNextPage,
    endCursor: last
      ? encodeCursor(
          spec.sortName,
          dir,
          sort.map((_, i) => last[`k${i}`]),
        )
      : null,
    // The search counted its matches exactly in the page's statement (when the page has a row to carry it).
    count: () =>
      (counted ??= typeof matchCount === 'number' ? Promise.resolve({ total: matchCount, estimate: false }) : countPeople(em, filter)),
  };
}

/**
 * The planner's estimate first (no rows read); counted exactly when it is within twice EXACT_COUNT_LIMIT (estimates
 * of a filter can be off by that much), and the estimate again when the exact count passes the limit.
 */
export async function countPeople(em: EntityManager, filter: PeopleFilter): Promise<PeopleCount> {
  const conn = em.getConnection();
  const [plan] = await conn.execute<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }[]>(
    `explain (format json) select 1 from app_user u where ${filter.sql}`,
    filter.params,
  );
  const estimate = Math.round(plan['QUERY PLAN'][0].Plan['Plan Rows']);
  if (estimate > 2 * EXACT_COUNT_LIMIT) return { total: estimate, estimate: true };
  const [{ n }] = await conn.execute<{ n: number }[]>(
    `select count(*)::int as n from (select 1 from app_user u where ${filter.sql} limit ${EXACT_COUNT_LIMIT + 1}) t`,
    filter.params,
  );
  return n <= EXACT_COUNT_LIMIT ? { total: n, estimate: false } : { total: Math.max(n, estimate), estimate: true };
}

// A cursor names the sort it belongs to, so a link kept from another sort is refused instead of misread.
function encodeCursor(sortName: string, dir: string, values: unknown[]): string {
  const plain = values.map((v) => (v instanceof Date ? v.toISOString() : v));
  return Buffer.from(JSON.stringify([sortName, dir, plain])).toString('base64url');
}

function decodeCursor(cursor: string, sortName: string, dir: string, length: number): unknown[] {
  const refused = () => badInput('That page cursor does not belong to this sort; start again from the first page.');
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw refused();
  }
  if (!Array.isArray(parsed) || parsed[0] !== sortName || parsed[1] !== dir) throw refused();
  const values: unknown = parsed[2];
  const scalar = (v: unknown) => v === null || typeof v === 'number' || (typeof v === 'string' && v.length <= 300 && !v.includes('\0'));
  if (!Array.isArray(values) || values.length !== length || !values.every(scalar)) throw refused();
  return values;
}
