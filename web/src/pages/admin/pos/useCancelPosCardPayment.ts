import { useMutation } from '@apollo/client/react';
import { CancelPosCardPaymentDocument } from './pos.generated';

/** Cancels the card payment the sale waits for: the sale is open again and its stock back in the catalogue. */
export function useCancelPosCardPayment() {
  return useMutation(CancelPosCardPaymentDocument, {
    update(cache) {
      cache.evict({ fieldName: 'posCatalog' });
      cache.gc();
    },
  });
}
