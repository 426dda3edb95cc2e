import type { QueueDeclaration } from '../../jobs/queue-declaration.js';
import { SEND_QUEUE } from './webhook-dispatcher.js';
import type { WebhookService } from './webhooks.service.js';

/**
 * Sending: a job is queued when deliveries are written (and for the next retry within a minute); the schedule runs it
 * every minute too, for later retries and for deliveries a stopped process left behind.
 */
export const webhookQueues: QueueDeclaration<{ webhooks: WebhookService }>[] = [
  {
    name: SEND_QUEUE,
    description: 'Sends the webhook deliveries that are due (new ones, retries, and any a stopped process left)',
    cron: '* * * * *',
    pollingIntervalSeconds: 0.5,
    run: ({ webhooks }) => webhooks.sendDue(),
  },
];
