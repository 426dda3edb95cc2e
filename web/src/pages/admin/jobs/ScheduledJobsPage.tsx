import { useQuery } from '@apollo/client/react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { formatTimestamp, STUDIO_TIME_ZONE } from '../../../app/dates';
import { DataTable } from '../../../components/DataTable';
import { useServerTable } from '../../../components/dataTableState';
import { PageFrame } from '../../../components/PageFrame';
import { JobDrawer } from './JobDrawer';
import { formatDuration, nextRunText, RunStateChip } from './jobFormat';
import { ScheduleControls } from './ScheduleControls';
import { ScheduledJobsDocument, type ScheduledJobRowFragment } from './scheduledJobs.generated';

/** The list is asked again this often: runs finish and schedules fire in the background. */
const POLL_MS = 15_000;
/** Every queue fits on one page (the modules declare a dozen or so). */
const TABLE = { filters: {}, pageSize: 50 };

function LastRun({ job }: { job: ScheduledJobRowFragment }) {
  const [last] = job.lastRuns;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', columnGap: 1, rowGap: 0.25, flexWrap: 'wrap', minWidth: 0 }}>
      <RunStateChip run={last} />
      {last && (
        <Typography variant="body2" color="text.secondary" component="span">
          {formatTimestamp(last.startedAt, true)}
          {last.durationMs !== null && ` · ${formatDuration(last.durationMs)}`}
        </Typography>
      )}
    </Box>
  );
}

function NextRun({ job }: { job: ScheduledJobRowFragment }) {
  return job.paused ? <Chip size="small" color="warning" label="Paused" /> : <span>{nextRunText(job)}</span>;
}

/** /admin/scheduled-jobs: every queue the modules declare, when it runs next, how its last run went, and its controls. */
export default function ScheduledJobsPage() {
  const { data, previousData, loading, error, refetch } = useQuery(ScheduledJobsDocument, { pollInterval: POLL_MS });
  const jobs = (data ?? previousData)?.scheduledJobs ?? [];
  const table = useServerTable(TABLE);
  const [params, setParams] = useSearchParams();
  const openName = params.get('queue');
  const opened = jobs.find((j) => j.name === openName) ?? null;
  const open = useCallback((name: string) => setParams({ queue: name }), [setParams]);
  const close = useCallback(() => setParams({}), [setParams]);

  const columns = useMemo<GridColDef<ScheduledJobRowFragment>[]>(
    () => [
      {
        field: 'name',
        headerName: 'Job',
        flex: 1,
        minWidth: 220,
        renderCell: ({ row }) => (
          <Box sx={{ py: 1, minWidth: 0, lineHeight: 1.35 }}>
            <Typography sx={{ fontFamily: 'monospace', fontWeight: 'fontWeightSemiBold', fontSize: '0.9rem' }} noWrap>
              {row.name}
            </Typography>
            <Typography variant="body2" color="text.secondary" noWrap title={row.description}>
              {row.description}
            </Typography>
          </Box>
        ),
      },
      {
        field: 'cron',
        headerName: 'Schedule',
        width: 165,
        renderCell: ({ row }) =>
          row.cron ? (
            <Box sx={{ lineHeight: 1.35, minWidth: 0 }}>
              <Box sx={{ fontFamily: 'monospace', fontSize: '0.85rem' }}>{row.cron}</Box>
              <Typography variant="body2" color="text.secondary" noWrap title={row.timeZone ?? 'UTC'}>
                {row.timeZone ?? 'UTC'}
              </Typography>
            </Box>
          ) : (
            <Typography variant="body2" color="text.secondary">
              No schedule
            </Typography>
          ),
      },
      { field: 'nextRunAt', headerName: 'Next run', width: 165, renderCell: ({ row }) => <NextRun job={row} /> },
      { field: 'lastRuns', headerName: 'Last run', width: 180, renderCell: ({ row }) => <LastRun job={row} /> },
      { field: 'queueDepth', headerName: 'Waiting', type: 'number', width: 100 },
      {
        field: 'actions',
        headerName: 'Actions',
        width: 180,
        sortable: false,
        renderCell: ({ row }) => <ScheduleControls job={row} compact />,
      },
    ],
    [],
  );

  return (
    <PageFrame
      title="Scheduled Jobs"
      subtitle={`Every job queue the studio runs: its schedule, the next run and the last ones, and what waits in it. Times are the studio's${STUDIO_TIME_ZONE ? ` (${STUDIO_TIME_ZONE})` : ''}.`}
    >
      <DataTable
        label="Scheduled jobs"
        noun={['queue', 'queues']}
        rows={jobs}
        total={jobs.length}
        loading={loading}
        error={error}
        onRetry={() => void refetch()}
        table={table}
        columns={columns}
        getRowId={(row) => row.name}
        rowHeight={68}
        onRowClick={(row) => open(row.name)}
        selectedId={openName}
        emptyText="No job queues run in this setup."
        renderCard={(row) => (
          <Box>
            <Typography sx={{ fontFamily: 'monospace', fontWeight: 'fontWeightBold', overflowWrap: 'anywhere' }}>{row.name}</Typography>
            <Typography variant="body2" color="text.secondary">
              {row.description}
            </Typography>
            <Typography variant="body2" sx={{ mt: 0.75 }}>
              <Box component="span" sx={{ color: 'text.secondary' }}>
                Next:{' '}
              </Box>
              {row.paused ? 'Paused' : nextRunText(row)}
              {row.queueDepth > 0 && ` · ${row.queueDepth} waiting`}
            </Typography>
            <Box sx={{ mt: 0.75 }}>
              <LastRun job={row} />
            </Box>
          </Box>
        )}
      />
      {opened && <JobDrawer job={opened} onClose={close} />}
    </PageFrame>
  );
}
