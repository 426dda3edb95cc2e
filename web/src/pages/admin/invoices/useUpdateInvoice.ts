import { useMutation } from '@apollo/client/react';
import { UpdateInvoiceDocument } from './adminInvoices.generated';

/** Changes a draft; the table's pages and totals ask again (its member, total or dates may leave the filters). */
export function useUpdateInvoice() {
  return useMutation(UpdateInvoiceDocument, {
    update(cache) {
      cache.evict({ fieldName: 'adminInvoices' });
      cache.gc();
    },
  });
}
