import { emailModule } from '../email/index.js';
import { groupsModule } from '../groups/index.js';
import { defineModule } from '../module.js';
import { usersModule } from '../users/index.js';
import { mailingQueues } from './mailings.jobs.js';
import { MailingResolver, MailingSubscriptionResolver } from './mailings.resolver.js';
import { mailingRestRoutes } from './mailings.rest.js';
import { mailingHttpRoutes } from './mailings.routes.js';
import { MailingService } from './mailings.service.js';
import { MailingAttachments } from './mailing-attachment.js';
import { EmailOptOut, Mailing, MailingAttachment, MailingRecipient } from './mailing.entity.js';
import { mergeMailings } from './mailings.merge.js';

/**
 * Email to many members (/admin/email): audiences of groups, roles, class rosters and chosen people; sent through
 * the email outbox by a job at the studio's rate; unsubscribes honoured at once (links and one-click headers).
 */
export const mailingsModule = defineModule({
  name: 'mailings',
  uses: [usersModule, emailModule, groupsModule],
  entities: [Mailing, MailingRecipient, EmailOptOut, MailingAttachment],
  restRoutes: mailingRestRoutes,
  resolvers: [MailingResolver, MailingSubscriptionResolver],
  service: ({ env, orm, jobs, email, groups, storage }) =>
    new MailingService(env, orm, jobs, email, groups, new MailingAttachments(storage)),
  queues: mailingQueues,
  httpRoutes: ({ env, orm, mailings }) => mailingHttpRoutes({ env, orm, mailings }),
  events: (on) => on('member.merged', 'inTransaction', (tx, pair) => mergeMailings(tx, pair)),
});
