import type { EntityManager } from '@mikro-orm/postgresql';
import { stringify } from 'csv-stringify';
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import type { ExportSource } from './export-source.js';
import { pgArray } from '../common/pg-array.js';

export const EXPORT_PAGE_ROWS = 2000;
const FIRST_KEY = '00000000-0000-0000-0000-000000000000';

/** The rows of a source a page at a time, each row its cells in column order; `people` narrows to those persons. */
export async function* exportPages(em: EntityManager, source: ExportSource, people?: readonly string[]): AsyncGenerator<unknown[][]> {
  const cells = source.columns.map((c, i) => `${c.sql} as c${i}`).join(', ');
  const conditions = [source.where, `${source.key} > ?`, people ? `${source.person} = any(?::uuid[])` : null].filter(Boolean);
  const sql = `select ${source.key} as _key, ${cells} ${source.from} where ${conditions.join(' and ')} order by ${source.key} limit ?`;
  let after = FIRST_KEY;
  for (;;) {
    const params: unknown[] = [after, ...(people ? [pgArray(people)] : []), EXPORT_PAGE_ROWS];
    const rows = await em.getConnection().execute<Record<string, unknown>[]>(sql, params);
    if (rows.length) yield rows.map((row) => source.columns.map((_c, i) => row[`c${i}`]));
    if (rows.length < EXPORT_PAGE_ROWS) return;
    after = String(rows[rows.length - 1]._key);
  }
}

/** How many rows a source has now (the planner's estimate for a big table: it sizes a progress bar only). */
export async function exportRowEstimate(em: EntityManager, source: ExportSource): Promise<number> {
  const [row] = await em
    .getConnection()
    .execute<{ n: number }[]>(
      `select count(*)::int as n from (select 1 ${source.from} ${source.where ? `where ${source.where}` : ''} limit 1000001) x`,
    );
  return row.n;
}

/** Writes, waiting while the reader is behind (so a slow download never piles rows up in memory). */
async function write(out: Writable, chunk: string): Promise<void> {
  if (!out.write(chunk)) await once(out, 'drain');
}

/**
 * A source as CSV: a header row, then every row; cells a spreadsheet would run as a formula get a leading
 * apostrophe (as every CSV the studio writes), times are ISO 8601.
 */
export async function writeCsv(out: Writable, pages: AsyncIterable<unknown[][]>, source: ExportSource): Promise<void> {
  const csv = stringify({
    header: true,
    columns: source.columns.map((c) => c.header),
    escape_formulas: true,
    cast: { date: (d) => d.toISOString(), boolean: (b) => (b ? 'yes' : 'no') },
  });
  const chunks: string[] = [];
  csv.on('data', (chunk: Buffer | string) => chunks.push(String(chunk)));
  const flush = async () => {
    if (chunks.length) await write(out, chunks.splice(0).join(''));
  };
  for await (const rows of pages) {
    for (const row of rows) csv.write(row);
    await new Promise<void>((resolve) => setImmediate(resolve));
    await flush();
  }
  csv.end();
  await once(csv, 'end');
  await flush();
}

/** A source as a JSON array of objects keyed by the column headers. */
export async function writeJson(out: Writable, pages: AsyncIterable<unknown[][]>, source: ExportSource): Promise<void> {
  const headers = source.columns.map((c) => c.header);
  let first = true;
  await write(out, '[');
  for await (const rows of pages) {
    const text = rows.map((row) => JSON.stringify(Object.fromEntries(headers.map((h, i) => [h, row[i] ?? null])))).join(',\n');
    if (text) await write(out, (first ? '\n' : ',\n') + text);
    first = false;
  }
  await write(out, '\n]\n');
}
