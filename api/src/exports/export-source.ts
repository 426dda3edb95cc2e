/**
 * One table the studio can export (/admin/import-export), declared by the module that owns its rows, as SQL over its
 * own tables: the exporter pages through it by `key` (keyset: each page is one short statement however large the
 * table), so memory stays flat. Column SQL and `from` are the module's, never built from input.
 */
export interface ExportSource {
  /** The file's name: `/api/export/<name>.csv` */
  readonly name: string;
  readonly title: string;
  readonly description: string;
  /** `from …` with its joins; `where` adds the conditions. */
  readonly from: string;
  readonly where?: string;
  /** A unique, indexed column the pages follow (the table's id). */
  readonly key: string;
  readonly columns: readonly { readonly header: string; readonly sql: string }[];
  /** The person a row is about, for a member's download of their own (and their family's) data. */
  readonly person?: string;
}

/** The modules' export sources by name; two may not share one. */
export function exportCatalogue(sources: readonly ExportSource[]): ReadonlyMap<string, ExportSource> {
  const catalogue = new Map<string, ExportSource>();
  for (const source of sources) {
    if (catalogue.has(source.name)) throw new Error(`Two modules export ${source.name}.`);
    catalogue.set(source.name, source);
  }
  return catalogue;
}
