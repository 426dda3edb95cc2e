/** A register sale changed behind the cashier's back (the webhook paid it, or its card payment was released). */
export type PosSaleChangedEvent = { kind: 'paid' | 'changed' | 'resync' };

declare module '../../graphql/pubsub.js' {
  interface PubSubEvents {
    /** Keyed by the register sale's id: its card payment went through, or it stopped waiting for one. */
    POS_SALE_CHANGED: [saleId: string, PosSaleChangedEvent];
  }
}

export const posTopics = ['POS_SALE_CHANGED'] as const;
