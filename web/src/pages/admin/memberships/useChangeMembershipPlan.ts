import { useMutation } from '@apollo/client/react';
import { ChangeMembershipPlanDocument } from './adminMemberships.generated';

/**
 * Sets the plan a membership changes to from its next period. The row comes back with its next plan and replaces the
 * cached one; its current plan, status and place in the table stay, so nothing else is asked again.
 */
export function useChangeMembershipPlan() {
  return useMutation(ChangeMembershipPlanDocument);
}
