import { useMutation } from '@apollo/client/react';
import { SendInvoiceDocument } from './adminInvoices.generated';

/** Sends a draft; the table's pages and totals ask again (its status may leave the filter, and the totals change). */
export function useSendInvoice() {
  return useMutation(SendInvoiceDocument, {
    update(cache) {
      cache.evict({ fieldName: 'adminInvoices' });
      cache.evict({ fieldName: 'myInvoices' });
      cache.gc();
    },
  });
}
