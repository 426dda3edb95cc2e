import type { QueueDeclaration } from '../../jobs/queue-declaration.js';
import type { ScheduledJobsService } from './jobs.service.js';

/** The page's own upkeep: run records are kept for RUNS_KEPT_DAYS (about 6,000 a day otherwise pile up for ever). */
export const scheduledJobQueues: QueueDeclaration<{ scheduledJobs: ScheduledJobsService }>[] = [
  {
    name: 'jobs-prune-runs',
    description: 'Deletes job run records older than 30 days (each queue keeps its last run of each outcome)',
    cron: '17 * * * *',
    run: ({ scheduledJobs }) => scheduledJobs.pruneRuns(),
  },
];
