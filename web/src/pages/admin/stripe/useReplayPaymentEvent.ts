import { useMutation } from '@apollo/client/react';
import { ReplayPaymentEventDocument } from './adminStripe.generated';

/** Handles a failed event again; the answer is the event (normalised by id, so its row updates in place). */
export function useReplayPaymentEvent() {
  return useMutation(ReplayPaymentEventDocument);
}
