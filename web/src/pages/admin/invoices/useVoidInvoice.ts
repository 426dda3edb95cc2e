import { useMutation } from '@apollo/client/react';
import { VoidInvoiceDocument } from './adminInvoices.generated';

/** Voids an invoice; the table's pages and totals ask again (its status may leave the filter, and the totals change). */
export function useVoidInvoice() {
  return useMutation(VoidInvoiceDocument, {
    update(cache) {
      cache.evict({ fieldName: 'adminInvoices' });
      cache.evict({ fieldName: 'myInvoices' });
      cache.gc();
    },
  });
}
