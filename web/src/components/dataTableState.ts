import { useCallback, useMemo, useState } from 'react';

/**
 * The state of a server-paged admin table (page, page size, sort, filters) and how it becomes the variables of
 * the page's GraphQL query. The grid only shows what the server answered: paging, sorting and filtering all happen
 * in SQL. This file has no grid code, so pages and tests can use it without loading MUI X.
 */

/** The MIT DataGrid refuses page sizes over 100, and the API caps list queries there too. */
export const MAX_PAGE_SIZE = 100;
export const PAGE_SIZE_OPTIONS = [10, 25, 50, 100];
export const DEFAULT_PAGE_SIZE = 25;

export type SortDirection = 'ASC' | 'DESC';
export type FilterValue = string | number | boolean | null | undefined;
export type Filters = Record<string, FilterValue>;

export interface TableSort {
  /** The grid column's field. */
  field: string;
  direction: 'asc' | 'desc';
}

export interface TableState<F extends Filters> {
  /** 0-based, as the grid counts; the API counts from 1. */
  page: number;
  pageSize: number;
  sort: TableSort | null;
  filters: F;
}

export interface TableOptions<S extends string> {
  /** Grid column field → the API's sort field. Only these columns can be sorted (on the server). */
  sortFields?: Readonly<Record<string, S>>;
  /** What the API sorts by when no column is sorted. */
  defaultSort?: { field: S; direction: SortDirection };
}

export type QueryVariables<F extends Filters, S extends string> = {
  page: number;
  pageSize: number;
  sortField?: S;
  sortDirection?: SortDirection;
} & {
  [K in keyof F]?: Exclude<F[K], null | '' | undefined>;
};

export function clampPageSize(pageSize: number): number {
  if (!Number.isFinite(pageSize) || pageSize < 1) return DEFAULT_PAGE_SIZE;
  return Math.min(MAX_PAGE_SIZE, Math.floor(pageSize));
}

/** Drops empty filters (blank text, null, undefined) and trims text, so "no filter" is never sent as "". */
export function cleanFilters<F extends Filters>(filters: F): Partial<F> {
  const out: Partial<F> = {};
  for (const [key, value] of Object.entries(filters) as [keyof F, FilterValue][]) {
    if (value === null || value === undefined) continue;
    if (typeof value === 'string') {
      const trimmed = value.trim();
      if (trimmed) out[key] = trimmed as F[keyof F];
    } else {
      out[key] = value as F[keyof F];
    }
  }
  return out;
}

/** Grid state → GraphQL variables: 1-based page, page size capped at 100, the API's sort field and direction, filters. */
export function toQueryVariables<F extends Filters, S extends string>(
  state: TableState<F>,
  options: TableOptions<S> = {},
): QueryVariables<F, S> {
  const vars: Record<string, unknown> = {
    page: Math.max(0, Math.floor(state.page)) + 1,
    pageSize: clampPageSize(state.pageSize),
  };
  const sortField = state.sort ? options.sortFields?.[state.sort.field] : undefined;
  if (sortField && state.sort) {
    vars.sortField = sortField;
    vars.sortDirection = state.sort.direction === 'desc' ? 'DESC' : 'ASC';
  } else if (options.sortFields && options.defaultSort) {
    vars.sortField = options.defaultSort.field;
    vars.sortDirection = options.defaultSort.direction;
  }
  return { ...cleanFilters(state.filters), ...vars } as QueryVariables<F, S>;
}

/** The grid column that shows an API sort field (the reverse of `sortFields`). */
export function columnForSortField<S extends string>(
  sortFields: Readonly<Record<string, S>> | undefined,
  field: S | undefined,
): string | null {
  if (!sortFields || !field) return null;
  return Object.keys(sortFields).find((column) => sortFields[column] === field) ?? null;
}

/** The last page that still has rows (0-based), so shrinking results never leave the table on an empty page. */
export function lastPage(total: number, pageSize: number): number {
  return Math.max(0, Math.ceil(total / clampPageSize(pageSize)) - 1);
}

export interface ServerTable<F extends Filters, S extends string> {
  state: TableState<F>;
  options: TableOptions<S>;
  variables: QueryVariables<F, S>;
  setPage(page: number): void;
  setPageSize(pageSize: number): void;
  /** null: back to the default order. */
  setSort(sort: TableSort | null): void;
  /** Changing a filter goes back to the first page. */
  setFilter<K extends keyof F>(key: K, value: F[K]): void;
  setFilters(patch: Partial<F>): void;
}

/** How a table starts: its filters, page size and sorting. */
export type TableInit<F extends Filters, S extends string> = { filters: F; pageSize?: number } & TableOptions<S>;

/** The first page of a table, sorted as configured. */
export function initialTableState<F extends Filters, S extends string>(init: TableInit<F, S>): TableState<F> {
  const column = columnForSortField(init.sortFields, init.defaultSort?.field);
  return {
    page: 0,
    pageSize: clampPageSize(init.pageSize ?? DEFAULT_PAGE_SIZE),
    sort: column && init.defaultSort ? { field: column, direction: init.defaultSort.direction === 'DESC' ? 'desc' : 'asc' } : null,
    filters: init.filters,
  };
}

/** The variables of a table's first query, for a route that starts it before the table's code has loaded. */
export function initialTableVariables<F extends Filters, S extends string>(init: TableInit<F, S>): QueryVariables<F, S> {
  return toQueryVariables(initialTableState(init), { sortFields: init.sortFields, defaultSort: init.defaultSort });
}

/**
 * The table's start with filters from the page's address (`?status=open&overdue=true`): how another page (the
 * dashboard) opens a table filtered. Only the table's own filter keys are read; digits become a number and
 * true/false a boolean where the filter is not text.
 */
export function withFiltersFrom<F extends Filters, S extends string>(init: TableInit<F, S>, search: URLSearchParams): TableInit<F, S> {
  const given = Object.keys(init.filters).filter((key) => search.has(key));
  if (given.length === 0) return init;
  const filters: Filters = { ...init.filters };
  for (const key of given) {
    const raw = search.get(key)!;
    const text = typeof init.filters[key] === 'string';
    filters[key] = text ? raw : /^\d{1,6}$/.test(raw) ? Number(raw) : raw === 'true' ? true : raw === 'false' ? false : raw;
  }
  return { ...init, filters: filters as F };
}

/** Holds one table's state (it is view state, not server data) and derives the query variables from it. */
export function useServerTable<F extends Filters, S extends string = never>(init: TableInit<F, S>): ServerTable<F, S> {
  const { sortFields, defaultSort } = init;
  const [state, setState] = useState<TableState<F>>(() => initialTableState(init));
  const options = useMemo(() => ({ sortFields, defaultSort }), [sortFields, defaultSort]);
  const variables = useMemo(() => toQueryVariables(state, options), [state, options]);

  const setPage = useCallback((page: number) => setState((s) => (s.page === page ? s : { ...s, page: Math.max(0, page) })), []);
  const setPageSize = useCallback(
    (pageSize: number) =>
      setState((s) => (s.pageSize === clampPageSize(pageSize) ? s : { ...s, pageSize: clampPageSize(pageSize), page: 0 })),
    [],
  );
  const setSort = useCallback((sort: TableSort | null) => setState((s) => ({ ...s, sort, page: 0 })), []);
  const setFilters = useCallback((patch: Partial<F>) => setState((s) => ({ ...s, filters: { ...s.filters, ...patch }, page: 0 })), []);
  const setFilter = useCallback(
    <K extends keyof F>(key: K, value: F[K]) => setFilters({ [key]: value } as unknown as Partial<F>),
    [setFilters],
  );

  return { state, options, variables, setPage, setPageSize, setSort, setFilter, setFilters };
}

/** A total as people read it: exact, or an estimate rounded to two significant figures ("about 100,000"). */
export function describeTotal(total: number, estimate = false): string {
  if (!estimate) return total.toLocaleString('en-US');
  const step = 10 ** Math.max(0, Math.floor(Math.log10(Math.max(total, 1))) - 1);
  return `about ${(Math.round(total / step) * step).toLocaleString('en-US')}`;
}
