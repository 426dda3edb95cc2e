import { useMutation } from '@apollo/client/react';
import { RefundOrderDocument } from './adminStripe.generated';

/** Refunds an order or some lines; the answer is the order (normalised by id, so the table updates in place). */
export function useRefundOrder() {
  return useMutation(RefundOrderDocument);
}
