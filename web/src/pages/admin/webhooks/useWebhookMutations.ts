import { useMutation } from '@apollo/client/react';
import type { ApolloCache } from '@apollo/client';
import { ReplayWebhookDeliveryDocument } from './WebhookDeliveryLog.generated';
import {
  CreateWebhookEndpointDocument,
  DeleteWebhookEndpointDocument,
  RotateWebhookSecretDocument,
  SendTestWebhookDocument,
  UpdateWebhookEndpointDocument,
} from './webhooks.generated';

/** The endpoints list gains or loses one: read again. */
function dropEndpointList(cache: ApolloCache) {
  cache.evict({ fieldName: 'webhookEndpoints' });
  cache.gc();
}

/** A delivery was added (a test) or changed (a replay): the log and the last deliveries are read again. */
function dropDeliveries(cache: ApolloCache) {
  cache.evict({ fieldName: 'webhookDeliveries' });
  cache.evict({ fieldName: 'webhookEndpoints' });
  cache.gc();
}

export const useCreateWebhookEndpoint = () => useMutation(CreateWebhookEndpointDocument, { update: dropEndpointList });
/** The answer replaces the cached endpoint. */
export const useUpdateWebhookEndpoint = () => useMutation(UpdateWebhookEndpointDocument);
export const useRotateWebhookSecret = () => useMutation(RotateWebhookSecretDocument);
export const useDeleteWebhookEndpoint = () => useMutation(DeleteWebhookEndpointDocument, { update: dropEndpointList });
export const useSendTestWebhook = () => useMutation(SendTestWebhookDocument, { update: dropDeliveries });
export const useReplayWebhookDelivery = () => useMutation(ReplayWebhookDeliveryDocument, { update: dropDeliveries });
