import type { ApolloCache } from '@apollo/client';
import { useSubscription } from '@apollo/client/react';
import { useMemo } from 'react';
import { SpotsChangedDocument, type SpotsChangedSubscription } from '../../graphql/graphql';

export type SpotsUpdate = SpotsChangedSubscription['spotsChanged'];

/** Writes live seat counts into the cached class, so every list and dialog showing it updates at once. */
export function applySpotsUpdate(cache: ApolloCache, update: SpotsUpdate): boolean {
  const id = cache.identify({ __typename: 'ClassInstance', id: update.classInstanceId });
  if (!id) return false;
  return cache.modify({
    id,
    fields: {
      spotsLeft: () => update.spotsLeft,
      waitlistLength: () => update.waitlistLength,
      status: () => update.status,
    },
  });
}

/** Subscribes to `spotsChanged` for the classes on screen (a booking anywhere shows within a second). */
export function useLiveSpots(classInstanceIds: readonly string[]): void {
  const key = [...new Set(classInstanceIds)].sort().join(',');
  const variables = useMemo(() => ({ classInstanceIds: key ? key.split(',') : [] }), [key]);
  useSubscription(SpotsChangedDocument, {
    variables,
    skip: !key,
    fetchPolicy: 'no-cache',
    ignoreResults: true,
    onData: ({ client, data }) => {
      if (data.data) applySpotsUpdate(client.cache, data.data.spotsChanged);
    },
  });
}
