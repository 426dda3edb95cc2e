import PauseRounded from '@mui/icons-material/PauseRounded';
import PlayArrowRounded from '@mui/icons-material/PlayArrowRounded';
import ReplayRounded from '@mui/icons-material/ReplayRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useCallback } from 'react';
import { errorMessage } from '../../../app/errors';
import { useToast } from '../../../app/toast';
import type { ScheduledJobRowFragment } from './scheduledJobs.generated';
import { usePauseSchedule, useResumeSchedule, useRunJobNow } from './useJobControls';

/** Runs a control and says how it went in a toast (the API's message when it refuses). */
export function useJobAction() {
  const { toast } = useToast();
  return useCallback(
    (work: Promise<unknown>, done: string) =>
      void work.then(
        () => toast({ title: done, variant: 'success' }),
        (err: unknown) => toast({ title: 'That did not work', description: errorMessage(err), variant: 'error' }),
      ),
    [toast],
  );
}

/** Run now, and pause or resume, for a queue with a schedule (the others run once for each job the app sends). */
export function ScheduleControls({ job, compact = false }: { job: ScheduledJobRowFragment; compact?: boolean }) {
  const [runNow, running] = useRunJobNow();
  const [pause, pausing] = usePauseSchedule();
  const [resume, resuming] = useResumeSchedule();
  const act = useJobAction();
  if (!job.cron) return null;
  const variables = { queue: job.name };
  const busy = running.loading || pausing.loading || resuming.loading;
  const size = compact ? 'small' : 'medium';
  const sx = compact ? { minWidth: 0, px: 1 } : undefined;
  return (
    <Box sx={{ display: 'flex', gap: compact ? 0.5 : 1, flexWrap: compact ? 'nowrap' : 'wrap' }} onClick={(e) => e.stopPropagation()}>
      <Button
        size={size}
        sx={sx}
        variant={compact ? 'text' : 'contained'}
        startIcon={compact ? undefined : <ReplayRounded />}
        disabled={busy}
        aria-label={`Run now: ${job.name}`}
        onClick={() => act(runNow({ variables }), `${job.name} queued to run now`)}
      >
        Run now
      </Button>
      {job.paused ? (
        <Button
          size={size}
          sx={sx}
          variant={compact ? 'text' : 'outlined'}
          startIcon={compact ? undefined : <PlayArrowRounded />}
          disabled={busy}
          aria-label={`Resume ${job.name}`}
          onClick={() => act(resume({ variables }), `${job.name} resumed`)}
        >
          Resume
        </Button>
      ) : (
        <Button
          size={size}
          sx={sx}
          variant={compact ? 'text' : 'outlined'}
          color="warning"
          startIcon={compact ? undefined : <PauseRounded />}
          disabled={busy}
          aria-label={`Pause ${job.name}`}
          onClick={() => act(pause({ variables }), `${job.name} paused`)}
        >
          Pause
        </Button>
      )}
    </Box>
  );
}
