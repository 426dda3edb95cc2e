import { useMutation } from '@apollo/client/react';
import { UpdateMembershipPlanDocument } from './adminMemberships.generated';

/**
 * Changes a plan (also activates or deactivates it); the plan comes back and replaces the cached one. The list of
 * plans on offer (without inactive ones) may gain or lose it, so that list asks again; the admin list keeps its rows.
 */
export function useUpdateMembershipPlan() {
  return useMutation(UpdateMembershipPlanDocument, {
    update(cache) {
      cache.modify({
        fields: {
          membershipPlans: (value, { storeFieldName, DELETE }) => (storeFieldName.includes('"includeInactive":true') ? value : DELETE),
        },
      });
    },
  });
}
