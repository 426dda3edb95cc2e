import { useMutation } from '@apollo/client/react';
import { MarkInvoiceUncollectibleDocument } from './adminInvoices.generated';

/** Writes an invoice off; the table's pages and totals ask again (its status may leave the filter, and the totals change). */
export function useMarkInvoiceUncollectible() {
  return useMutation(MarkInvoiceUncollectibleDocument, {
    update(cache) {
      cache.evict({ fieldName: 'adminInvoices' });
      cache.evict({ fieldName: 'myInvoices' });
      cache.gc();
    },
  });
}
