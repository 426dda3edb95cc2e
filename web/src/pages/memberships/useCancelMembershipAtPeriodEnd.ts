import { useMutation } from '@apollo/client/react';
import { CancelMembershipAtPeriodEndDocument } from './memberships.generated';

/** Ends the membership at its period end; the answer (a normalised Membership) updates the cached one by itself. */
export function useCancelMembershipAtPeriodEnd() {
  return useMutation(CancelMembershipAtPeriodEndDocument);
}
