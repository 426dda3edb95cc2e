import { useMutation } from '@apollo/client/react';
import { SubscribeToPlanDocument } from './memberships.generated';

/** Starts checkout for a plan; the caller sends the browser to the answer's url (nothing in the cache changes yet). */
export function useSubscribeToPlan() {
  return useMutation(SubscribeToPlanDocument);
}
