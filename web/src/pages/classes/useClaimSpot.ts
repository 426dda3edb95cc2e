import { useMutation } from '@apollo/client/react';
import { ClaimSpotDocument, MyWaitlistDocument } from './classes.generated';

/** Accepts a free spot offered from the waitlist. */
export function useClaimSpot() {
  return useMutation(ClaimSpotDocument, { refetchQueries: [MyWaitlistDocument] });
}
