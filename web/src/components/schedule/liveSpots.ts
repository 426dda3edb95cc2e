import type { ApolloCache, Reference } from '@apollo/client';
import { useSubscription } from '@apollo/client/react';
import { useMemo } from 'react';
import { SpotsChangedDocument, type SpotsChangedSubscription } from './schedule.generated';

export type SpotsUpdate = SpotsChangedSubscription['spotsChanged'];

/** A class's rig point as the cache keeps it: the point by reference, and whether it is taken. */
type RigPointEntry = { rigPoint: Reference; taken: boolean };

/**
 * Writes live seat counts and taken rig points into the cached class, so every list, dialog and rig point picker
 * showing it updates at once.
 */
export function applySpotsUpdate(cache: ApolloCache, update: SpotsUpdate): boolean {
  const id = cache.identify({ __typename: 'ClassInstance', id: update.classInstanceId });
  if (!id) return false;
  const taken = new Set(update.takenRigPointIds);
  return cache.modify({
    id,
    fields: {
      spotsLeft: () => update.spotsLeft,
      waitlistLength: () => update.waitlistLength,
      status: () => update.status,
      // Entries have no id of their own, so they sit inside the class (never as references).
      rigPoints: (points: readonly (Reference | RigPointEntry)[], { readField, isReference }) =>
        points.map((p) => (isReference(p) ? p : { ...p, taken: taken.has(readField<string>('id', p.rigPoint) ?? '') })),
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
