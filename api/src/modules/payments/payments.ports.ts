import type { EntityManager } from '@mikro-orm/postgresql';
import type Stripe from 'stripe';
import type { CheckoutSession } from './checkout-session.entity.js';

/** What payments asks the modules above it, supplied in their descriptors (`ports: () => ({ payments: { ... } })`). */
export interface PaymentPorts {
  /**
   * A paid checkout session that no member's cart opened (a front-desk sale's, see CheckoutSession.counterSaleId),
   * in the payment's transaction: completes what it paid for; true when something took it (otherwise payments
   * records it as a walk-in order, to be refunded).
   */
  counterCheckoutPaid: (tx: EntityManager, paid: { session: CheckoutSession; paymentIntentId: string | null }) => Promise<boolean>;
  /**
   * Provider events of types a module above deals in (memberships: subscriptions and their invoices), handled in the
   * event's transaction once per event id (2xx only after its commit). The handler must not depend on the order
   * events arrive in.
   */
  providerEvents: { types: readonly string[]; handle(tx: EntityManager, event: Stripe.Event): Promise<void> };
  /**
   * Of the products a payment just paid for (by variant id), the ones a module above can no longer deliver, with why
   * (invoices: an invoice settled or voided meanwhile), in the payment's transaction, before order.paid is announced:
   * those lines are left out of order.paid and refunded automatically after the commit.
   */
  undeliverable: (tx: EntityManager, variantIds: string[]) => Promise<{ variantId: string; reason: string }[]>;
}
