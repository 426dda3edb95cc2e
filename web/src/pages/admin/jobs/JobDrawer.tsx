import { useQuery } from '@apollo/client/react';
import CloseRounded from '@mui/icons-material/CloseRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { formatTimestamp, formatTimestampWithWeekday } from '../../../app/dates';
import { errorMessage } from '../../../app/errors';
import { SideDrawer } from '../../../components/SideDrawer';
import { formatDuration, nextRunText, RunStateChip, scheduleText, triggerLabel } from './jobFormat';
import { ScheduleControls, useJobAction } from './ScheduleControls';
import { JobRunsDocument, WaitingJobsDocument, type JobRunPartsFragment, type ScheduledJobRowFragment } from './scheduledJobs.generated';
import { RUNS_PAGE_SIZE } from './ScheduledJobsPage.preload';
import { useCancelJob, useRetryJob } from './useJobControls';

/** While the drawer is open its runs and waiting jobs are asked again this often (runs finish in the background). */
const POLL_MS = 5000;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title} sx={{ mb: 3 }}>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 'fontWeightBold', mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function RunItem({ run }: { run: JobRunPartsFragment }) {
  const [retry, { loading }] = useRetryJob();
  const act = useJobAction();
  const duration = formatDuration(run.durationMs);
  return (
    <Box component="li" data-testid="job-run" sx={{ py: 1.25, borderBottom: 1, borderColor: 'divider', listStyle: 'none' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <RunStateChip run={run} />
        <Typography variant="body2" sx={{ fontWeight: 'fontWeightSemiBold' }}>
          {formatTimestamp(run.startedAt, true)}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ flex: 1, minWidth: 0 }}>
          {[triggerLabel(run.trigger), `attempt ${run.attempt}`, duration, run.processed ? `${run.processed} handled` : '']
            .filter(Boolean)
            .join(' · ')}
        </Typography>
        {run.state === 'failed' && (
          <Button
            size="small"
            disabled={loading}
            onClick={() => act(retry({ variables: { queue: run.queue, jobId: run.jobId } }), 'Job queued to try again')}
          >
            Retry
          </Button>
        )}
      </Box>
      {run.error && (
        <Typography variant="body2" color="error" sx={{ mt: 0.5, fontFamily: 'monospace', fontSize: '0.8rem', overflowWrap: 'anywhere' }}>
          {run.error}
        </Typography>
      )}
    </Box>
  );
}

function Runs({ queue }: { queue: string }) {
  const [page, setPage] = useState(0);
  const { data, previousData, loading, error } = useQuery(JobRunsDocument, {
    variables: { queue, page: page + 1, pageSize: RUNS_PAGE_SIZE },
    pollInterval: POLL_MS,
  });
  const runs = (data ?? previousData)?.jobRuns;
  if (error && !runs) return <Alert severity="error">{errorMessage(error, 'The runs could not be loaded.')}</Alert>;
  if (!runs) return loading ? <Skeleton variant="rounded" height={120} /> : null;
  if (runs.total === 0) return <Typography color="text.secondary">No runs yet.</Typography>;
  return (
    <>
      <Box component="ul" sx={{ m: 0, p: 0 }} aria-label="Runs, newest first">
        {runs.items.map((run) => (
          <RunItem key={run.id} run={run} />
        ))}
      </Box>
      {runs.total > RUNS_PAGE_SIZE && (
        <TablePagination
          component="div"
          count={runs.total}
          page={page}
          onPageChange={(_e, p) => setPage(p)}
          rowsPerPage={RUNS_PAGE_SIZE}
          rowsPerPageOptions={[RUNS_PAGE_SIZE]}
        />
      )}
    </>
  );
}

function Waiting({ queue }: { queue: string }) {
  const { data, loading, error } = useQuery(WaitingJobsDocument, { variables: { queue }, pollInterval: POLL_MS });
  const [cancel, { loading: cancelling }] = useCancelJob();
  const act = useJobAction();
  if (error && !data) return <Alert severity="error">{errorMessage(error, 'The waiting jobs could not be loaded.')}</Alert>;
  if (!data) return loading ? <Skeleton variant="rounded" height={48} /> : null;
  if (data.waitingJobs.length === 0) return <Typography color="text.secondary">Nothing is waiting.</Typography>;
  return (
    <Box component="ul" sx={{ m: 0, p: 0 }}>
      {data.waitingJobs.map((job) => (
        <Box
          component="li"
          key={job.id}
          data-testid="waiting-job"
          sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.75, listStyle: 'none', borderBottom: 1, borderColor: 'divider' }}
        >
          <Typography variant="body2" sx={{ flex: 1, minWidth: 0 }}>
            {job.state === 'retry' ? 'To try again' : 'Queued'} · not before {formatTimestampWithWeekday(job.startAfter)}
            {job.retryCount > 0 && ` · ${job.retryCount} attempt${job.retryCount === 1 ? '' : 's'} so far`}
          </Typography>
          <Button
            size="small"
            color="error"
            disabled={cancelling}
            onClick={() => act(cancel({ variables: { queue, jobId: job.id } }), 'Job cancelled')}
          >
            Cancel
          </Button>
        </Box>
      ))}
    </Box>
  );
}

/** One queue: what it does and when, its controls, the jobs waiting in it and its runs with their errors. */
export function JobDrawer({ job, onClose }: { job: ScheduledJobRowFragment; onClose: () => void }) {
  return (
    <SideDrawer labelledBy="job-drawer-title" width={560} onClose={onClose}>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1.5, mb: 2 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography id="job-drawer-title" component="h2" variant="h6" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
            {job.name}
          </Typography>
          <Typography color="text.secondary">{job.description}</Typography>
        </Box>
        <IconButton aria-label="Close" onClick={onClose}>
          <CloseRounded />
        </IconButton>
      </Box>
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.75, m: 0, mb: 2, '& dd': { m: 0 } }}
      >
        <Typography component="dt" color="text.secondary">
          Module
        </Typography>
        <dd>{job.module}</dd>
        <Typography component="dt" color="text.secondary">
          Schedule
        </Typography>
        <Box component="dd" sx={{ fontFamily: 'monospace' }}>
          {scheduleText(job)}
        </Box>
        <Typography component="dt" color="text.secondary">
          Next run
        </Typography>
        <dd>{job.paused ? <Chip size="small" color="warning" label="Paused" /> : nextRunText(job)}</dd>
      </Box>
      <Box sx={{ mb: 3 }}>
        <ScheduleControls job={job} />
      </Box>
      <Section title="Waiting jobs">
        <Waiting queue={job.name} />
      </Section>
      <Section title="Runs">
        <Runs queue={job.name} />
      </Section>
    </SideDrawer>
  );
}
