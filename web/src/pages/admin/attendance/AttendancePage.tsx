import { fullName } from '@studio/rules';
import { useQuery } from '@apollo/client/react';
import DownloadRounded from '@mui/icons-material/DownloadRounded';
import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import PersonSearchRounded from '@mui/icons-material/PersonSearchRounded';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import DialogContentText from '@mui/material/DialogContentText';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../../app/errors';
import { FormDateField, useZodForm } from '../../../app/forms';
import { readToken } from '../../../app/storage';
import { useToast } from '../../../app/toast';
import { ClassTitleCell, ClassWhenCell } from '../../../components/ClassCells';
import { DataTable, TableDateFilter, TableSearchField } from '../../../components/DataTable';
import { EmptyState } from '../../../components/EmptyState';
import { FormDialog } from '../../../components/FormDialog';
import { PageFrame } from '../../../components/PageFrame';
import { AttendanceHistory } from '../../../components/attendance/AttendanceHistory';
import { whoseChild } from '../../../components/attendance/AddAttendeeDialog';
import { ClassRoster } from '../../../components/attendance/ClassRoster';
import { levelLabel } from '../../../components/schedule/classLabels';
import { useAdminTable } from '../../../components/useAdminTable';
import { FindAttendeesDocument } from '../../../components/attendance/attendance.generated';
import {
  AttendanceClassDocument,
  type AttendanceClassRowFragment,
  AttendanceClassesDocument,
  AttendancePersonDocument,
} from './attendance.generated';
import { attendanceTable } from './AttendancePage.preload';
import { exportRangeForm, fetchAttendanceCsv, saveBlob } from './attendanceCsv';
import { addDays, formatDay, formatLongDay, formatTimeRange, todayIso } from '../../../app/dates';
import { useCommittedSearchParams } from '../../../app/useCommittedValue';
import { useDebounced } from '../../../components/useDebounced';

/** The roster of the class chosen in the table (or linked from /admin/classes). */
function RosterPanel({ classId }: { classId: string }) {
  const { data, loading, error } = useQuery(AttendanceClassDocument, { variables: { id: classId } });
  const k = data?.classInstance;
  return (
    <Card component="section" aria-labelledby="roster-title" sx={{ p: { xs: 2, sm: 2.5 } }}>
      {error ? (
        <Alert severity="error">{errorMessage(error, 'That class could not be loaded.')}</Alert>
      ) : loading || !k ? (
        <Skeleton variant="rounded" height={180} />
      ) : (
        <>
          <Typography id="roster-title" component="h2" variant="h6">
            {k.blueprint.name}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {formatLongDay(k.date)} · {formatTimeRange(k.startTime, k.endTime)} · {k.instructor.name}
          </Typography>
          <ClassRoster klass={k} isAdmin />
        </>
      )}
    </Card>
  );
}

function ByClass() {
  // The queries follow the address once its move is committed (see useCommittedValue).
  const [params, setParams] = useCommittedSearchParams();
  const selected = params.get('class');
  const today = todayIso();
  const {
    table,
    filters: f,
    onSearch,
    grid,
  } = useAdminTable(AttendanceClassesDocument, attendanceTable(today), (d) => d.adminClassInstances);
  const { setFilter } = table;
  const panel = useRef<HTMLDivElement>(null);
  const choose = (row: AttendanceClassRowFragment) => {
    setParams({ class: row.id });
    // On narrow screens the roster is below the list: bring it into view.
    setTimeout(() => panel.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' }), 50);
  };

  const columns = useMemo<GridColDef<AttendanceClassRowFragment>[]>(
    () => [
      {
        field: 'date',
        headerName: 'Date',
        width: 140,
        renderCell: ({ row }) => <ClassWhenCell date={row.date} startTime={row.startTime} endTime={row.endTime} />,
      },
      {
        field: 'name',
        headerName: 'Class',
        flex: 1,
        minWidth: 160,
        renderCell: ({ row }) => (
          <ClassTitleCell name={row.blueprint.name} cancelled={row.status === 'cancelled'} detail={<>{row.instructor.name}</>} />
        ),
      },
      { field: 'booked', headerName: 'Booked', width: 100, valueGetter: (_v, row) => `${row.spotsTaken} / ${row.capacity}` },
    ],
    [],
  );

  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 5fr) minmax(0, 6fr)' }, alignItems: 'start' }}>
      <DataTable
        label="Classes"
        noun={['class', 'classes']}
        {...grid}
        columns={columns}
        rowHeight={58}
        onRowClick={choose}
        selectedId={selected}
        emptyText="No classes in these dates."
        search={<TableSearchField label="Search classes" value={f.search} onChange={onSearch} width="100%" />}
        activeFilters={f.from !== addDays(today, -13) || f.to !== today ? 1 : 0}
        filters={
          <>
            {/* The list is a narrow column beside the roster: the dates share its row at every width. */}
            <TableDateFilter label="From" value={f.from} onChange={(v) => setFilter('from', v)} width="calc(50% - 6px)" />
            <TableDateFilter label="To" value={f.to} onChange={(v) => setFilter('to', v)} width="calc(50% - 6px)" />
          </>
        }
        renderCard={(row) => (
          <Box>
            <Typography sx={{ fontWeight: 'fontWeightBold', textDecoration: row.status === 'cancelled' ? 'line-through' : 'none' }}>
              {row.blueprint.name}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {formatDay(row.date)} · {formatTimeRange(row.startTime, row.endTime)}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {row.instructor.name} · {row.blueprint.apparatus.name}, {levelLabel(row.blueprint.level)} ·{' '}
              <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                {row.spotsTaken} / {row.capacity} booked
              </Box>
            </Typography>
          </Box>
        )}
      />
      <Box ref={panel} sx={{ position: { lg: 'sticky' }, top: { lg: 88 }, scrollMarginTop: 80 }}>
        {selected ? (
          <RosterPanel classId={selected} />
        ) : (
          <Card>
            <EmptyState icon={<FactCheckOutlined />} title="Choose a class">
              See who came and who did not, and correct check-ins and no-shows.
            </EmptyState>
          </Card>
        )}
      </Box>
    </Box>
  );
}

function ByStudent() {
  // The queries follow the address once its move is committed (see useCommittedValue).
  const [params, setParams] = useCommittedSearchParams();
  const personId = params.get('person');
  const [input, setInput] = useState('');
  const search = useDebounced(input.trim());
  const found = useQuery(FindAttendeesDocument, { variables: { search }, skip: search.length < 2 });
  const options = search.length < 2 ? [] : (found.data?.findAttendees ?? found.previousData?.findAttendees ?? []);
  const person = useQuery(AttendancePersonDocument, { variables: { id: personId ?? '' }, skip: !personId }).data?.user ?? null;
  return (
    <Box sx={{ display: 'grid', gap: 3, maxWidth: 760 }}>
      <Card sx={{ p: { xs: 2, sm: 2.5 } }}>
        <Autocomplete
          options={options}
          value={options.find((o) => o.id === personId) ?? null}
          onChange={(_, p) => p && setParams({ tab: 'student', person: p.id })}
          inputValue={input}
          onInputChange={(_, v) => setInput(v)}
          filterOptions={(x) => x}
          getOptionLabel={(p) => [fullName(p), whoseChild(p)].filter(Boolean).join(', ')}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          loading={found.loading}
          noOptionsText={search.length < 2 ? 'Type at least 2 letters of a name or username' : 'Nobody found'}
          renderInput={(p) => <TextField {...p} label="Find a person" placeholder="Name or username" />}
        />
      </Card>
      {personId && person ? (
        <Card component="section" aria-labelledby="history-title" sx={{ p: { xs: 2, sm: 2.5 } }}>
          <Typography id="history-title" component="h2" variant="h6">
            {fullName(person)}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {[
              person.username ? `@${person.username}` : 'Family member',
              `age ${person.age}`,
              person.waiverSigned ? 'waiver signed' : 'waiver missing',
            ].join(' · ')}
          </Typography>
          <AttendanceHistory userId={person.id} name={person.firstName} />
        </Card>
      ) : personId ? (
        <Skeleton variant="rounded" height={200} />
      ) : (
        <Card>
          <EmptyState icon={<PersonSearchRounded />} title="Find a student">
            Their classes, newest first, with check-ins, no-shows and late cancellations.
          </EmptyState>
        </Card>
      )}
    </Box>
  );
}

/** Downloads the attendance of every class in a date range as CSV (fetched with the session's token). */
function ExportDialog({ onClose }: { onClose: () => void }) {
  const { toast } = useToast();
  const today = todayIso();
  const { control, handleSubmit } = useZodForm(exportRangeForm, { defaultValues: { from: `${today.slice(0, 8)}01`, to: today } });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = handleSubmit(async ({ from, to }) => {
    setError(null);
    setBusy(true);
    try {
      const { blob, filename } = await fetchAttendanceCsv(from, to, readToken());
      saveBlob(blob, filename);
      toast({ title: 'Export ready', description: `${filename} was downloaded.`, variant: 'success' });
      onClose();
    } catch (err) {
      setError(err instanceof Error ? err.message : 'The export failed. Please try again.');
    } finally {
      setBusy(false);
    }
  });
  return (
    <FormDialog
      title="Export attendance"
      onClose={onClose}
      onSubmit={submit}
      formError={error}
      busy={busy}
      busyLabel="Preparing…"
      submitLabel="Download CSV"
      submitIcon={<DownloadRounded />}
      maxWidth="xs"
    >
      <DialogContentText>
        A CSV with every booking of the classes between these dates: who, which class, and whether they came.
      </DialogContentText>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: '1fr 1fr' }}>
        <FormDateField control={control} name="from" label="From" />
        <FormDateField control={control} name="to" label="To" />
      </Box>
    </FormDialog>
  );
}

/** /admin/attendance: per class who came and who did not, per person their history, and the CSV export. */
export default function AttendancePage() {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'student' ? 'student' : 'class';
  const [exporting, setExporting] = useState(false);
  return (
    <PageFrame
      title="Attendance"
      subtitle="Who came and who did not: check-ins, no-shows, late cancellations and manual marks."
      actions={
        <Button variant="outlined" startIcon={<DownloadRounded />} onClick={() => setExporting(true)}>
          Export CSV
        </Button>
      }
    >
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 3, mt: -1 }}>
        <Tabs value={tab} onChange={(_, v: string) => setParams(v === 'student' ? { tab: 'student' } : {})} aria-label="Attendance views">
          <Tab value="class" label="By class" id="attendance-tab-class" aria-controls="attendance-panel" />
          <Tab value="student" label="By student" id="attendance-tab-student" aria-controls="attendance-panel" />
        </Tabs>
      </Box>
      <Box role="tabpanel" id="attendance-panel" aria-labelledby={`attendance-tab-${tab}`}>
        {tab === 'student' ? <ByStudent /> : <ByClass />}
      </Box>
      {exporting && <ExportDialog onClose={() => setExporting(false)} />}
    </PageFrame>
  );
}
