import { defineModule } from '../module.js';
import { emailQueues } from './email.jobs.js';
import { EmailResolver } from './email.resolver.js';
import { EmailService } from './email.service.js';
import { OutboxEmail } from './outbox-email.entity.js';
import { emailExports } from './email.exports.js';

/** Outgoing email through a transactional outbox, delivered by a queue worker (or held for the admin mailbox). */
export const emailModule = defineModule({
  name: 'email',
  exports: emailExports,
  uses: [],
  entities: [OutboxEmail],
  resolvers: [EmailResolver],
  service: ({ env, orm, jobs, storage }) => new EmailService(env, orm, jobs, storage),
  queues: emailQueues,
});
