import type { TypedDocumentNode } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { useCallback } from 'react';
import { useServerTable, type Filters, type ServerTable, type TableInit } from './dataTableState';

/** One page of a server-paged list, as the admin list queries answer it. */
interface ListPage<R> {
  items: readonly R[];
  total: number;
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
  const { data, previousData, loading, error, refetch } = useQuery<TData, TVars>(document, {
    variables: table.variables as unknown as TVars,
  });
  const answer = data ?? previousData;
  const page = answer ? pick(answer) : undefined;
  const onSearch = useCallback((v: string) => setFilter(searchFilter, v as F[keyof F & string]), [setFilter, searchFilter]);
  const grid: {
    rows: P['items'];
    total: number;
    loading: boolean;
    error: unknown;
    onRetry: () => void;
    table: ServerTable<F, S>;
  } = { rows: page?.items ?? [], total: page?.total ?? 0, loading, error, onRetry: () => void refetch(), table };
  return { table, filters: table.state.filters, page, onSearch, grid };
}
