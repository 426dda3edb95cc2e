import type { MikroORM } from '@mikro-orm/postgresql';
import type PgBoss from 'pg-boss';
import { log } from '../../logger.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { MembershipWebhooks } from './membership-webhooks.js';

const SUSPEND_QUEUE = 'memberships-suspend-overdue';

/** Every 15 minutes: past-due memberships whose grace period (studio setting) is over are suspended. */
export async function startMembershipJobs(
  { jobs, orm, settings }: { jobs: PgBoss; orm: MikroORM; settings: SettingsService },
  webhooks: MembershipWebhooks,
): Promise<void> {
  await jobs.createQueue(SUSPEND_QUEUE);
  await jobs.work(SUSPEND_QUEUE, async () => {
    const em = orm.em.fork();
    const count = await webhooks.suspendOverdue(em, (await settings.get(em)).membershipGraceDays);
    if (count) log.info('job done', { job: SUSPEND_QUEUE, count });
  });
  await jobs.schedule(SUSPEND_QUEUE, '*/15 * * * *');
}
