import type { EntityManager } from '@mikro-orm/postgresql';
import type { On } from '../../events/domain-events.js';
import type { DomainEventName } from '../../events/catalogue.js';
import { bookingsModule } from '../bookings/index.js';
import { checkInModule } from '../checkin/index.js';
import { invoicesModule } from '../invoices/index.js';
import { defineModule } from '../module.js';
import { movesModule } from '../moves/index.js';
import { notificationsModule } from '../notifications/index.js';
import { paymentsModule } from '../payments/index.js';
import { usersModule } from '../users/index.js';
import { WebhookAttempt, WebhookDelivery, WebhookEndpoint } from './webhook.entity.js';
import { webhookQueues } from './webhooks.jobs.js';
import { webhookLoaders } from './webhooks.loaders.js';
import { mergeWebhookEndpoints } from './webhooks.merge.js';
import { WebhookDeliveryResolver, WebhookEndpointResolver } from './webhooks.resolver.js';
import { WEBHOOK_EVENTS, WebhookService } from './webhooks.service.js';

/**
 * Outgoing webhooks (Standard Webhooks): the catalogue's events, after commit, become one delivery per subscribed
 * endpoint; the webhooks-send queue sends them signed, with retries, and keeps the log admins read and replay from.
 */
export const webhooksModule = defineModule({
  name: 'webhooks',
  uses: [usersModule, notificationsModule, bookingsModule, checkInModule, paymentsModule, invoicesModule, movesModule],
  entities: [WebhookEndpoint, WebhookDelivery, WebhookAttempt],
  resolvers: [WebhookEndpointResolver, WebhookDeliveryResolver],
  service: ({ env, orm, jobs, notifications }) => new WebhookService(env, orm, jobs, notifications),
  loaders: (request) => webhookLoaders(request),
  queues: webhookQueues,
  // Reads which events endpoints want once the tables exist, then keeps reading (see subscribed-types.ts).
  ensure: (_em, { webhooks }) => webhooks.subscribed.start(),
  events: (on, { webhooks }) => {
    on('member.merged', 'inTransaction', (tx, pair) => mergeWebhookEndpoints(tx, pair));
    for (const [name, type] of Object.entries(WEBHOOK_EVENTS) as [DomainEventName, (typeof WEBHOOK_EVENTS)[keyof typeof WEBHOOK_EVENTS]][])
      (on as On)(name, 'afterCommit', (tx: EntityManager, payload: unknown, event) => webhooks.record(tx, type, payload, event), {
        wanted: () => webhooks.subscribed.wants(type),
      });
  },
});
