import { useMutation } from '@apollo/client/react';
import { CompMembershipDocument } from './adminMemberships.generated';

/** Gives a member a complimentary membership; the memberships table asks again (the server places the new row). */
export function useCompMembership() {
  return useMutation(CompMembershipDocument, {
    update(cache) {
      cache.evict({ fieldName: 'adminMemberships' });
      cache.gc();
    },
  });
}
