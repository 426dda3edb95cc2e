import { Entity, Enum, Index, OptionalProps, PrimaryKey, Property, types } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';

/** Why a run started. */
export enum JobTrigger {
  schedule = 'schedule',
  run_now = 'run_now',
  retry = 'retry',
  sent = 'sent',
}
registerEnumType(JobTrigger, {
  name: 'JobTrigger',
  valuesConfig: {
    schedule: { description: 'Its cron came round' },
    run_now: { description: 'An admin asked for a run now' },
    retry: { description: 'A later attempt of a job that failed (by itself or by an admin)' },
    sent: { description: 'The app queued the job (e.g. one email to deliver)' },
  },
});

export enum JobRunState {
  active = 'active',
  completed = 'completed',
  failed = 'failed',
}
registerEnumType(JobRunState, { name: 'JobRunState' });

/** One attempt of one pg-boss job: recorded by the job queues when a worker starts it and finished with its outcome. */
@ObjectType({ description: 'One run (attempt) of a job' })
@Entity()
@Index({ properties: ['queue', 'startedAt'] })
@Index({ properties: ['jobId'] })
export class JobRun {
  [OptionalProps]?: 'state' | 'startedAt' | 'finishedAt' | 'durationMs' | 'error' | 'processed';

  @Field(() => ID) @PrimaryKey({ type: 'uuid' }) id: string = randomUUID();
  @Field() @Property({ length: 100 }) queue: string;
  @Field(() => ID, { description: "pg-boss's job id (a retried job keeps it)" }) @Property({ type: 'uuid' }) jobId: string;
  @Field(() => Int, { description: '1 for the first attempt' }) @Property() attempt: number;
  @Field(() => JobTrigger) @Enum({ items: () => JobTrigger }) trigger: JobTrigger;
  @Field(() => JobRunState) @Enum({ items: () => JobRunState, default: JobRunState.active }) state: JobRunState = JobRunState.active;
  @Field() @Property({ type: types.datetime, defaultRaw: 'now()' }) startedAt: Date = new Date();
  @Field(() => Date, { nullable: true }) @Property({ type: types.datetime, nullable: true }) finishedAt: Date | null = null;
  @Field(() => Int, { nullable: true }) @Property({ type: types.integer, nullable: true }) durationMs: number | null = null;
  @Field(() => Int, { nullable: true, description: 'How many things the run handled, when its work counts them' })
  @Property({ type: types.integer, nullable: true })
  processed: number | null = null;
  @Field(() => String, { nullable: true, description: "The failure's message, shortened (no stack trace)" })
  @Property({ length: 300, nullable: true })
  error: string | null = null;

  constructor(init: { queue: string; jobId: string; attempt: number; trigger: JobTrigger }) {
    Object.assign(this, init);
  }
}

/** A schedule an admin paused: kept here so the pause outlives restarts and holds for every API instance. */
@Entity()
export class PausedSchedule {
  [OptionalProps]?: 'pausedAt';

  @PrimaryKey({ length: 100 }) queue: string;
  @Property({ type: types.datetime, defaultRaw: 'now()' }) pausedAt: Date = new Date();

  constructor(queue: string) {
    this.queue = queue;
  }
}
