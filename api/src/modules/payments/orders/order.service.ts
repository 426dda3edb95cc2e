import { QueryOrder, type EntityManager } from '@mikro-orm/postgresql';
import type { DomainEventPayload } from '../../../events/catalogue.js';
import type { DomainEvents } from '../../../events/domain-events.js';
import { User } from '../../users/user.entity.js';
import { CheckoutSession, CheckoutStatus } from '../checkout-session.entity.js';
import { Order, OrderLine, OrderLineKind, OrderStatus } from '../order.entity.js';
import { assertMayViewOrder } from '../payments.policy.js';

/** An order paid outside a member's cart checkout (at the front desk, say), as recordOrder records it. */
export interface NewOrder {
  /** The member it was sold to; null for a walk-in. */
  owner: User | null;
  /** Where it was paid, as order.paid tells it. */
  channel: DomainEventPayload<'order.paid'>['channel'];
  totalCents: number;
  paymentIntentId?: string | null;
  /** Charged to the member's account: recorded as on_account (its invoice's payment is the money). */
  onAccount?: boolean;
  lines: {
    kind: OrderLineKind;
    description: string;
    quantity: number;
    unitCents: number;
    variantId?: string | null;
    bookingId?: string | null;
  }[];
}

/** Orders recorded without a cart checkout (the front desk, subscription invoices), and orders read back. */
export class OrderService {
  constructor(private readonly events: DomainEvents) {}

  /**
   * Records an order paid outside a cart checkout, in the caller's transaction (which has already taken the stock and
   * booked the spots): no checkout session, and no owner for a walk-in. `totalCents` is what was paid, after
   * discounts. A member's order then announces order.paid, as a paid checkout does (class packs sold at the desk
   * become packs through the same handlers as online).
   */
  async recordOrder(tx: EntityManager, sale: NewOrder): Promise<Order> {
    const order = tx.create(Order, {
      owner: sale.owner,
      checkoutSession: null,
      totalCents: sale.totalCents,
      paymentIntentId: sale.paymentIntentId ?? null,
      ...(sale.onAccount ? { status: OrderStatus.on_account } : {}),
    });
    sale.lines.forEach((line, position) =>
      tx.create(OrderLine, {
        order,
        position,
        kind: line.kind,
        description: line.description,
        quantity: line.quantity,
        unitCents: line.unitCents,
        bookingId: line.bookingId ?? null,
        variantId: line.variantId ?? null,
      }),
    );
    await tx.flush();
    if (sale.owner)
      await this.events.emit(tx, 'order.paid', {
        orderId: order.id,
        ownerId: sale.owner.id,
        totalCents: order.totalCents,
        channel: sale.channel,
        lines: sale.lines.map((l) => ({
          kind: l.kind === OrderLineKind.class ? 'class' : 'product',
          description: l.description,
          unitCents: l.unitCents,
          quantity: l.quantity,
          ...(l.bookingId ? { bookingId: l.bookingId } : {}),
          ...(l.variantId ? { variantId: l.variantId } : {}),
        })),
      });
    return order;
  }

  /**
   * A membership's subscription invoice, paid: recorded as an order of its holder (once per invoice, whatever the
   * webhook's repeats), so it shows in their orders and can be refunded like a shop order. In the caller's transaction.
   */
  async recordSubscriptionPayment(
    tx: EntityManager,
    payment: {
      ownerId: string;
      providerInvoiceId: string;
      providerSubscriptionId: string;
      paymentIntentId: string | null;
      totalCents: number;
      /** The end of the period the invoice paid for. */
      periodEnd: Date | null;
      description: string;
    },
  ): Promise<Order | null> {
    if (payment.totalCents <= 0) return null;
    const recorded = await tx.findOne(Order, { providerInvoiceId: payment.providerInvoiceId });
    if (recorded) return recorded;
    const order = tx.create(Order, {
      owner: tx.getReference(User, payment.ownerId),
      checkoutSession: null,
      totalCents: payment.totalCents,
      paymentIntentId: payment.paymentIntentId,
      providerInvoiceId: payment.providerInvoiceId,
      providerSubscriptionId: payment.providerSubscriptionId,
      providerPeriodEnd: payment.periodEnd,
    });
    tx.create(OrderLine, {
      order,
      position: 0,
      kind: OrderLineKind.membership,
      description: payment.description.slice(0, 300),
      quantity: 1,
      unitCents: payment.totalCents,
    });
    // The unique invoice id: a concurrent repeat of the event fails here and is retried by the provider.
    await tx.flush();
    return order;
  }

  /**
   * The paid order of a subscription's latest period (by the period its invoice paid for, not when it was recorded: an
   * invoice for an older period may arrive late), or null.
   */
  lastSubscriptionOrder(tx: EntityManager, providerSubscriptionId: string): Promise<Order | null> {
    return tx.findOne(
      Order,
      { providerSubscriptionId },
      { orderBy: { providerPeriodEnd: QueryOrder.DESC_NULLS_LAST, createdAt: 'desc', id: 'desc' } },
    );
  }

  /** The order a checkout session became, or null while it is not paid (yet); the session must be the viewer's. */
  async checkoutResult(
    em: EntityManager,
    actor: User,
    providerSessionId: string,
  ): Promise<{ status: CheckoutStatus; order: Order | null }> {
    const session = await em.findOne(CheckoutSession, { providerSessionId });
    assertMayViewOrder(actor, session);
    const order = await em.findOne(Order, { checkoutSession: session.id }, { populate: ['lines'] });
    return { status: session.status, order };
  }

  async myOrders(em: EntityManager, actor: User): Promise<Order[]> {
    return em.find(Order, { owner: actor.id }, { populate: ['lines', 'refunds'], orderBy: { createdAt: 'desc', id: 'asc' }, limit: 50 });
  }
}
