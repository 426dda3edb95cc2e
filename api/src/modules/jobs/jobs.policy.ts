import { badInput, conflict, notFound } from '../../graphql/errors.js';
import type { PgBossJobState } from '../../jobs/job-queues.js';
import { isAdmin, type Actor } from '../users/role.js';

/** A pg-boss job as the rules see it. */
export interface JobRecord {
  state: PgBossJobState;
}

const STATE_WORDS: Record<PgBossJobState, string> = {
  created: 'waiting in the queue',
  retry: 'waiting to be tried again',
  active: 'running',
  completed: 'completed',
  cancelled: 'cancelled',
  failed: 'failed',
};

/** Admins run the studio's jobs: run now, pause, resume, retry, cancel. */
export function mayManageJobs(actor: Actor): boolean {
  return isAdmin(actor);
}

/** Only a job that failed its last attempt is retried (pg-boss retries the others by itself). */
export function mayRetryJob(actor: Actor, job: JobRecord): boolean {
  return mayManageJobs(actor) && job.state === 'failed';
}

export function assertMayRetryJob<J extends JobRecord>(actor: Actor, job: J | null): asserts job is J {
  if (!job || !mayManageJobs(actor)) throw notFound('That job');
  if (!mayRetryJob(actor, job)) throw conflict(`Only a failed job can be retried: this one is ${STATE_WORDS[job.state]}.`);
}

/** Only a job that has not started is cancelled (a running one finishes). */
export function mayCancelJob(actor: Actor, job: JobRecord): boolean {
  return mayManageJobs(actor) && (job.state === 'created' || job.state === 'retry');
}

export function assertMayCancelJob<J extends JobRecord>(actor: Actor, job: J | null): asserts job is J {
  if (!job || !mayManageJobs(actor)) throw notFound('That job');
  if (!mayCancelJob(actor, job)) throw conflict(`Only a job waiting in the queue can be cancelled: this one is ${STATE_WORDS[job.state]}.`);
}

/** Run now, pause and resume are for a queue with a schedule; the others run once for each job the app sends them. */
export function mayControlSchedule(actor: Actor, queue: { cron?: string | null }): boolean {
  return mayManageJobs(actor) && Boolean(queue.cron);
}

export function assertMayControlSchedule(actor: Actor, queue: { name: string; cron?: string | null }): void {
  if (!mayManageJobs(actor)) throw notFound('That queue');
  if (!mayControlSchedule(actor, queue)) throw badInput(`${queue.name} has no schedule: it runs once for each job the app sends it.`);
}
