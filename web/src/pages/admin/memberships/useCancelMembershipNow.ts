import { useMutation } from '@apollo/client/react';
import { CancelMembershipNowDocument } from './adminMemberships.generated';

/** Ends a membership now; it leaves tables filtered by another status, so the memberships table asks again. */
export function useCancelMembershipNow() {
  return useMutation(CancelMembershipNowDocument, {
    update(cache) {
      cache.evict({ fieldName: 'adminMemberships' });
      cache.gc();
    },
  });
}
