import { useMutation } from '@apollo/client/react';
import { PayInvoiceDocument } from './invoices.generated';

/** Puts an invoice into the cart and starts checkout; the browser then leaves for the payment page, so no cache changes here. */
export function usePayInvoice() {
  return useMutation(PayInvoiceDocument);
}
