import { fullName } from '@studio/rules';
import CloseRounded from '@mui/icons-material/CloseRounded';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { DataTable, TableFilterSelect, TableSearchField } from '../../../components/DataTable';
import { PageFrame } from '../../../components/PageFrame';
import { AttendanceHistory } from '../../../components/attendance/AttendanceHistory';
import { plural } from '../../../components/classFormat';
import { useAdminTable } from '../../../components/useAdminTable';
import { initials, segmentLabels } from '../../../components/userLabels';
import type { PeopleSegment } from '../../../graphql/types';
import { formatTimestampDay } from '../../../app/dates';
import { SideDrawer } from '../../../components/SideDrawer';
import { STUDENTS_TABLE } from './StudentManagementPage.preload';
import { AdminStudentsDocument, type StudentListRowFragment } from './students.generated';

const rowId = (row: StudentListRowFragment) => row.user.id;

export function WaiverChip({ signed }: { signed: boolean }) {
  return signed ? (
    <Chip size="small" variant="outlined" color="success" label="Signed" />
  ) : (
    <Chip size="small" color="warning" label="Missing" />
  );
}

function Stat({ label, value, tone }: { label: string; value: number | string; tone?: 'error' | 'success' }) {
  return (
    <Box sx={{ p: 1.5, borderRadius: '12px', border: 1, borderColor: 'divider', textAlign: 'center' }}>
      <Typography sx={{ fontWeight: 'fontWeightExtraBold', fontSize: '1.35rem', color: tone ? `${tone}.main` : 'text.primary' }}>
        {value}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
    </Box>
  );
}

/** The student's details and their class history, beside the table. */
function StudentDrawer({ row, onClose }: { row: StudentListRowFragment; onClose: () => void }) {
  const u = row.user;
  const name = fullName(u);
  return (
    <SideDrawer labelledBy="student-drawer-title" onClose={onClose}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 2.5 }}>
        <Avatar sx={{ width: 48, height: 48, bgcolor: 'primary.main' }}>{initials(u)}</Avatar>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography id="student-drawer-title" component="h2" variant="h6">
            {name}
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap>
            {[u.username ? `@${u.username}` : 'Family member without a login', `age ${u.age}`].join(' · ')}
          </Typography>
        </Box>
        <IconButton onClick={onClose} aria-label="Close">
          <CloseRounded />
        </IconButton>
      </Box>
      <Box sx={{ display: 'grid', gap: 0.75, mb: 2.5 }}>
        {u.email && (
          <Typography variant="body2">
            <strong>Email:</strong> {u.email}
          </Typography>
        )}
        <Typography variant="body2">
          <strong>Family:</strong>{' '}
          {row.guardian ? `${row.guardian.name} (parent or guardian)` : u.isMinor ? 'No guardian on file' : 'Own account'}
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Typography variant="body2">
            <strong>Waiver:</strong>
          </Typography>
          <WaiverChip signed={u.waiverSigned} />
        </Box>
      </Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 1, mb: 3 }}>
        <Stat label="Bookings" value={row.bookings} />
        <Stat label="Attended" value={row.attended} tone="success" />
        <Stat label="No-shows" value={row.noShows} tone={row.noShows ? 'error' : undefined} />
      </Box>
      <Typography component="h3" variant="subtitle1" sx={{ mb: 1 }}>
        Attendance history
      </Typography>
      <AttendanceHistory userId={u.id} name={u.firstName} />
    </SideDrawer>
  );
}

/** /admin/students: every student with bookings, attendance, no-shows, waiver state and family. */
export default function StudentManagementPage() {
  const { table, page, onSearch, grid } = useAdminTable(AdminStudentsDocument, STUDENTS_TABLE, (d) => d.adminStudents);
  const rows = page?.items ?? [];
  const [params, setParams] = useSearchParams();
  const selectedId = params.get('student');
  // The open student is in the address (shareable, Back closes it); its row comes from the cached page.
  const selected = rows.find((r) => r.user.id === selectedId) ?? null;
  const open = (row: StudentListRowFragment) => setParams({ student: row.user.id });
  const close = () => setParams({});

  const columns = useMemo<GridColDef<StudentListRowFragment>[]>(
    () => [
      {
        field: 'name',
        headerName: 'Student',
        flex: 1,
        minWidth: 200,
        renderCell: ({ row }) => (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25, minWidth: 0 }}>
            <Avatar sx={{ width: 32, height: 32, fontSize: 13, bgcolor: 'primary.main' }} aria-hidden>
              {initials(row.user)}
            </Avatar>
            <Box sx={{ minWidth: 0, lineHeight: 1.3 }}>
              <Typography variant="body2" noWrap sx={{ fontWeight: 'fontWeightSemiBold' }}>
                {fullName(row.user)}
              </Typography>
              <Typography variant="caption" color="text.secondary" noWrap component="p">
                {row.user.username ? `@${row.user.username}` : 'Family member'}
              </Typography>
            </Box>
          </Box>
        ),
      },
      { field: 'age', headerName: 'Age', width: 80, type: 'number', valueGetter: (_v, row) => row.user.age },
      { field: 'family', headerName: 'Family', width: 140, valueGetter: (_v, row) => row.guardian?.name ?? '—' },
      { field: 'bookings', headerName: 'Bookings', width: 100, type: 'number' },
      { field: 'attended', headerName: 'Attended', width: 100, type: 'number' },
      {
        field: 'noShows',
        headerName: 'No-shows',
        width: 115,
        type: 'number',
        renderCell: ({ row }) => (
          <Typography
            variant="body2"
            sx={{
              width: '100%',
              textAlign: 'right',
              fontWeight: row.noShows ? 'fontWeightBold' : 'fontWeightRegular',
              color: row.noShows ? 'error.main' : 'text.primary',
            }}
          >
            {row.noShows}
          </Typography>
        ),
      },
      {
        field: 'lastAttendedAt',
        headerName: 'Last attended',
        width: 150,
        valueFormatter: (v: string | null) => (v ? formatTimestampDay(v) : '—'),
      },
      { field: 'waiver', headerName: 'Waiver', width: 110, renderCell: ({ row }) => <WaiverChip signed={row.user.waiverSigned} /> },
    ],
    [],
  );

  return (
    <PageFrame
      title="Student Management"
      subtitle="Students and children in families: bookings, attendance, waiver state. Select a student for their history."
    >
      <DataTable
        label="Students"
        noun={['student', 'students']}
        {...grid}
        columns={columns}
        getRowId={rowId}
        rowHeight={60}
        search={
          <TableSearchField
            label="Search students"
            value={table.state.filters.search}
            onChange={onSearch}
            placeholder="Name, username, email or phone"
            width={300}
          />
        }
        filters={
          <>
            <TableFilterSelect
              label="Follow-up"
              value={table.state.filters.segment ?? ''}
              onChange={(v) => table.setFilter('segment', (v || null) as PeopleSegment | null)}
              options={Object.entries(segmentLabels)}
              width={190}
            />
            <TableFilterSelect
              label="Last visit"
              value={table.state.filters.notVisitedForDays ? String(table.state.filters.notVisitedForDays) : ''}
              onChange={(v) => table.setFilter('notVisitedForDays', v ? Number(v) : null)}
              options={[
                ['14', 'No visit for 14 days'],
                ['21', 'No visit for 21 days'],
                ['60', 'No visit for 60 days'],
              ]}
              width={200}
            />
          </>
        }
        onRowClick={open}
        selectedId={selectedId}
        emptyText="No students match this search."
        renderCard={(row) => (
          <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
            <Avatar sx={{ width: 36, height: 36, fontSize: 14, bgcolor: 'primary.main' }} aria-hidden>
              {initials(row.user)}
            </Avatar>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
                <Typography sx={{ fontWeight: 'fontWeightBold' }}>{fullName(row.user)}</Typography>
                <WaiverChip signed={row.user.waiverSigned} />
              </Box>
              <Typography variant="body2" color="text.secondary">
                Age {row.user.age}
                {row.guardian ? ` · family of ${row.guardian.name}` : row.user.username ? ` · @${row.user.username}` : ''}
              </Typography>
              <Typography variant="body2" sx={{ mt: 0.5, display: 'flex', flexWrap: 'wrap', columnGap: 1.5 }}>
                <span>{plural(row.bookings, 'booking')}</span>
                <span>{row.attended} attended</span>
                <Box
                  component="span"
                  sx={{ color: row.noShows ? 'error.main' : 'inherit', fontWeight: row.noShows ? 'fontWeightBold' : 'fontWeightRegular' }}
                >
                  {plural(row.noShows, 'no-show')}
                </Box>
              </Typography>
            </Box>
          </Box>
        )}
      />
      {selected && <StudentDrawer row={selected} onClose={close} />}
    </PageFrame>
  );
}
