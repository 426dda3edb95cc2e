import { useMutation } from '@apollo/client/react';
import { CreateCheckoutSessionDocument } from './CartPanel.generated';

/** Starts checkout for the whole cart; the browser then leaves for the payment page, so no cache changes here. */
export function useCreateCheckoutSession() {
  return useMutation(CreateCheckoutSessionDocument);
}
