/** A checkout was paid and became an order (published in the fulfilment's transaction, so only once committed). */
export type OrderPaidEvent = { userId: string; checkoutSessionId: string; orderId: string };

declare module '../../graphql/pubsub.js' {
  interface PubSubEvents {
    ORDER_PAID: [OrderPaidEvent];
  }
}

export const paymentTopics = ['ORDER_PAID'] as const;
