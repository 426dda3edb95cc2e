import { useMutation } from '@apollo/client/react';
import { CreateMembershipPlanDocument } from './adminMemberships.generated';

/** Adds a plan; the lists of plans (this page's and the members' /memberships) ask again for the server's order. */
export function useCreateMembershipPlan() {
  return useMutation(CreateMembershipPlanDocument, {
    update(cache) {
      cache.evict({ fieldName: 'membershipPlans' });
      cache.gc();
    },
  });
}
