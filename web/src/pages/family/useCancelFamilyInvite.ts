import { useMutation } from '@apollo/client/react';
import { CancelFamilyInviteDocument } from './family.generated';

/** Withdraws an invite: the answer (the member, without an invite) replaces it in the cache, and the old invite is dropped. */
export function useCancelFamilyInvite(inviteId: string | null) {
  return useMutation(CancelFamilyInviteDocument, {
    update(cache) {
      if (!inviteId) return;
      cache.evict({ id: cache.identify({ __typename: 'FamilyInvite', id: inviteId }) });
      cache.gc();
    },
  });
}
