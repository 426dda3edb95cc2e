import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { parseExpression } from 'cron-parser';
import type PgBoss from 'pg-boss';
import type { DomainEvents } from '../events/domain-events.js';
import type { JobDatabase } from './job-database.js';
import { lifecycle } from '../lifecycle.js';
import { log } from '../logger.js';
import { JobRun, JobRunState, JobTrigger, PausedSchedule } from './job-run.entity.js';
import type { DeclaredQueue, QueuedWork } from './queue-declaration.js';

/** A declared queue as this process runs it: its cron's zone resolved. */
export interface StudioQueue extends DeclaredQueue {
  readonly tz: string | null;
}

/** pg-boss's job states; created and retry are waiting in the queue. */
export type PgBossJobState = PgBoss.JobWithMetadata['state'];

/** A job waiting in a queue. */
export interface WaitingJob {
  id: string;
  state: PgBossJobState;
  createdOn: Date;
  startAfter: Date;
  retryCount: number;
}

/** What a job's data says about who queued it (absent: the app sent it). */
type TriggerData = { trigger?: 'schedule' | 'run_now' };

/** Room for a failure's message: the start says what failed, the end why (a database error ends with the reason). */
const ERROR_HEAD = 140;
const ERROR_TAIL = 140;

/** A failure's message for the admin: its first line only (never a stack trace), shortened in the middle. */
export function errorSummary(err: unknown): string {
  const message = (err instanceof Error ? err.message : String(err)).split('\n')[0].trim() || 'Failed without a message';
  return message.length <= ERROR_HEAD + ERROR_TAIL + 1 ? message : `${message.slice(0, ERROR_HEAD)}…${message.slice(-ERROR_TAIL)}`;
}

/**
 * Every queue the modules declare, run through pg-boss: starts each worker and schedule, records each run (who or
 * what started it, how long it took, how it ended), keeps an admin's pause of a schedule (stored, so it survives a
 * restart and holds for every instance; the pg-boss schedule is removed too) and announces `job.failed` when a job's
 * last attempt fails.
 */
export class JobQueues {
  readonly list: readonly StudioQueue[];
  private readonly byName: Map<string, StudioQueue>;

  constructor(
    private readonly boss: PgBoss,
    private readonly orm: MikroORM,
    private readonly events: DomainEvents,
    studioTimeZone: string,
    declared: readonly DeclaredQueue[],
  ) {
    this.list = declared.map((q) => ({ ...q, tz: q.cron ? (q.timeZone === 'studio' ? studioTimeZone : 'UTC') : null }));
    this.byName = new Map(this.list.map((q) => [q.name, q]));
    if (this.byName.size < this.list.length) throw new Error('Two modules declare a queue of the same name.');
  }

  /** Creates the enabled queues, starts their workers and (re)writes their schedules, leaving paused ones unscheduled. */
  async start(services: object): Promise<StudioQueue[]> {
    const enabled = this.list.filter((q) => q.enabled?.(services) ?? true);
    const paused = await this.paused(this.orm.em.fork());
    for (const queue of enabled) {
      await this.boss.createQueue(queue.name);
      for (let i = 0; i < (queue.workers ?? 1); i++)
        await this.boss.work<Record<string, unknown>>(
          queue.name,
          { includeMetadata: true, ...(queue.pollingIntervalSeconds ? { pollingIntervalSeconds: queue.pollingIntervalSeconds } : {}) },
          async ([job]) => this.track(this.runOne(queue, services, job)),
        );
      if (queue.cron) await (paused.has(queue.name) ? this.boss.unschedule(queue.name) : this.schedule(queue));
    }
    this.enabled = new Set(enabled.map((q) => q.name));
    return enabled;
  }

  private enabled = new Set<string>();

  /** Runs under way in this process, so stop() can wait for them. */
  private readonly underWay = new Set<Promise<void>>();

  private track(run: Promise<void>): Promise<void> {
    this.underWay.add(run);
    return run.finally(() => this.underWay.delete(run));
  }

  /**
   * Stops taking jobs, waits up to `timeoutMs` for the runs under way and for pg-boss's last statements (a run's
   * completion, a poll that was waiting for a connection), then closes its connections. A run still going then is
   * failed by pg-boss, to be retried.
   */
  async stop(db: JobDatabase, timeoutMs: number): Promise<void> {
    const until = Date.now() + timeoutMs;
    await this.boss.stop({ graceful: true, wait: true, timeout: timeoutMs });
    // A poll answered just now may still hand a worker one job, so both are checked until both are still.
    while ((this.underWay.size || !db.quiet) && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 20));
    if (this.underWay.size) log.warn('jobs still running at shutdown', { count: this.underWay.size });
    await db.close();
  }

  /** The queues running in this setup, in module order. */
  running(): StudioQueue[] {
    return this.list.filter((q) => this.enabled.has(q.name));
  }

  get(name: string): StudioQueue | undefined {
    return this.enabled.has(name) ? this.byName.get(name) : undefined;
  }

  /** When the schedule next fires after `from`, or null for a queue without one. */
  nextRun(queue: StudioQueue, from = new Date()): Date | null {
    if (!queue.cron) return null;
    return parseExpression(queue.cron, { currentDate: from, tz: queue.tz ?? 'UTC' })
      .next()
      .toDate();
  }

  /** The names of the paused schedules. */
  async paused(em: EntityManager): Promise<Set<string>> {
    return new Set((await em.find(PausedSchedule, {})).map((p) => p.queue));
  }

  /** Stops a schedule firing, on every instance, until it is resumed (a run under way finishes). */
  async pause(em: EntityManager, queue: StudioQueue): Promise<void> {
    await em.upsert(PausedSchedule, new PausedSchedule(queue.name));
    await this.boss.unschedule(queue.name);
  }

  async resume(em: EntityManager, queue: StudioQueue): Promise<void> {
    await em.nativeDelete(PausedSchedule, { queue: queue.name });
    await this.schedule(queue);
  }

  /** Queues one run now, whatever the schedule; answers its job id. */
  async runNow(queue: StudioQueue): Promise<string> {
    const id = await this.boss.send(queue.name, { trigger: 'run_now' } satisfies TriggerData);
    if (!id) throw new Error(`pg-boss did not queue a run of ${queue.name}`);
    return id;
  }

  /** How many jobs wait in the queue (queued or waiting to be retried). */
  depth(queue: StudioQueue): Promise<number> {
    return this.boss.getQueueSize(queue.name);
  }

  /** One of the queue's jobs as pg-boss has it (archived ones too), or null. */
  job(queue: StudioQueue, id: string): Promise<PgBoss.JobWithMetadata | null> {
    return this.boss.getJobById(queue.name, id, { includeArchive: true });
  }

  /** Puts a failed job back in the queue; false when it was not (or no longer) failed. */
  async retry(queue: StudioQueue, id: string): Promise<boolean> {
    return affected(await this.boss.retry(queue.name, id));
  }

  /** Cancels a job that has not started; false when it was not (or no longer) waiting. */
  async cancel(queue: StudioQueue, id: string): Promise<boolean> {
    const [job] = await this.waiting(queue, 1, id);
    if (!job) return false;
    return affected(await this.boss.cancel(queue.name, id));
  }

  /** The jobs waiting in the queue, the next due first (read from pg-boss's job table: pg-boss 10 has no call for it). */
  async waiting(queue: StudioQueue, limit: number, id?: string): Promise<WaitingJob[]> {
    const { rows } = await this.boss.getDb().executeSql(
      `select id, state, created_on as "createdOn", start_after as "startAfter", retry_count as "retryCount"
           from pgboss.job where name = $1 and state < 'active' ${id ? 'and id = $3' : ''}
          order by start_after, created_on limit $2`,
      id ? [queue.name, limit, id] : [queue.name, limit],
    );
    return rows as WaitingJob[];
  }

  private schedule(queue: StudioQueue): Promise<void> {
    return this.boss.schedule(queue.name, queue.cron!, { trigger: 'schedule' } satisfies TriggerData, { tz: queue.tz ?? 'UTC' });
  }

  /** Runs one job through its queue's handler and records the run; a scheduled job of a paused schedule is skipped. */
  private async runOne(queue: StudioQueue, services: object, job: QueuedWork): Promise<void> {
    const em = this.orm.em.fork();
    const trigger = await this.triggerOf(em, queue, job);
    if (!trigger) return;
    const run = new JobRun({ queue: queue.name, jobId: job.id, attempt: job.retryCount + 1, trigger });
    await em.persist(run).flush();
    const started = performance.now();
    const finish = (state: JobRunState) =>
      Object.assign(run, { state, finishedAt: new Date(), durationMs: Math.round(performance.now() - started) });
    let processed: number | void;
    try {
      processed = await queue.run(services, job);
    } catch (err) {
      finish(JobRunState.failed).error = errorSummary(err);
      const last = job.retryCount >= job.retryLimit;
      if (!lifecycle.stopping) log.error('job failed', { job: queue.name, jobId: job.id, attempt: run.attempt, last, message: run.error });
      await em.transactional(async (tx) => {
        tx.persist(run);
        if (last) await this.announceFailure(tx, queue, run);
      });
      throw err;
    }
    finish(JobRunState.completed).processed = typeof processed === 'number' ? processed : null;
    await em.flush();
    if (processed) log.info('job done', { job: queue.name, count: processed });
  }

  /** Who started this run; null when it should not run: its schedule was paused after pg-boss queued it. */
  private async triggerOf(em: EntityManager, queue: StudioQueue, job: QueuedWork): Promise<JobTrigger | null> {
    if (job.retryCount > 0 || (await em.count(JobRun, { jobId: job.id })) > 0) return JobTrigger.retry;
    const trigger = (job.data as TriggerData | null)?.trigger;
    if (trigger === 'run_now') return JobTrigger.run_now;
    if (trigger !== 'schedule') return JobTrigger.sent;
    return (await em.count(PausedSchedule, { queue: queue.name })) ? null : JobTrigger.schedule;
  }

  private async announceFailure(tx: EntityManager, queue: StudioQueue, run: JobRun): Promise<void> {
    const lastCompleted = await tx.findOne(
      JobRun,
      { queue: queue.name, state: JobRunState.completed },
      { orderBy: { startedAt: 'desc' }, fields: ['id'] },
    );
    await this.events.emit(tx, 'job.failed', {
      queue: queue.name,
      description: queue.description,
      jobId: run.jobId,
      runId: run.id,
      attempts: run.attempt,
      error: run.error ?? '',
      lastCompletedRunId: lastCompleted?.id ?? null,
    });
  }
}

/** pg-boss answers its job commands with how many jobs they changed (its typings say void). */
function affected(result: unknown): boolean {
  return ((result as { affected?: number } | undefined)?.affected ?? 0) > 0;
}
