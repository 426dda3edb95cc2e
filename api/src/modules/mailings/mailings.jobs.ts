import type { QueueDeclaration } from '../../jobs/queue-declaration.js';
import { MAILING_QUEUE, type MailingService } from './mailings.service.js';

/** A mailing goes out a slice at a time (each run queues the next); the sweep restarts a mailing whose job was lost. */
export const mailingQueues: QueueDeclaration<{ mailings: MailingService }>[] = [
  {
    name: MAILING_QUEUE,
    description: 'Hands the next slice of a mailing’s recipients to the email outbox',
    pollingIntervalSeconds: 1,
    run: ({ mailings }, job) => mailings.run(String(job.data.id)),
  },
  {
    name: 'mailing-sweep',
    description: 'Restarts the mailings that are due but whose sending job was lost',
    cron: '* * * * *',
    run: ({ mailings }) => mailings.sweep(),
  },
];
