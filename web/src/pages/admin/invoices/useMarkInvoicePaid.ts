import { useMutation } from '@apollo/client/react';
import { MarkInvoicePaidDocument } from './adminInvoices.generated';

/** Records a cash or bank transfer payment; the table's pages and totals ask again (its status may leave the filter, and the totals change). */
export function useMarkInvoicePaid() {
  return useMutation(MarkInvoicePaidDocument, {
    update(cache) {
      cache.evict({ fieldName: 'adminInvoices' });
      cache.evict({ fieldName: 'myInvoices' });
      cache.gc();
    },
  });
}
