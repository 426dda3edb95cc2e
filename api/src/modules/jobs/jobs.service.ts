import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { createHash } from 'node:crypto';
import { offsetOf } from '../../common/paging.js';
import type { DomainEventPayload } from '../../events/catalogue.js';
import { conflict, notFound } from '../../graphql/errors.js';
import { JobRun } from '../../jobs/job-run.entity.js';
import type { JobQueues, StudioQueue } from '../../jobs/job-queues.js';
import { NotificationType } from '../notifications/notification.entity.js';
import type { NotificationData } from '../notifications/notification.service.js';
import type { Actor } from '../users/role.js';
import { assertMayCancelJob, assertMayControlSchedule, assertMayRetryJob } from './jobs.policy.js';
import { LAST_RUNS, MAX_WAITING, PRUNE_BATCH, RUNS_KEPT_DAYS, type JobRunsArgs, type ScheduledJob, type WaitingJob } from './jobs.types.js';

/** The admin's scheduled jobs page: every declared queue with its schedule, runs and waiting jobs, and the controls. */
export class ScheduledJobsService {
  constructor(
    private readonly orm: MikroORM,
    private readonly queues: JobQueues,
  ) {}

  /**
   * Deletes the run records older than RUNS_KEPT_DAYS, in batches, except each queue's newest run of each outcome: the
   * page's "last run" and the failure notice (told once until a run completes) read those. Returns how many went.
   */
  async pruneRuns(): Promise<number> {
    const connection = this.orm.em.getConnection();
    let deleted = 0;
    for (;;) {
      const gone = await connection.execute<{ id: string }[]>(
        `with kept as (select distinct on (queue, state) id from job_run order by queue, state, started_at desc)
         delete from job_run where id in (
           select id from job_run where started_at < now() - make_interval(days => ?)
              and id not in (select id from kept) limit ?)
         returning id`,
        [RUNS_KEPT_DAYS, PRUNE_BATCH],
      );
      deleted += gone.length;
      if (gone.length < PRUNE_BATCH) return deleted;
    }
  }

  /** Every queue running in this setup, in module order. */
  async list(em: EntityManager): Promise<ScheduledJob[]> {
    return this.describe(em, this.queues.running());
  }

  async one(em: EntityManager, name: string): Promise<ScheduledJob> {
    const [job] = await this.describe(em, [this.queue(name)]);
    return job;
  }

  /** One queue's runs, newest first. */
  async runs(em: EntityManager, args: JobRunsArgs): Promise<{ items: JobRun[]; total: number }> {
    const queue = this.queue(args.queue);
    const [items, total] = await em.findAndCount(
      JobRun,
      { queue: queue.name },
      { orderBy: { startedAt: 'desc', id: 'desc' }, limit: args.pageSize, offset: offsetOf(args) },
    );
    return { items, total };
  }

  /** The jobs waiting in one queue, the next due first. */
  async waiting(name: string): Promise<WaitingJob[]> {
    const rows = await this.queues.waiting(this.queue(name), MAX_WAITING);
    return rows.map((row) => ({ ...row, createdAt: row.createdOn }));
  }

  async runNow(em: EntityManager, actor: Actor, name: string): Promise<ScheduledJob> {
    const queue = this.queue(name);
    assertMayControlSchedule(actor, queue);
    await this.queues.runNow(queue);
    return this.one(em, name);
  }

  async pause(em: EntityManager, actor: Actor, name: string): Promise<ScheduledJob> {
    const queue = this.queue(name);
    assertMayControlSchedule(actor, queue);
    await this.queues.pause(em, queue);
    return this.one(em, name);
  }

  async resume(em: EntityManager, actor: Actor, name: string): Promise<ScheduledJob> {
    const queue = this.queue(name);
    assertMayControlSchedule(actor, queue);
    await this.queues.resume(em, queue);
    return this.one(em, name);
  }

  /** Puts a failed job back in its queue (tried again within seconds). */
  async retry(em: EntityManager, actor: Actor, name: string, jobId: string): Promise<ScheduledJob> {
    const queue = this.queue(name);
    assertMayRetryJob(actor, await this.queues.job(queue, jobId));
    if (!(await this.queues.retry(queue, jobId)))
      throw conflict('That job can no longer be retried (it was retried already, or archived): run the job now instead.');
    return this.one(em, name);
  }

  /** Cancels a job that is still waiting in its queue. */
  async cancel(em: EntityManager, actor: Actor, name: string, jobId: string): Promise<ScheduledJob> {
    const queue = this.queue(name);
    assertMayCancelJob(actor, await this.queues.job(queue, jobId));
    if (!(await this.queues.cancel(queue, jobId))) throw conflict('That job started meanwhile: it can no longer be cancelled.');
    return this.one(em, name);
  }

  private queue(name: string): StudioQueue {
    const queue = this.queues.get(name);
    if (!queue) throw notFound('That queue');
    return queue;
  }

  /** The queues with their pause, next run, depth and last runs (one statement for all pauses, one for all runs). */
  private async describe(em: EntityManager, queues: StudioQueue[]): Promise<ScheduledJob[]> {
    const names = queues.map((q) => q.name);
    const [paused, runs, depths] = await Promise.all([
      this.queues.paused(em),
      this.lastRuns(em, names),
      Promise.all(queues.map((q) => this.queues.depth(q))),
    ]);
    return queues.map((queue, i) => ({
      name: queue.name,
      module: queue.module,
      description: queue.description,
      cron: queue.cron ?? null,
      timeZone: queue.tz,
      paused: paused.has(queue.name),
      nextRunAt: paused.has(queue.name) ? null : this.queues.nextRun(queue),
      queueDepth: depths[i],
      lastRuns: runs.filter((run) => run.queue === queue.name),
    }));
  }

  private async lastRuns(em: EntityManager, names: string[]): Promise<JobRun[]> {
    if (!names.length) return [];
    const rows = await em.getConnection().execute<Record<string, unknown>[]>(
      `select * from (select r.*, row_number() over (partition by r.queue order by r.started_at desc, r.id desc) as n
                         from job_run r where r.queue in (${names.map(() => '?').join(', ')})) latest
        where n <= ? order by started_at desc, id desc`,
      [...names, LAST_RUNS],
    );
    return rows.map((row) => em.map(JobRun, row));
  }
}

/**
 * What the admins are told when a job fails its last attempt: once for one failure, however often it repeats (the
 * same queue, the same message, no success in between); a new failure, or the same one after a success, tells again.
 */
export function jobFailedNotice(failed: DomainEventPayload<'job.failed'>): NotificationData {
  const fingerprint = createHash('sha256').update(failed.error).digest('hex').slice(0, 12);
  const tries = failed.attempts === 1 ? '1 attempt' : `${failed.attempts} attempts`;
  return {
    type: NotificationType.other,
    title: `A scheduled job failed: ${failed.queue}`,
    message: `${failed.description} — failed after ${tries}: ${failed.error}`,
    link: `/admin/scheduled-jobs?queue=${encodeURIComponent(failed.queue)}`,
    dedupeKey: `job_failed:${failed.queue}:${fingerprint}:${failed.lastCompletedRunId ?? 'never'}`,
  };
}
