import { useQuery, useSubscription } from '@apollo/client/react';
import { CheckoutResultDocument, OrderPaidDocument } from './paymentSuccess.generated';

/**
 * The order a checkout session became, for the pages checkout returns to (?session_id=…). It is read once; when the
 * browser arrives before the payment's webhook and `awaitPayment` is set, the order is awaited on a subscription that
 * answers as soon as it exists (so nothing is missed between the read and the subscription, and nothing polls).
 */
export function useCheckoutOrder(sessionId: string, { awaitPayment = true }: { awaitPayment?: boolean } = {}) {
  const { data, loading, error } = useQuery(CheckoutResultDocument, { variables: { sessionId }, skip: !sessionId });
  const result = data?.checkoutResult;
  const waiting = awaitPayment && Boolean(result && !result.order && result.status === 'open');
  const { data: paid } = useSubscription(OrderPaidDocument, { variables: { sessionId }, skip: !waiting });
  return {
    order: result?.order ?? paid?.orderPaid,
    status: result?.status,
    waiting,
    loading: loading && !data,
    error: data ? undefined : error,
  };
}
