import { useMutation } from '@apollo/client/react';
import { StartPosCardPaymentDocument } from './pos.generated';

/** Makes the sale's card payment link (shown as a QR code); its stock is now held, so the catalogue is asked again. */
export function useStartPosCardPayment() {
  return useMutation(StartPosCardPaymentDocument, {
    update(cache) {
      cache.evict({ fieldName: 'posCatalog' });
      cache.gc();
    },
  });
}
