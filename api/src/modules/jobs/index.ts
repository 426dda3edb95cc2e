import { defineModule } from '../module.js';
import { notificationsModule } from '../notifications/index.js';
import { ScheduledJobsResolver } from './jobs.resolver.js';
import { scheduledJobQueues } from './jobs.queues.js';
import { jobFailedNotice, ScheduledJobsService } from './jobs.service.js';

/** The admin's scheduled jobs page over the queues every module declares (runs, pause, retry), and failure notices. */
export const scheduledJobsModule = defineModule({
  name: 'scheduledJobs',
  uses: [notificationsModule],
  resolvers: [ScheduledJobsResolver],
  service: ({ orm, queues }) => new ScheduledJobsService(orm, queues),
  queues: scheduledJobQueues,
  // A job that failed its last attempt tells the admins, once per failure (see jobFailedNotice).
  events: (on, { notifications }) =>
    on('job.failed', 'afterCommit', (em, failed) => notifications.notifyAdmins(em, jobFailedNotice(failed))),
});
