import { stringify } from 'csv-stringify/sync';

/**
 * Every CSV the studio exports: a header row, then the rows. A cell that a spreadsheet would run as a formula
 * (starting with =, +, -, @, a tab or a carriage return — a member can name themself `=HYPERLINK(…)`) gets a
 * leading apostrophe, so it is shown as text.
 */
export function toCsv(columns: string[], rows: unknown[][]): string {
  return stringify(rows, { header: true, columns, escape_formulas: true });
}
