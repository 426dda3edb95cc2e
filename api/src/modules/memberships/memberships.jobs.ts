import type { MikroORM } from '@mikro-orm/postgresql';
import type PgBoss from 'pg-boss';
import { log } from '../../logger.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { MembershipWebhooks } from './membership-webhooks.js';
import type { MembershipService } from './memberships.service.js';

const SUSPEND_QUEUE = 'memberships-suspend-overdue';
const COMP_PERIODS_QUEUE = 'memberships-comp-periods';
const PAUSE_COLLECTION_QUEUE = 'memberships-pause-collection';

/**
 * Every 15 minutes: past-due memberships whose grace period (studio setting) is over are suspended, and comp
 * memberships whose period is over move to their next period (Stripe moves the others' periods through the webhook).
 * Every minute: Stripe subscriptions whose admin pause has started get their collection paused until it ends (sent when
 * the pause starts, not when it is made, so a renewal before it is charged; Stripe resumes by itself at its end).
 */
export async function startMembershipJobs(
  { jobs, orm, settings }: { jobs: PgBoss; orm: MikroORM; settings: SettingsService },
  webhooks: MembershipWebhooks,
  memberships: MembershipService,
): Promise<void> {
  await jobs.createQueue(SUSPEND_QUEUE);
  await jobs.work(SUSPEND_QUEUE, async () => {
    const em = orm.em.fork();
    const count = await webhooks.suspendOverdue(em, (await settings.get(em)).membershipGraceDays);
    if (count) log.info('job done', { job: SUSPEND_QUEUE, count });
  });
  await jobs.schedule(SUSPEND_QUEUE, '*/15 * * * *');
  await jobs.createQueue(COMP_PERIODS_QUEUE);
  await jobs.work(COMP_PERIODS_QUEUE, async () => {
    const count = await memberships.advanceCompPeriods(orm.em.fork());
    if (count) log.info('job done', { job: COMP_PERIODS_QUEUE, count });
  });
  await jobs.schedule(COMP_PERIODS_QUEUE, '*/15 * * * *');
  await jobs.createQueue(PAUSE_COLLECTION_QUEUE);
  await jobs.work(PAUSE_COLLECTION_QUEUE, async () => {
    const count = await memberships.startDuePauses(orm.em.fork());
    if (count) log.info('job done', { job: PAUSE_COLLECTION_QUEUE, count });
  });
  await jobs.schedule(PAUSE_COLLECTION_QUEUE, '* * * * *');
}
