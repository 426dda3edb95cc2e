import type { MikroORM } from '@mikro-orm/postgresql';
import type { QueueDeclaration } from '../../jobs/queue-declaration.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { MembershipWebhooks } from './membership-webhooks.js';
import type { MembershipService } from './memberships.service.js';

/** What the membership jobs use. */
interface MembershipJobServices {
  orm: MikroORM;
  settings: SettingsService;
  memberships: MembershipService & { webhooks: MembershipWebhooks };
}

/**
 * Every 15 minutes: past-due memberships whose grace period (studio setting) is over are suspended, and comp
 * memberships whose period is over move to their next period (Stripe moves the others' periods through the webhook).
 * Every minute: Stripe subscriptions whose admin pause has started get their collection paused until it ends (sent when
 * the pause starts, not when it is made, so a renewal before it is charged; Stripe resumes by itself at its end).
 */
export const membershipQueues: QueueDeclaration<MembershipJobServices>[] = [
  {
    name: 'memberships-suspend-overdue',
    description: 'Suspends past-due memberships whose grace period is over',
    cron: '*/15 * * * *',
    run: async ({ orm, settings, memberships }) => {
      const em = orm.em.fork();
      return memberships.webhooks.suspendOverdue(em, (await settings.get(em)).membershipGraceDays);
    },
  },
  {
    name: 'memberships-comp-periods',
    description: 'Moves comp memberships whose period is over to their next period',
    cron: '*/15 * * * *',
    run: ({ orm, memberships }) => memberships.advanceCompPeriods(orm.em.fork()),
  },
  {
    name: 'memberships-pause-collection',
    description: 'Pauses the Stripe collection of subscriptions whose admin pause has started',
    cron: '* * * * *',
    run: ({ orm, memberships }) => memberships.startDuePauses(orm.em.fork()),
  },
];
