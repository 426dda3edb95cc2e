import { IsUUID, MaxLength } from 'class-validator';
import { ArgsType, Field, ID, Int, ObjectType } from 'type-graphql';
import { PageArgs, Paginated } from '../../common/paging.js';
import { JobRun } from '../../jobs/job-run.entity.js';

/** The most recent runs a scheduled job shows in the list. */
/** Days a job run record is kept. */
export const RUNS_KEPT_DAYS = 30;
/** Run records deleted in one statement at most (each statement stays short). */
export const PRUNE_BATCH = 5_000;

export const LAST_RUNS = 5;
/** The waiting jobs listed for one queue at most. */
export const MAX_WAITING = 50;

@ObjectType({ description: 'A job queue a module declares: its schedule (if any), its last runs and what waits in it' })
export class ScheduledJob {
  @Field(() => ID, { description: "The queue's name" }) name: string;
  @Field({ description: 'The module that declares it' }) module: string;
  @Field({ description: 'What one run does' }) description: string;
  @Field(() => String, { nullable: true, description: 'When it runs by itself (cron); null: it runs for each job the app sends it' })
  cron: string | null;
  @Field(() => String, { nullable: true, description: 'The zone the cron is read in (IANA name)' }) timeZone: string | null;
  @Field({ description: 'An admin paused the schedule' }) paused: boolean;
  @Field(() => Date, { nullable: true, description: 'When the schedule fires next (null: paused, or no schedule)' })
  nextRunAt: Date | null;
  @Field(() => Int, { description: 'Jobs waiting in the queue (queued, or waiting to be retried)' }) queueDepth: number;
  @Field(() => [JobRun], { description: `The latest runs, newest first (at most ${LAST_RUNS})` }) lastRuns: JobRun[];
}

@ObjectType({ description: 'A job waiting in a queue' })
export class WaitingJob {
  @Field(() => ID) id: string;
  @Field({ description: 'created (queued) or retry (waiting to be tried again)' }) state: string;
  @Field() createdAt: Date;
  @Field({ description: 'Not started before this time' }) startAfter: Date;
  @Field(() => Int, { description: 'Attempts made so far' }) retryCount: number;
}

@ObjectType()
export class JobRunPage extends Paginated(JobRun) {}

@ArgsType()
export class QueueArgs {
  @Field({ description: "The queue's name" })
  @MaxLength(100, { message: 'That queue was not found.' })
  queue: string;
}

@ArgsType()
export class JobRunsArgs extends PageArgs {
  @Field({ description: "The queue's name" })
  @MaxLength(100, { message: 'That queue was not found.' })
  queue: string;
}

@ArgsType()
export class JobArgs extends QueueArgs {
  @Field(() => ID, { description: "pg-boss's job id" })
  @IsUUID('all', { message: 'That job was not found.' })
  jobId: string;
}
