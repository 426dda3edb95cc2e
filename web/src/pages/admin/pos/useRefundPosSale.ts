import { useMutation } from '@apollo/client/react';
import { RefundPosSaleDocument } from './pos.generated';

/** Refunds a paid sale; stock and the day report are asked again. */
export function useRefundPosSale() {
  return useMutation(RefundPosSaleDocument, {
    update(cache) {
      // Stock, spots and the day's totals changed on the server.
      cache.evict({ fieldName: 'posCatalog' });
      cache.evict({ fieldName: 'posDayReport' });
      cache.evict({ fieldName: 'posSales' });
      cache.gc();
    },
  });
}
