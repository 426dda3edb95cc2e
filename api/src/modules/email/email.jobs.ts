import type { QueueDeclaration } from '../../jobs/queue-declaration.js';
import { DELIVER_QUEUE, type EmailService } from './email.service.js';

/** Delivery of the outbox: one job per message (sent by EmailService.dispatch), and a sweep for lost ones. */
export const emailQueues: QueueDeclaration<{ email: EmailService }>[] = [
  {
    name: DELIVER_QUEUE,
    description: 'Delivers one email of the outbox (retried with backoff)',
    pollingIntervalSeconds: 0.5,
    // Each worker sends up to two a second: five keep up with a mailing at the default 600 a minute.
    workers: 5,
    run: ({ email }, job) => email.deliver(String(job.data.id)),
  },
  {
    name: 'email-sweep',
    description: 'Queues again the emails whose delivery job was lost (e.g. the process stopped between commit and send)',
    cron: '* * * * *',
    run: ({ email }) => email.sweep(),
  },
];
