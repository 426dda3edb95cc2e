import AddRounded from '@mui/icons-material/AddRounded';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { ClassTitleCell, ClassWhenCell } from '../../../components/ClassCells';
import { actionsColumn, DataTable, TableDateFilter, TableFilterSelect, TableSearchField } from '../../../components/DataTable';
import { levelLabel } from '../../../components/schedule/classLabels';
import { useAdminTable } from '../../../components/useAdminTable';
import { AdminClassInstancesDocument, type AdminClassRowFragment } from './classAdmin.generated';
import { classesTable, type ClassFilters } from './ClassManagementPage.preload';
import { CancelClassDialog, EditClassDialog, NewClassDialog } from './ClassDialogs';
import { ApparatusFilter, ClassStatusChip, EditCancelButtons, InstructorFilter } from './classAdminShared';
import { formatDay, formatTimeRange, todayIso } from '../../../app/dates';

function Booked({ row }: { row: AdminClassRowFragment }) {
  const pct = row.capacity ? Math.min(100, (row.spotsTaken / row.capacity) * 100) : 0;
  return (
    <Box sx={{ width: '100%', minWidth: 0 }}>
      <Typography variant="body2" sx={{ fontWeight: 'fontWeightSemiBold' }}>
        {row.spotsTaken} / {row.capacity}
        {row.waitlistLength > 0 && (
          <Typography component="span" variant="caption" color="warning.main" sx={{ ml: 0.75, fontWeight: 'fontWeightBold' }}>
            +{row.waitlistLength} waiting
          </Typography>
        )}
      </Typography>
      <LinearProgress
        variant="determinate"
        value={pct}
        color={pct >= 100 ? 'warning' : 'primary'}
        aria-hidden
        sx={{ mt: 0.5, height: 5, borderRadius: 3 }}
      />
    </Box>
  );
}

function RowActions({ row, onEdit, onCancel }: { row: AdminClassRowFragment; onEdit: () => void; onCancel: () => void }) {
  const cancelled = row.status === 'cancelled';
  const what = `${row.blueprint.name} on ${formatDay(row.date)}`;
  return (
    <Box sx={{ display: 'flex', gap: 0.25 }} onClick={(e) => e.stopPropagation()}>
      <Tooltip title="Roster and attendance">
        <IconButton size="small" component={RouterLink} to={`/admin/attendance?class=${row.id}`} aria-label={`Roster of ${what}`}>
          <GroupsOutlined fontSize="small" />
        </IconButton>
      </Tooltip>
      <EditCancelButtons noun="class" what={what} cancelled={cancelled} onEdit={onEdit} onCancel={onCancel} />
    </Box>
  );
}

export function ClassesTab() {
  const [params, setParams] = useSearchParams();
  const seriesParam = params.get('series') ?? '';
  const {
    table,
    filters: f,
    onSearch,
    grid,
  } = useAdminTable(AdminClassInstancesDocument, classesTable(seriesParam), (d) => d.adminClassInstances);
  const { setFilter, setFilters } = table;
  // A link from the series form (?series=…) shows that series' classes, from its first date.
  useEffect(() => {
    if (seriesParam !== table.state.filters.seriesId) setFilters(seriesParam ? { seriesId: seriesParam, from: '' } : { seriesId: '' });
  }, [seriesParam, table.state.filters.seriesId, setFilters]);

  const [editing, setEditing] = useState<AdminClassRowFragment | null>(null);
  const [cancelling, setCancelling] = useState<AdminClassRowFragment | null>(null);
  const [adding, setAdding] = useState(false);

  const columns = useMemo<GridColDef<AdminClassRowFragment>[]>(
    () => [
      {
        field: 'date',
        headerName: 'Date',
        width: 150,
        renderCell: ({ row }) => <ClassWhenCell date={row.date} startTime={row.startTime} endTime={row.endTime} />,
      },
      {
        field: 'name',
        headerName: 'Class',
        flex: 1,
        minWidth: 190,
        renderCell: ({ row }) => (
          <ClassTitleCell
            name={row.blueprint.name}
            cancelled={row.status === 'cancelled'}
            detail={
              <>
                {row.blueprint.apparatus.name} · {levelLabel(row.blueprint.level)}
                {row.series ? '' : ' · single class'}
              </>
            }
          />
        ),
      },
      { field: 'instructor', headerName: 'Instructor', width: 160, valueGetter: (_v, row) => row.instructor.name },
      { field: 'booked', headerName: 'Booked', width: 150, renderCell: ({ row }) => <Booked row={row} /> },
      { field: 'capacity', headerName: 'Capacity', width: 110, type: 'number', align: 'right', headerAlign: 'right' },
      { field: 'status', headerName: 'Status', width: 125, renderCell: ({ row }) => <ClassStatusChip status={row.status} /> },
      actionsColumn(130, (row) => <RowActions row={row} onEdit={() => setEditing(row)} onCancel={() => setCancelling(row)} />, 'Actions'),
    ],
    [],
  );

  const activeFilters = [f.to, f.apparatusId, f.instructorId, f.status, f.seriesId, f.from !== todayIso() ? 'from' : ''].filter(
    Boolean,
  ).length;
  const clear = () => {
    setFilters({ from: todayIso(), to: '', apparatusId: '', instructorId: '', status: '', search: '' });
    if (seriesParam) {
      params.delete('series');
      setParams(params, { replace: true });
    }
  };
  const filters = (
    <>
      <TableDateFilter label="From" value={f.from} onChange={(v) => setFilter('from', v)} />
      <TableDateFilter label="To" value={f.to} onChange={(v) => setFilter('to', v)} min={f.from} />
      <ApparatusFilter value={f.apparatusId} onChange={(v) => setFilter('apparatusId', v)} width={150} />
      <InstructorFilter value={f.instructorId} onChange={(v) => setFilter('instructorId', v)} width={160} />
      <TableFilterSelect
        label="Status"
        value={f.status}
        onChange={(v) => setFilter('status', v as ClassFilters['status'])}
        options={[
          ['scheduled', 'Scheduled'],
          ['cancelled', 'Cancelled'],
        ]}
        width={140}
      />
      {f.seriesId && (
        <Chip
          color="primary"
          label="One series"
          onDelete={() => {
            params.delete('series');
            setParams(params, { replace: true });
          }}
        />
      )}
      {(activeFilters > 0 || f.search) && (
        <Button size="small" onClick={clear}>
          Clear filters
        </Button>
      )}
    </>
  );

  return (
    <>
      <DataTable
        label="Classes"
        {...grid}
        columns={columns}
        noun={['class', 'classes']}
        search={<TableSearchField label="Search classes" value={f.search} onChange={onSearch} width={220} />}
        filters={filters}
        activeFilters={activeFilters}
        actions={
          <Button variant="contained" startIcon={<AddRounded />} onClick={() => setAdding(true)}>
            Add class
          </Button>
        }
        rowHeight={60}
        emptyText="No classes match these filters."
        renderCard={(row) => (
          <Box sx={{ display: 'grid', gap: 0.75 }}>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'flex-start' }}>
              <Box sx={{ minWidth: 0 }}>
                <Typography sx={{ fontWeight: 'fontWeightBold', textDecoration: row.status === 'cancelled' ? 'line-through' : 'none' }}>
                  {row.blueprint.name}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {formatDay(row.date)} ·{' '}
                  <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                    {formatTimeRange(row.startTime, row.endTime)}
                  </Box>
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {row.instructor.name} · {row.blueprint.apparatus.name}, {levelLabel(row.blueprint.level)}
                </Typography>
              </Box>
              {row.status === 'cancelled' && <ClassStatusChip status={row.status} />}
            </Box>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <Box sx={{ flex: 1 }}>
                <Booked row={row} />
              </Box>
              <RowActions row={row} onEdit={() => setEditing(row)} onCancel={() => setCancelling(row)} />
            </Box>
          </Box>
        )}
      />
      {editing && <EditClassDialog row={editing} onClose={() => setEditing(null)} />}
      {cancelling && <CancelClassDialog row={cancelling} onClose={() => setCancelling(null)} />}
      {adding && <NewClassDialog onClose={() => setAdding(false)} />}
    </>
  );
}
