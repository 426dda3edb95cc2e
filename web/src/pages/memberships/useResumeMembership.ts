import { useMutation } from '@apollo/client/react';
import { ResumeMembershipDocument } from './memberships.generated';

/** Takes back a cancellation at period end; the answer updates the cached Membership by itself. */
export function useResumeMembership() {
  return useMutation(ResumeMembershipDocument);
}
