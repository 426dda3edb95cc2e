import SearchRounded from '@mui/icons-material/SearchRounded';
import TuneRounded from '@mui/icons-material/TuneRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Checkbox from '@mui/material/Checkbox';
import CardActionArea from '@mui/material/CardActionArea';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import { alpha, useTheme } from '@mui/material/styles';
import TablePagination from '@mui/material/TablePagination';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { DataGrid, type GridColDef, type GridRowSelectionModel, type GridSortModel, type GridValidRowModel } from '@mui/x-data-grid';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { LoadErrorAlert } from './LoadErrorAlert';
import { PAGE_SIZE_OPTIONS, describeTotal, lastPage, type Filters, type ServerTable } from './dataTableState';

export { describeTotal };

export interface DataTableProps<R extends GridValidRowModel, F extends Filters, S extends string> {
  /** The table's accessible name. */
  label: string;
  rows: readonly R[];
  /** Rows on the server across all pages. */
  total: number;
  /** The total is the server's estimate (a very large table): shown as "about N". */
  totalIsEstimate?: boolean;
  loading: boolean;
  error?: unknown;
  onRetry?: () => void;
  columns: GridColDef<R>[];
  table: ServerTable<F, S>;
  getRowId?: (row: R) => string;
  /** A search box, always shown above the rows. */
  search?: ReactNode;
  /** More filters: beside the search on wide screens, behind a Filters button on phones. */
  filters?: ReactNode;
  /** How many filters are set (shown on the phones' Filters button). */
  activeFilters?: number;
  /** Buttons above the table (e.g. Add). */
  actions?: ReactNode;
  /** Text before the count above the table, e.g. 'classes' gives '70 classes'. */
  noun?: [singular: string, plural: string];
  /** On phones the rows become cards; without this the grid stays (scrolling sideways). */
  renderCard?: (row: R) => ReactNode;
  onRowClick?: (row: R) => void;
  /** Highlights the row with this id. */
  selectedId?: string | null;
  emptyText?: string;
  rowHeight?: number;
  /** Tests: render every row without measuring (jsdom has no layout). */
  disableVirtualization?: boolean;
  /** Checkboxes to pick rows for bulk actions (on phones, one per card), kept across pages. */
  selection?: RowSelection<R>;
}

export interface RowSelection<R> {
  ids: readonly string[];
  onChange: (ids: string[]) => void;
  /** The row's name for its checkbox ("Select Gazelle"). */
  labelOf: (row: R) => string;
}

const defaultRowId = (row: GridValidRowModel) => String(row.id);

function displayedRows({ from, to, count }: { from: number; to: number; count: number }, estimate?: boolean): string {
  return `${from.toLocaleString('en-US')}–${to.toLocaleString('en-US')} of ${describeTotal(count, estimate)}`;
}

/**
 * The admin tables' one grid: MUI X DataGrid in server mode. Paging, sorting and filtering are state in a
 * `useServerTable`, which turns them into the page's GraphQL variables; the grid only displays what came back.
 * On phones, rows become cards with a sort menu and a pager.
 */
export function DataTable<R extends GridValidRowModel, F extends Filters, S extends string>(props: DataTableProps<R, F, S>) {
  const {
    label,
    rows,
    total,
    loading,
    error,
    onRetry,
    columns,
    table,
    search,
    filters,
    activeFilters = 0,
    actions,
    noun,
    renderCard,
    onRowClick,
    selectedId,
    emptyText = 'No rows match these filters.',
    rowHeight = 56,
    disableVirtualization,
    selection,
  } = props;
  const getRowId = props.getRowId ?? (defaultRowId as (row: R) => string);
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const [filtersOpen, setFiltersOpen] = useState(false);
  const { state, options } = table;
  const sortFields = options.sortFields;

  // When rows disappear (a filter elsewhere, a cancelled class), step back to the last page that has rows.
  useEffect(() => {
    if (!loading && !error && total > 0 && state.page > lastPage(total, state.pageSize)) table.setPage(lastPage(total, state.pageSize));
  }, [loading, error, total, state.page, state.pageSize, table]);

  // Only the columns the API can sort by are sortable, and the sort happens on the server.
  const gridColumns = useMemo(
    () => columns.map((c) => ({ ...c, sortable: Boolean(sortFields && c.field in sortFields) && c.sortable !== false })),
    [columns, sortFields],
  );
  const sortModel: GridSortModel = state.sort ? [{ field: state.sort.field, sort: state.sort.direction }] : [];
  const selectionModel = useMemo<GridRowSelectionModel | undefined>(
    () => (selection ? { type: 'include', ids: new Set(selection.ids) } : undefined),
    [selection],
  );

  const errorBox = error ? (
    <LoadErrorAlert error={error} fallback={`${label} could not be loaded.`} onRetry={onRetry} sx={{ m: 2 }} />
  ) : null;

  const showFilters = Boolean(filters) && (!phone || filtersOpen);
  return (
    <Box>
      {(noun || actions) && (
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1.5, flexWrap: 'wrap', mb: 1.5 }}>
          <Typography color="text.secondary" role="status" aria-live="polite" sx={{ fontWeight: 'fontWeightSemiBold' }}>
            {noun && !error
              ? loading && !rows.length
                ? 'Loading…'
                : `${describeTotal(total, props.totalIsEstimate)} ${total === 1 && !props.totalIsEstimate ? noun[0] : noun[1]}`
              : ''}
          </Typography>
          {actions && <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>{actions}</Box>}
        </Box>
      )}
      <Card sx={{ overflow: 'hidden' }}>
        {(search || filters) && (
          <Box
            role="search"
            aria-label={`Filter ${label.toLowerCase()}`}
            sx={{
              p: { xs: 1.5, sm: 2 },
              display: 'flex',
              flexWrap: 'wrap',
              gap: 1.5,
              alignItems: 'center',
              borderBottom: 1,
              borderColor: 'divider',
            }}
          >
            {search}
            {phone && filters && (
              <Button
                variant={filtersOpen ? 'contained' : 'outlined'}
                startIcon={<TuneRounded />}
                aria-expanded={filtersOpen}
                onClick={() => setFiltersOpen((o) => !o)}
                sx={{ minHeight: 40 }}
              >
                Filters{activeFilters ? ` (${activeFilters})` : ''}
              </Button>
            )}
            {showFilters && filters}
          </Box>
        )}
        {errorBox}
        {phone && renderCard ? (
          <CardList {...props} getRowId={getRowId} />
        ) : (
          <Box sx={{ position: 'relative' }}>
            {/* A refetch's progress bar sits over the grid, not in it: a progressbar inside role=grid breaks its ARIA
              structure (axe aria-required-children), and the grid's own one has no name. */}
            {loading && rows.length > 0 && (
              <LinearProgress
                aria-label={`Loading ${label.toLowerCase()}`}
                sx={{ position: 'absolute', top: 0, left: 0, right: 0, zIndex: 4 }}
              />
            )}
            <DataGrid<R>
              label={label}
              rows={rows}
              getRowId={getRowId}
              columns={gridColumns}
              rowCount={total}
              loading={loading && rows.length === 0}
              paginationMode="server"
              sortingMode="server"
              filterMode="server"
              disableColumnFilter
              disableRowSelectionOnClick
              checkboxSelection={Boolean(selection)}
              keepNonExistentRowsSelected
              rowSelectionModel={selectionModel}
              onRowSelectionModelChange={
                selection
                  ? (model) => {
                      // "Select all" answers with the rows left out; it picks this page's rows only.
                      const picked =
                        model.type === 'include'
                          ? [...model.ids].map(String)
                          : [
                              ...selection.ids.filter((id) => !rows.some((r) => getRowId(r) === id)),
                              ...rows.map(getRowId).filter((id) => !model.ids.has(id)),
                            ];
                      selection.onChange(picked);
                    }
                  : undefined
              }
              sortingOrder={['asc', 'desc']}
              pageSizeOptions={PAGE_SIZE_OPTIONS}
              paginationModel={{ page: state.page, pageSize: state.pageSize }}
              onPaginationModelChange={(model) => {
                if (model.pageSize !== state.pageSize) table.setPageSize(model.pageSize);
                else table.setPage(model.page);
              }}
              sortModel={sortModel}
              onSortModelChange={(model) => {
                const first = model[0];
                table.setSort(first?.sort ? { field: first.field, direction: first.sort } : null);
              }}
              onRowClick={onRowClick ? (params) => onRowClick(params.row) : undefined}
              getRowClassName={(params) => (selectedId && String(params.id) === selectedId ? 'is-selected' : '')}
              rowHeight={rowHeight}
              autoHeight
              disableVirtualization={disableVirtualization}
              localeText={{ noRowsLabel: emptyText, paginationDisplayedRows: (shown) => displayedRows(shown, props.totalIsEstimate) }}
              slotProps={{ loadingOverlay: { variant: 'linear-progress', noRowsVariant: 'skeleton' } }}
              sx={{
                border: 0,
                borderRadius: 0,
                '--DataGrid-containerBackground': theme.palette.background.default,
                '& .MuiDataGrid-columnHeaderTitle': {
                  fontWeight: 'fontWeightBold',
                  color: 'text.secondary',
                  fontSize: '0.8rem',
                  textTransform: 'uppercase',
                  letterSpacing: '0.04em',
                },
                '& .MuiDataGrid-cell': { display: 'flex', alignItems: 'center' },
                '& .MuiDataGrid-cell:focus, & .MuiDataGrid-cell:focus-within, & .MuiDataGrid-columnHeader:focus, & .MuiDataGrid-columnHeader:focus-within':
                  {
                    outline: `2px solid ${alpha(theme.palette.primary.main, 0.5)}`,
                    outlineOffset: -2,
                  },
                '& .MuiDataGrid-row': { cursor: onRowClick ? 'pointer' : 'default' },
                '& .MuiDataGrid-row:hover': { bgcolor: alpha(theme.palette.primary.main, 0.04) },
                '& .MuiDataGrid-row.is-selected, & .MuiDataGrid-row.is-selected:hover': {
                  bgcolor: alpha(theme.palette.primary.main, 0.06),
                  boxShadow: `inset 3px 0 0 ${theme.palette.primary.main}`,
                },
                '& .MuiDataGrid-footerContainer': { borderTop: 1, borderColor: 'divider' },
              }}
            />
          </Box>
        )}
      </Card>
    </Box>
  );
}

/** Phones: one card per row, a sort menu and a pager (same state, same server queries). */
function CardList<R extends GridValidRowModel, F extends Filters, S extends string>({
  label,
  rows,
  total,
  totalIsEstimate,
  loading,
  columns,
  table,
  getRowId,
  renderCard,
  onRowClick,
  selectedId,
  emptyText,
  selection,
}: DataTableProps<R, F, S> & { getRowId: (row: R) => string }) {
  const { state, options } = table;
  const sortable = columns.filter((c) => options.sortFields && c.field in options.sortFields && c.sortable !== false);
  const sortValue = state.sort ? `${state.sort.field}:${state.sort.direction}` : '';
  return (
    <Box>
      {sortable.length > 0 && (
        <Box sx={{ px: 1.5, pt: 1.5 }}>
          <TextField
            select
            size="small"
            label="Sort by"
            value={sortValue}
            onChange={(e) => {
              const [field, direction] = e.target.value.split(':');
              table.setSort(field ? { field, direction: direction === 'desc' ? 'desc' : 'asc' } : null);
            }}
          >
            {sortable.flatMap((c) => [
              <MenuItem key={`${c.field}:asc`} value={`${c.field}:asc`}>
                {c.headerName ?? c.field} (ascending)
              </MenuItem>,
              <MenuItem key={`${c.field}:desc`} value={`${c.field}:desc`}>
                {c.headerName ?? c.field} (descending)
              </MenuItem>,
            ])}
          </TextField>
        </Box>
      )}
      <Box sx={{ height: 4, mt: 1 }}>{loading && rows.length > 0 && <LinearProgress aria-label={`Loading ${label.toLowerCase()}`} />}</Box>
      <Box component="ul" aria-label={label} aria-busy={loading} sx={{ listStyle: 'none', m: 0, px: 1.5, pb: 1, display: 'grid', gap: 1 }}>
        {loading && rows.length === 0
          ? [0, 1, 2].map((i) => (
              <li key={i}>
                <Skeleton variant="rounded" height={88} />
              </li>
            ))
          : rows.map((row) => {
              const id = getRowId(row);
              const selected = selectedId === id;
              const body = <Box sx={{ p: 1.75, flex: 1, minWidth: 0 }}>{renderCard?.(row)}</Box>;
              const picked = selection?.ids.includes(id) ?? false;
              return (
                <li key={id}>
                  <Card
                    variant="outlined"
                    sx={{
                      borderRadius: '12px',
                      borderColor: selected ? 'primary.main' : 'divider',
                      bgcolor: selected ? (t) => alpha(t.palette.primary.main, 0.06) : 'background.paper',
                    }}
                  >
                    <Box sx={{ display: 'flex', alignItems: 'flex-start' }}>
                      {selection && (
                        <Checkbox
                          checked={picked}
                          onChange={(e) =>
                            selection.onChange(e.target.checked ? [...selection.ids, id] : selection.ids.filter((x) => x !== id))
                          }
                          slotProps={{ input: { 'aria-label': `Select ${selection.labelOf(row)}` } }}
                          sx={{ mt: 0.75, ml: 0.5, mr: -1 }}
                        />
                      )}
                      {onRowClick ? (
                        <CardActionArea
                          component="div"
                          role="button"
                          tabIndex={0}
                          aria-pressed={selected}
                          sx={{ flex: 1, minWidth: 0 }}
                          onClick={() => onRowClick(row)}
                          onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && (e.preventDefault(), onRowClick(row))}
                        >
                          {body}
                        </CardActionArea>
                      ) : (
                        body
                      )}
                    </Box>
                  </Card>
                </li>
              );
            })}
      </Box>
      {!loading && rows.length === 0 && (
        <Typography color="text.secondary" sx={{ textAlign: 'center', py: 4, px: 2 }}>
          {emptyText}
        </Typography>
      )}
      <TablePagination
        component="div"
        count={total}
        page={Math.min(state.page, lastPage(total, state.pageSize))}
        rowsPerPage={state.pageSize}
        rowsPerPageOptions={PAGE_SIZE_OPTIONS.filter((n) => n <= 50)}
        onPageChange={(_, page) => table.setPage(page)}
        onRowsPerPageChange={(e) => table.setPageSize(Number(e.target.value))}
        labelRowsPerPage="Per page"
        labelDisplayedRows={(shown) => displayedRows(shown, totalIsEstimate)}
        sx={{ borderTop: 1, borderColor: 'divider', '& .MuiTablePagination-toolbar': { px: 1 } }}
      />
    </Box>
  );
}

/** A search box for a table's toolbar: updates the filter 300 ms after typing stops. */
export function TableSearchField({
  label,
  value,
  onChange,
  placeholder,
  width = 260,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  width?: number | string;
}) {
  const [text, setText] = useState(value);
  // A new value from outside (a cleared filter, the address) replaces what is typed.
  const [shownValue, setShownValue] = useState(value);
  if (value !== shownValue) {
    setShownValue(value);
    setText(value);
  }
  useEffect(() => {
    if (text === value) return;
    const timer = setTimeout(() => onChange(text), 300);
    return () => clearTimeout(timer);
  }, [text, value, onChange]);
  return (
    <TextField
      size="small"
      label={label}
      type="search"
      value={text}
      placeholder={placeholder}
      onChange={(e) => setText(e.target.value)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') onChange(text);
      }}
      // On phones the search has a row of its own: beside the Filters button it showed only a few letters.
      sx={{ width: { xs: 'auto', sm: width }, flex: { xs: '1 1 100%', sm: '0 0 auto' } }}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchRounded fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

/** A filter of a table's toolbar that picks one of a few values; the empty value, "All", filters nothing. */
export function TableFilterSelect({
  label,
  value,
  onChange,
  options,
  width = 150,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** [value, label] pairs, in the order shown after "All". */
  options: readonly (readonly [string, string])[];
  width?: number;
}) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
      sx={{ width: { xs: 'calc(50% - 6px)', sm: width } }}
    >
      <MenuItem value="">
        <em>All</em>
      </MenuItem>
      {options.map(([v, text]) => (
        <MenuItem key={v} value={v}>
          {text}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** A date filter for the tables' filter bar (half the row on phones); `min` keeps a "To" date after its "From". */
export function TableDateFilter({
  label,
  value,
  onChange,
  min,
  width = 160,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  min?: string;
  width?: number | string;
}) {
  return (
    <TextField
      size="small"
      label={label}
      type="date"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      slotProps={{ inputLabel: { shrink: true }, ...(min && { htmlInput: { min } }) }}
      sx={{ width: { xs: 'calc(50% - 6px)', sm: width } }}
    />
  );
}

/** The column of a row's buttons: fixed width, neither sortable nor in the column menu (its heading blank by default). */
export function actionsColumn<R extends GridValidRowModel>(width: number, render: (row: R) => ReactNode, headerName = ''): GridColDef<R> {
  return { field: 'actions', headerName, width, sortable: false, disableColumnMenu: true, renderCell: ({ row }) => render(row) };
}
