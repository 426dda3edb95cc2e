import DataLoader from 'dataloader';
import type { LoaderRequest } from '../../graphql/context.js';
import type { WebhookAttempt, WebhookDelivery } from './webhook.entity.js';
import type { WebhookService } from './webhooks.service.js';

export function webhookLoaders({ em, services }: LoaderRequest & { services: { webhooks: WebhookService } }) {
  return {
    /** Each endpoint's latest delivery. */
    webhookLastDelivery: new DataLoader<string, WebhookDelivery | null>(async (ids) => {
      const last = await services.webhooks.lastDeliveries(em(), ids);
      return ids.map((id) => last.get(id) ?? null);
    }),
    /** Each delivery's attempts, oldest first. */
    webhookAttempts: new DataLoader<string, WebhookAttempt[]>(async (ids) => {
      const attempts = await services.webhooks.attemptsOf(em(), ids);
      return ids.map((id) => attempts.get(id) ?? []);
    }),
  };
}
