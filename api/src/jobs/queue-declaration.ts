import type PgBoss from 'pg-boss';

/** A job as a queue's handler gets it from pg-boss (with its attempt counts). */
export type QueuedWork = PgBoss.JobWithMetadata<Record<string, unknown>>;

/**
 * One queue a module declares in its descriptor (`queues`): pg-boss creates it, a worker runs `run` for each of its
 * jobs, and with a `cron` it is also scheduled. Every run is recorded (jobs/job-run.entity.ts); the admin's scheduled
 * jobs page lists exactly these declarations.
 */
export interface QueueDeclaration<Services = object> {
  /** pg-boss's queue name, `<module>-<what>`; kept stable (pg-boss stores jobs and schedules under it). */
  readonly name: string;
  /** What one run does, in one line for the admin's page. */
  readonly description: string;
  /** When it runs by itself (five-field cron); without one it runs for each job the app sends it. */
  readonly cron?: string;
  /** The zone the cron is read in: the studio's (STUDIO_TIME_ZONE) or UTC (the default). */
  readonly timeZone?: 'studio' | 'UTC';
  /** How often an idle worker looks for new jobs (pg-boss's default: 2 s). */
  readonly pollingIntervalSeconds?: number;
  /**
   * Workers per process (default 1). A pg-boss worker takes one job per polling interval, so a queue that must run
   * more jobs than that a second (email delivery at a mailing's rate) needs several.
   */
  readonly workers?: number;
  /** Whether the queue runs in this setup (e.g. only with a payment provider); a disabled one is neither started nor listed. */
  enabled?(services: Services): boolean;
  /** Does one job's work; a count of what it handled is logged and recorded. Throwing fails the run (pg-boss retries). */
  run(services: Services, job: QueuedWork): Promise<number | void>;
}

/** A declaration as the job queues keep it: with the module that declared it. */
export interface DeclaredQueue extends QueueDeclaration {
  readonly module: string;
}
