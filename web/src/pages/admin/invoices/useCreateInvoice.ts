import { useMutation } from '@apollo/client/react';
import { CreateInvoiceDocument } from './adminInvoices.generated';

/** Makes an invoice (a draft or sent at once); the table's pages and totals ask again (its status may leave the filter, and the totals change). */
export function useCreateInvoice() {
  return useMutation(CreateInvoiceDocument, {
    update(cache) {
      cache.evict({ fieldName: 'adminInvoices' });
      cache.evict({ fieldName: 'myInvoices' });
      cache.gc();
    },
  });
}
