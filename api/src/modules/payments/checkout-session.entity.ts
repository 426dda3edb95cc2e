import { Check, Entity, Enum, Index, ManyToOne, OptionalProps, PrimaryKey, Property, types } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { registerEnumType } from 'type-graphql';
import { User } from '../users/user.entity.js';

export enum CheckoutStatus {
  /** Waiting for payment: its stock is reserved and its class holds run until it expires. */
  open = 'open',
  completed = 'completed',
  /** Expired, abandoned or replaced by a session for a changed cart: its stock went back. */
  expired = 'expired',
  /** An asynchronous payment failed: its stock went back. */
  failed = 'failed',
}
registerEnumType(CheckoutStatus, { name: 'CheckoutStatus' });

/** One line of what a checkout session sells, as it was when the session was made. */
export interface CheckoutLine {
  kind: 'class' | 'product';
  description: string;
  unitCents: number;
  quantity: number;
  bookingId?: string;
  classInstanceId?: string;
  variantId?: string;
  /** A product of category invoice: the checkout returns to the invoice payment pages. */
  invoice?: boolean;
}

/**
 * A payment session at the provider (Stripe Checkout, or the built-in test provider) for one state of a member's
 * cart. At most one is open per member; the same cart state answers the same session (double clicks, two tabs).
 */
@Entity()
@Index({
  name: 'checkout_session_one_open_per_owner',
  expression: `create unique index "checkout_session_one_open_per_owner" on "checkout_session" ("owner_id") where "status" = 'open'`,
})
@Index({ properties: ['status', 'expiresAt'] })
@Check({ name: 'checkout_session_amount_nonnegative', expression: 'amount_cents >= 0' })
export class CheckoutSession {
  [OptionalProps]?: 'status' | 'createdAt' | 'completedAt' | 'counterSaleId';

  @PrimaryKey({ type: 'uuid' }) id: string = randomUUID();
  /** The member paying their cart; null for a card payment at the front desk (the studio's session, see counterSaleId). */
  @ManyToOne(() => User, { deleteRule: 'restrict', index: true, nullable: true }) owner: User | null;
  /**
   * A front-desk sale paid by card (pos): the customer opens the session from a QR code on their phone. Its stock is
   * reserved like a cart's; paying hands it to the counterCheckoutPaid port instead of the shop's fulfilment.
   */
  @Property({ type: 'uuid', nullable: true, index: true }) counterSaleId: string | null = null;
  @Property({ length: 20 }) provider: string;
  @Property({ length: 255, unique: true }) providerSessionId: string;
  @Property({ type: types.text }) url: string;
  /** A digest of the cart's lines (ids, quantities, prices): equal carts, equal keys. */
  @Property({ length: 64 }) cartKey: string;
  @Property({ type: types.json }) lines: CheckoutLine[];
  @Property() amountCents: number;
  @Enum({ items: () => CheckoutStatus, default: CheckoutStatus.open }) status: CheckoutStatus = CheckoutStatus.open;
  @Property({ type: types.datetime }) expiresAt: Date;
  @Property({ type: types.datetime, defaultRaw: 'now()' }) createdAt: Date = new Date();
  @Property({ type: types.datetime, nullable: true }) completedAt: Date | null = null;
}
