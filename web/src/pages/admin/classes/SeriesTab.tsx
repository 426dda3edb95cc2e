import AddRounded from '@mui/icons-material/AddRounded';
import ListAltOutlined from '@mui/icons-material/ListAltOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ClassTitleCell } from '../../../components/ClassCells';
import { actionsColumn, DataTable, TableFilterSelect, TableSearchField } from '../../../components/DataTable';
import { levelLabel } from '../../../components/schedule/classLabels';
import { useAdminTable } from '../../../components/useAdminTable';
import type { SeriesStatus } from '../../../graphql/types';
import { AdminClassSeriesDocument, type SeriesRowFragment } from './classAdmin.generated';
import { ApparatusFilter, EditCancelButtons, InstructorFilter } from './classAdminShared';
import { CancelSeriesDialog, EditSeriesDialog } from './SeriesDialogs';
import { SeriesForm } from './SeriesForm';
import { weekdayNames } from './seriesRules';
import { formatDateWithYear, formatDay, formatTime } from '../../../app/dates';
import { SERIES_TABLE, type SeriesFilters } from './ClassManagementPage.preload';

const STATUS_LABEL: Record<SeriesStatus, string> = { active: 'Active', ended: 'Ended', cancelled: 'Cancelled' };

function SeriesStatusChip({ status }: { status: SeriesStatus }) {
  const color = status === 'active' ? 'success' : status === 'cancelled' ? 'error' : 'default';
  return <Chip size="small" variant="outlined" color={color} label={STATUS_LABEL[status]} />;
}

function ClassCounts({ row }: { row: SeriesRowFragment }) {
  return (
    <Box sx={{ lineHeight: 1.3, minWidth: 0 }}>
      <Typography variant="body2" sx={{ fontWeight: 'fontWeightSemiBold' }}>
        {row.upcomingClasses} to come
        <Typography component="span" variant="body2" color="text.secondary">
          {' '}
          of {row.scheduledClasses}
        </Typography>
      </Typography>
      <Typography variant="caption" color="text.secondary" component="p" noWrap>
        {row.nextClassDate ? `Next ${formatDay(row.nextClassDate)}` : 'None to come'}
      </Typography>
    </Box>
  );
}

function RowActions({
  row,
  onView,
  onEdit,
  onCancel,
}: {
  row: SeriesRowFragment;
  onView: () => void;
  onEdit: () => void;
  onCancel: () => void;
}) {
  const cancelled = row.status === 'cancelled';
  const what = `${row.blueprint.name}, ${weekdayNames(row.weekdays)} at ${formatTime(row.startTime)}`;
  return (
    <Box sx={{ display: 'flex', gap: 0.25 }} onClick={(e) => e.stopPropagation()}>
      <Tooltip title="Its classes">
        <IconButton size="small" onClick={onView} aria-label={`Classes of ${what}`}>
          <ListAltOutlined fontSize="small" />
        </IconButton>
      </Tooltip>
      <EditCancelButtons noun="series" what={what} cancelled={cancelled} onEdit={onEdit} onCancel={onCancel} />
    </Box>
  );
}

/**
 * Weekly series in a server-paged table (active ones first shown), with edit and cancel for a whole series and a
 * link to its classes; "New series" opens the creation form in place (?new in the address).
 */
export function SeriesTab({ onViewSeries }: { onViewSeries: (seriesId: string) => void }) {
  const [params, setParams] = useSearchParams();
  const creating = params.has('new');
  const setCreating = (on: boolean) => {
    const next = new URLSearchParams(params);
    if (on) next.set('new', '1');
    else next.delete('new');
    setParams(next);
  };
  if (creating) return <SeriesForm onViewSeries={onViewSeries} onDone={() => setCreating(false)} />;
  return <SeriesTable onViewSeries={onViewSeries} onNew={() => setCreating(true)} />;
}

function SeriesTable({ onViewSeries, onNew }: { onViewSeries: (seriesId: string) => void; onNew: () => void }) {
  const { table, filters: f, onSearch, grid } = useAdminTable(AdminClassSeriesDocument, SERIES_TABLE, (d) => d.adminClassSeries);
  const { setFilter, setFilters } = table;
  const [editing, setEditing] = useState<SeriesRowFragment | null>(null);
  const [cancelling, setCancelling] = useState<SeriesRowFragment | null>(null);

  const columns = useMemo<GridColDef<SeriesRowFragment>[]>(
    () => [
      {
        field: 'name',
        headerName: 'Class',
        flex: 1,
        minWidth: 190,
        renderCell: ({ row }) => (
          <ClassTitleCell
            name={row.blueprint.name}
            cancelled={row.status === 'cancelled'}
            detail={`${row.blueprint.apparatus.name} · ${levelLabel(row.blueprint.level)}`}
          />
        ),
      },
      {
        field: 'schedule',
        headerName: 'Weekly',
        width: 200,
        renderCell: ({ row }) => (
          <Box sx={{ lineHeight: 1.3, minWidth: 0 }}>
            <Typography variant="body2" sx={{ fontWeight: 'fontWeightSemiBold' }} noWrap>
              {weekdayNames(row.weekdays)}
            </Typography>
            <Typography variant="caption" color="text.secondary" component="p" noWrap>
              {formatTime(row.startTime)} · {row.blueprint.durationMinutes} min · {row.capacity} spots
            </Typography>
          </Box>
        ),
      },
      {
        field: 'dates',
        headerName: 'Dates',
        width: 135,
        renderCell: ({ row }) => (
          <Box sx={{ lineHeight: 1.3, minWidth: 0 }}>
            <Typography variant="body2" noWrap>
              {formatDateWithYear(row.startDate)}
            </Typography>
            <Typography variant="caption" color="text.secondary" component="p" noWrap>
              to {formatDateWithYear(row.endDate)}
            </Typography>
          </Box>
        ),
      },
      { field: 'instructor', headerName: 'Instructor', width: 140, valueGetter: (_v, row) => row.instructor.name },
      { field: 'classes', headerName: 'Classes', width: 150, sortable: false, renderCell: ({ row }) => <ClassCounts row={row} /> },
      {
        field: 'status',
        headerName: 'Status',
        width: 105,
        sortable: false,
        renderCell: ({ row }) => <SeriesStatusChip status={row.status} />,
      },
      actionsColumn(
        120,
        (row) => (
          <RowActions row={row} onView={() => onViewSeries(row.id)} onEdit={() => setEditing(row)} onCancel={() => setCancelling(row)} />
        ),
        'Actions',
      ),
    ],
    [onViewSeries],
  );

  const activeFilters = [f.status !== 'active' ? 'status' : '', f.apparatusId, f.instructorId].filter(Boolean).length;
  const filters = (
    <>
      <TableFilterSelect
        label="Status"
        value={f.status}
        onChange={(v) => setFilter('status', v as SeriesFilters['status'])}
        options={(Object.keys(STATUS_LABEL) as SeriesStatus[]).map((s) => [s, STATUS_LABEL[s]] as const)}
        width={140}
      />
      <ApparatusFilter value={f.apparatusId} onChange={(v) => setFilter('apparatusId', v)} width={150} />
      <InstructorFilter value={f.instructorId} onChange={(v) => setFilter('instructorId', v)} width={160} />
      {(activeFilters > 0 || f.search) && (
        <Button size="small" onClick={() => setFilters({ status: 'active', apparatusId: '', instructorId: '', search: '' })}>
          Clear filters
        </Button>
      )}
    </>
  );

  return (
    <>
      <DataTable
        label="Weekly series"
        {...grid}
        columns={columns}
        noun={['series', 'series']}
        search={<TableSearchField label="Search series" value={f.search} onChange={onSearch} width={220} />}
        filters={filters}
        activeFilters={activeFilters}
        actions={
          <Button variant="contained" startIcon={<AddRounded />} onClick={onNew}>
            New series
          </Button>
        }
        rowHeight={60}
        emptyText={
          f.status === 'active' && !f.search && !f.apparatusId && !f.instructorId
            ? 'No active series. Create one with New series.'
            : 'No series match these filters.'
        }
        renderCard={(row) => (
          <Box sx={{ display: 'grid', gap: 0.75 }}>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'flex-start' }}>
              <Box sx={{ minWidth: 0 }}>
                <Typography sx={{ fontWeight: 'fontWeightBold', textDecoration: row.status === 'cancelled' ? 'line-through' : 'none' }}>
                  {row.blueprint.name}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {weekdayNames(row.weekdays)} at {formatTime(row.startTime)} · {row.instructor.name}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {formatDateWithYear(row.startDate)} – {formatDateWithYear(row.endDate)}
                </Typography>
              </Box>
              <SeriesStatusChip status={row.status} />
            </Box>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <ClassCounts row={row} />
              </Box>
              <RowActions
                row={row}
                onView={() => onViewSeries(row.id)}
                onEdit={() => setEditing(row)}
                onCancel={() => setCancelling(row)}
              />
            </Box>
          </Box>
        )}
      />
      {editing && <EditSeriesDialog row={editing} onClose={() => setEditing(null)} />}
      {cancelling && <CancelSeriesDialog row={cancelling} onClose={() => setCancelling(null)} />}
    </>
  );
}
