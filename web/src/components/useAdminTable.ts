import type { TypedDocumentNode } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { useCallback, useEffect, useRef } from 'react';
import { useServerTable, type Filters, type ServerTable, type TableInit } from './dataTableState';

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
  const table = useServerTable(init);
  const { setFilter } = table;
  // Tables whose pages carry a cursor go to the next page by it (stable while rows are added, fast however deep):
  // the cursor that ends page N opens page N + 1 of the same sort, filters and page size.
  const cursors = useRef(new Map<string, string>());
  const { page: pageNumber, ...query } = table.variables;
  const key = JSON.stringify(query);
  const after = cursors.current.get(`${key}#${pageNumber}`);
  const variables = (after ? { ...table.variables, after } : table.variables) as unknown as TVars;
  const { data, previousData, loading, error, refetch } = useQuery<TData, TVars>(document, { variables });
  const answer = data ?? previousData;
  const page = answer ? pick(answer) : undefined;
  const ended = data ? pick(data)?.endCursor : undefined;
  useEffect(() => {
    if (ended) cursors.current.set(`${key}#${pageNumber + 1}`, ended);
  }, [ended, key, pageNumber]);
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
    table,
  };
  return { table, filters: table.state.filters, page, onSearch, grid };
}
