import { useMutation } from '@apollo/client/react';
import type { ApolloCache } from '@apollo/client';
import { CreateApiKeyDocument, RevokeApiKeyDocument } from './apiKeys.generated';

/** A new key goes first in the list (newest first), so the list is read again. */
function dropKeyList(cache: ApolloCache) {
  cache.evict({ fieldName: 'apiKeys' });
  cache.gc();
}

export function useCreateApiKey() {
  return useMutation(CreateApiKeyDocument, { update: dropKeyList });
}

/** A revoked key answers with its revokedAt, which replaces the cached key. */
export function useRevokeApiKey() {
  return useMutation(RevokeApiKeyDocument);
}
