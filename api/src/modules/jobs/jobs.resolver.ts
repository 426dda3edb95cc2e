import { Args, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { Context, Viewer } from '../../graphql/context.js';
import { CurrentUser } from '../../graphql/current-user.js';
import { Role } from '../users/role.js';
import { JobArgs, JobRunPage, JobRunsArgs, QueueArgs, ScheduledJob, WaitingJob } from './jobs.types.js';
import { Scope } from '../../graphql/access.js';

/** The admin's scheduled jobs: every queue the modules declare, their runs, and run now / pause / resume / retry / cancel. */
@Resolver()
export class ScheduledJobsResolver {
  @Authorized(Role.admin)
  @Scope('studio:read')
  @Query(() => [ScheduledJob], { description: 'Every job queue of the studio, with its schedule, next run, depth and last runs' })
  scheduledJobs(@Ctx() ctx: Context): Promise<ScheduledJob[]> {
    return ctx.services.scheduledJobs.list(ctx.em);
  }

  @Authorized(Role.admin)
  @Scope('studio:read')
  @Query(() => JobRunPage, { description: "One queue's runs, newest first" })
  async jobRuns(@Args() args: JobRunsArgs, @Ctx() ctx: Context): Promise<JobRunPage> {
    const { items, total } = await ctx.services.scheduledJobs.runs(ctx.em, args);
    return { items, total, page: args.page, pageSize: args.pageSize };
  }

  @Authorized(Role.admin)
  @Scope('studio:read')
  @Query(() => [WaitingJob], { description: 'The jobs waiting in one queue, the next due first' })
  waitingJobs(@Args() { queue }: QueueArgs, @Ctx() ctx: Context): Promise<WaitingJob[]> {
    return ctx.services.scheduledJobs.waiting(queue);
  }

  @Authorized(Role.admin)
  @Scope('studio:write')
  @Mutation(() => ScheduledJob, { description: 'Queues one run of a scheduled job now, whatever its schedule' })
  runJobNow(@Args() { queue }: QueueArgs, @CurrentUser() user: Viewer, @Ctx() ctx: Context): Promise<ScheduledJob> {
    return ctx.services.scheduledJobs.runNow(ctx.em, user, queue);
  }

  @Authorized(Role.admin)
  @Scope('studio:write')
  @Mutation(() => ScheduledJob, { description: 'Stops a schedule firing (on every instance, across restarts) until it is resumed' })
  pauseSchedule(@Args() { queue }: QueueArgs, @CurrentUser() user: Viewer, @Ctx() ctx: Context): Promise<ScheduledJob> {
    return ctx.services.scheduledJobs.pause(ctx.em, user, queue);
  }

  @Authorized(Role.admin)
  @Scope('studio:write')
  @Mutation(() => ScheduledJob, { description: 'Lets a paused schedule fire again' })
  resumeSchedule(@Args() { queue }: QueueArgs, @CurrentUser() user: Viewer, @Ctx() ctx: Context): Promise<ScheduledJob> {
    return ctx.services.scheduledJobs.resume(ctx.em, user, queue);
  }

  @Authorized(Role.admin)
  @Scope('studio:write')
  @Mutation(() => ScheduledJob, { description: 'Puts a failed job back in its queue' })
  retryJob(@Args() { queue, jobId }: JobArgs, @CurrentUser() user: Viewer, @Ctx() ctx: Context): Promise<ScheduledJob> {
    return ctx.services.scheduledJobs.retry(ctx.em, user, queue, jobId);
  }

  @Authorized(Role.admin)
  @Scope('studio:write')
  @Mutation(() => ScheduledJob, { description: 'Cancels a job still waiting in its queue' })
  cancelJob(@Args() { queue, jobId }: JobArgs, @CurrentUser() user: Viewer, @Ctx() ctx: Context): Promise<ScheduledJob> {
    return ctx.services.scheduledJobs.cancel(ctx.em, user, queue, jobId);
  }
}
