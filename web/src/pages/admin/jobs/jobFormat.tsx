import Chip from '@mui/material/Chip';
import { formatTimestampWithWeekday } from '../../../app/dates';
import type { JobRunState, JobTrigger } from '../../../graphql/types';
import type { JobRunPartsFragment, ScheduledJobRowFragment } from './scheduledJobs.generated';

const TRIGGERS: Record<JobTrigger, string> = {
  schedule: 'Schedule',
  run_now: 'Run now',
  retry: 'Retry',
  sent: 'Sent by the app',
};

export const triggerLabel = (trigger: JobTrigger): string => TRIGGERS[trigger] ?? trigger;

/** How long a run took: '420 ms', '3.2 s', '2 min 5 s'; '' while it runs. */
export function formatDuration(ms: number | null): string {
  if (ms === null) return '';
  if (ms < 1000) return `${ms} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}

/** When the schedule fires next, on the studio's clock. */
export function nextRunText(job: Pick<ScheduledJobRowFragment, 'cron' | 'paused' | 'nextRunAt'>): string {
  if (!job.cron) return 'For each job sent';
  if (job.paused) return 'Paused';
  return formatTimestampWithWeekday(job.nextRunAt);
}

/** The schedule in words a cron reader knows, with its zone: '*\/15 * * * * (UTC)'. */
export function scheduleText(job: Pick<ScheduledJobRowFragment, 'cron' | 'timeZone'>): string {
  return job.cron ? `${job.cron} (${job.timeZone ?? 'UTC'})` : 'No schedule';
}

const STATES: Record<JobRunState, { label: string; color: 'success' | 'error' | 'info' }> = {
  completed: { label: 'Completed', color: 'success' },
  failed: { label: 'Failed', color: 'error' },
  active: { label: 'Running', color: 'info' },
};

/** A run's state as a chip; no run yet says so. */
export function RunStateChip({ run }: { run: Pick<JobRunPartsFragment, 'state'> | null | undefined }) {
  if (!run) return <Chip size="small" variant="outlined" label="No runs yet" />;
  const state = STATES[run.state];
  return <Chip size="small" variant="outlined" color={state.color} label={state.label} />;
}
