import { useMutation } from '@apollo/client/react';
import { ChargePosSaleToAccountDocument } from './pos.generated';

/** Charges the sale to its member's account (an invoice is sent); like cash, the catalogue and the day report are asked again. */
export function useChargePosSaleToAccount() {
  return useMutation(ChargePosSaleToAccountDocument, {
    update(cache) {
      // Stock, spots and the day's totals changed on the server, and the member has a new invoice.
      cache.evict({ fieldName: 'posCatalog' });
      cache.evict({ fieldName: 'posDayReport' });
      cache.evict({ fieldName: 'posSales' });
      cache.evict({ fieldName: 'adminInvoices' });
      cache.gc();
    },
  });
}
