import { useMutation } from '@apollo/client/react';
import { PayPosSaleCashDocument } from './pos.generated';

/** Pays the sale in cash; the sale comes back paid, and the catalogue (stock, spots) and the day report are asked again. */
export function usePayPosSaleCash() {
  return useMutation(PayPosSaleCashDocument, {
    update(cache) {
      // Stock, spots and the day's totals changed on the server.
      cache.evict({ fieldName: 'posCatalog' });
      cache.evict({ fieldName: 'posDayReport' });
      cache.evict({ fieldName: 'posSales' });
      cache.gc();
    },
  });
}
