import type { TypedDocumentNode } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useServerTable, withFiltersFrom, type Filters, type ServerTable, type TableInit } from './dataTableState';

/** One page of a server-paged list, as the admin list queries answer it (people tables add a cursor and estimates). */
interface ListPage<R> {
  items: readonly R[];
  total: number;
  totalIsEstimate?: boolean;
  endCursor?: string | null;
}

/**
 * A server-paged admin table: its state (page, size, sort, filters), the page's query with those variables, and the
 * props DataTable takes from them (`grid`, spread onto it). While the next page loads the previous one stays shown.
 */
export function useAdminTable<
  TData,
  TVars extends Record<string, unknown>,
  F extends Filters,
  S extends string,
  P extends ListPage<unknown>,
>(
  document: TypedDocumentNode<TData, TVars>,
  init: TableInit<F, S>,
  pick: (data: TData) => P | null | undefined,
  searchFilter: keyof F & string = 'search',
) {
  // Filters in the address (a link from the dashboard) apply as the table opens.
  const [search] = useSearchParams();
  const table = useServerTable(withFiltersFrom(init, search));
  const { setFilter } = table;
  // Tables whose pages carry a cursor go to the next page by it (stable while rows are added, fast however deep):
  // the cursor that ends page N opens page N + 1 of the same sort, filters and page size.
  const [cursors, setCursors] = useState<ReadonlyMap<string, string>>(() => new Map());
  const { page: pageNumber, ...query } = table.variables;
  const key = JSON.stringify(query);
  const after = cursors.get(`${key}#${pageNumber}`);
  const variables = (after ? { ...table.variables, after } : table.variables) as unknown as TVars;
  const { data, previousData, loading, error, refetch } = useQuery<TData, TVars>(document, { variables });
  const answer = data ?? previousData;
  const page = answer ? pick(answer) : undefined;
  const ended = data ? pick(data)?.endCursor : undefined;
  const { setPage } = table;
  const pagedTable = useMemo(
    () => ({
      ...table,
      setPage(next: number) {
        // Grid pages count from 0, the API's from 1: leaving page N (API N + 1) forward keeps its cursor for N + 2.
        if (ended && next === pageNumber) setCursors((known) => new Map(known).set(`${key}#${pageNumber + 1}`, ended));
        setPage(next);
      },
    }),
    [table, ended, key, pageNumber, setPage],
  );
  const onSearch = useCallback((v: string) => setFilter(searchFilter, v as F[keyof F & string]), [setFilter, searchFilter]);
  const grid: {
    rows: P['items'];
    total: number;
    totalIsEstimate: boolean;
    loading: boolean;
    error: unknown;
    onRetry: () => void;
    table: ServerTable<F, S>;
  } = {
    rows: page?.items ?? [],
    total: page?.total ?? 0,
    totalIsEstimate: page?.totalIsEstimate ?? false,
    loading,
    error,
    onRetry: () => void refetch(),
    table: pagedTable,
  };
  return { table: pagedTable, filters: table.state.filters, page, onSearch, grid };
}
