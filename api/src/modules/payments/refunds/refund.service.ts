import { formatMoney, fullName } from '@studio/rules';
import { LockMode, type EntityManager, type MikroORM } from '@mikro-orm/postgresql';
import type Stripe from 'stripe';
import type { DomainEvents } from '../../../events/domain-events.js';
import { badInput, conflict, forbidden, notFound, providerUnavailable } from '../../../graphql/errors.js';
import { log } from '../../../logger.js';
import type { BookingService } from '../../bookings/booking.service.js';
import type { EmailService } from '../../email/email.service.js';
import { NotificationType } from '../../notifications/notification.entity.js';
import type { NotificationService } from '../../notifications/notification.service.js';
import type { ProductService } from '../../products/product.service.js';
import { User } from '../../users/user.entity.js';
import { refundableCents } from '../orders/paid-shares.js';
import { Order, OrderLine, OrderStatus, Refund } from '../order.entity.js';
import { type PaymentProvider, requireProvider } from '../payment-provider.js';
import { mayRefund } from '../payments.policy.js';

/**
 * Refunds: an admin's, a paid class cancelled in time, a membership's unused days, a whole front-desk sale, and the
 * lines of a paid order whose goods were gone; the order follows refunds made at the provider too.
 */
export class RefundService {
  constructor(
    private readonly orm: MikroORM,
    private readonly provider: PaymentProvider | null,
    private readonly bookings: BookingService,
    private readonly products: ProductService,
    private readonly email: EmailService,
    private readonly notifications: NotificationService,
    private readonly events: DomainEvents,
  ) {}

  /**
   * Refunds a whole order (no lines named) or some of its lines: what those lines have not had back yet. The order
   * is locked while the provider is asked, so a double click refunds once; the idempotency key is derived from the
   * order's refunded amount, so a retried request is one refund at the provider too. Refunded class spots are freed
   * and refunded products go back into stock. The refund's reason is the admin's words (when given), then who
   * made it.
   */
  async refundOrder(em: EntityManager, actor: User, orderId: string, lineIds: string[] | null, reason?: string): Promise<Order> {
    if (!mayRefund(actor)) throw forbidden('Only admins can refund orders.');
    const why = reason?.trim();
    return this.refund(em, orderId, lineIds, why ? `${why} (refunded by ${fullName(actor)})` : `Refunded by ${fullName(actor)}`);
  }

  /** `restock: false` for goods that never left the shelf (a paid line that sold out meanwhile). */
  private async refund(
    em: EntityManager,
    orderId: string,
    lineIds: string[] | null,
    reason: string,
    { restock = true }: { restock?: boolean } = {},
  ): Promise<Order> {
    const provider = requireProvider(this.provider);
    const freed: string[] = [];
    const order = await em.transactional(async (tx) => {
      const order = await tx.findOne(Order, { id: orderId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!order) throw notFound('That order');
      if (order.status === OrderStatus.on_account || order.status === OrderStatus.cancelled)
        throw conflict("This front-desk sale was charged to the member's account: refund it at the register.");
      await tx.populate(order, ['lines']);
      const lines = order.lines.getItems().filter((l) => !lineIds || lineIds.includes(l.id));
      if (lineIds && lines.length !== new Set(lineIds).size)
        throw badInput('Choose lines of this order.', { lineIds: 'Choose lines of this order.' });
      // A line gives back what was paid for it (its share of a discounted total), never its list price; refundedCents
      // counts the part of its price refunded.
      const due = lines
        .map((line) => ({ line, priceLeft: line.unitCents * line.quantity - line.refundedCents }))
        .filter((d) => d.priceLeft > 0);
      if (due.length === 0) throw conflict('Everything chosen has already been refunded.');
      const amount = refundableCents(
        { totalCents: order.totalCents, refundedCents: order.refundedCents, lines: order.lines.getItems() },
        new Set(due.map((d) => d.line.id)),
      );
      if (amount <= 0) throw conflict('Nothing is left to refund of what was paid for this order.');
      if (!order.paymentIntentId) throw conflict('This order has no payment to refund.');
      let refund: { id: string };
      try {
        refund = await provider.refund({
          paymentIntentId: order.paymentIntentId,
          amountCents: amount,
          idempotencyKey: `refund-${order.id}-${order.refundedCents}-${amount}`,
        });
      } catch (err) {
        log.error('refund failed at the provider', { orderId, message: (err as Error).message });
        throw providerUnavailable('The payment provider could not make the refund. Please try again in a moment.');
      }
      for (const { line, priceLeft } of due) {
        line.refundedCents += priceLeft;
        if (line.variantId && restock) await this.products.returnStock(tx, line.variantId, line.quantity);
        if (line.bookingId) freed.push(line.bookingId);
      }
      order.refundedCents = Math.min(order.totalCents, order.refundedCents + amount);
      order.status = order.refundedCents >= order.totalCents ? OrderStatus.refunded : OrderStatus.partially_refunded;
      tx.create(Refund, { order, amountCents: amount, reason, providerRefundId: refund.id });
      await tx.flush();
      await this.announce(tx, order, amount);
      return order;
    });
    // Refunded spots are given up (already cancelled ones stay as they are).
    if (freed.length) await this.bookings.releaseRefunded(em, freed);
    return order;
  }

  /**
   * Lines of a paid order whose goods were no longer there (sold out, a spot released, an invoice settled meanwhile):
   * each is refunded through the provider with its reason on the order, and the member and the admins are told. A
   * refund the provider refuses leaves the admins a notice to refund it from Admin → Stripe.
   */
  async refundUnavailable(orderId: string, lines: { position: number; reason: string }[]): Promise<void> {
    const em = this.orm.em.fork();
    const order = await em.findOneOrFail(Order, { id: orderId }, { populate: ['lines', 'owner'] });
    const byReason = new Map<string, string[]>();
    for (const { position, reason } of lines) {
      const line = order.lines.getItems().find((l) => l.position === position);
      if (line) byReason.set(reason, [...(byReason.get(reason) ?? []), line.id]);
    }
    for (const [reason, lineIds] of byReason) {
      try {
        const before = order.refundedCents;
        const refunded = await this.refund(em.fork(), order.id, lineIds, `Refunded automatically: ${reason}`, { restock: false });
        await this.tellRefunded(em.fork(), order.owner, refunded, refunded.refundedCents - before, `${reason}.`, true);
      } catch (err) {
        log.error('an automatic refund failed; refund it from Admin → Stripe', { orderId, message: (err as Error).message });
        await this.notifications.notifyAdmins(em, {
          type: NotificationType.other,
          title: 'A refund is due',
          message: `A payment by ${order.owner ? `${order.owner.firstName} ${order.owner.lastName}` : 'a customer'} arrived for something no longer available (${reason}), and the automatic refund failed. Refund it from Admin → Stripe.`,
          link: '/admin/stripe',
          dedupeKey: `refund_due:${order.id}:${lineIds.join(',')}`,
        });
      }
    }
  }

  /**
   * Tells the member (a notification and an email) that money goes back to their card: how much and why; and, for a
   * refund the studio did not choose (automatic), the admins too.
   */
  private async tellRefunded(
    em: EntityManager,
    owner: User | null,
    order: Order,
    amountCents: number,
    why: string,
    automatic: boolean,
  ): Promise<void> {
    if (amountCents <= 0) return;
    const amount = formatMoney(amountCents);
    if (owner) {
      await this.notifications.add(em, owner, {
        type: NotificationType.other,
        title: 'Refund on its way',
        message: `${amount} goes back to the card you paid with (it usually shows in 5–10 days). ${why}`,
        link: '/profile',
        dedupeKey: `refund:${order.id}:${order.refundedCents}`,
      });
      if (owner.email) {
        const mail = this.email.queue(em, {
          to: owner.email,
          subject: `A refund of ${amount} from the studio`,
          text: [
            `Hi ${owner.firstName},`,
            '',
            `We refunded ${amount} to the card you paid with; it usually shows in 5–10 days.`,
            '',
            why,
          ].join('\n'),
          kind: 'refund',
        });
        await em.flush();
        await this.email.dispatch(mail);
      }
    }
    if (automatic)
      await this.notifications.notifyAdmins(em, {
        type: NotificationType.other,
        title: 'Payment refunded automatically',
        message: `${owner ? `${owner.firstName} ${owner.lastName}` : 'A customer'} paid for something no longer available; ${amount} was refunded. ${why}`,
        link: '/admin/stripe',
        dedupeKey: `refund_auto:${order.id}:${order.refundedCents}`,
      });
    await em.flush();
  }

  /** charge.refunded: our order follows refunds made anywhere (our admin, or Stripe's dashboard). */
  async syncRefund(tx: EntityManager, charge: Stripe.Charge): Promise<void> {
    const paymentIntentId = typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
    if (!paymentIntentId) return;
    const order = await tx.findOne(Order, { paymentIntentId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!order) return;
    const before = order.refundedCents;
    order.refundedCents = Math.min(order.totalCents, Math.max(order.refundedCents, charge.amount_refunded));
    if (order.refundedCents >= order.totalCents) order.status = OrderStatus.refunded;
    else if (order.refundedCents > 0) order.status = OrderStatus.partially_refunded;
    // A refund made at the provider itself (ours are recorded before its charge.refunded arrives).
    if (order.refundedCents > before) await this.announce(tx, order, order.refundedCents - before);
  }

  /** order.refunded, in the refund's transaction. */
  private announce(tx: EntityManager, order: Order, amountCents: number): Promise<void> {
    return this.events.emit(tx, 'order.refunded', {
      orderId: order.id,
      ownerId: order.owner?.id ?? null,
      amountCents,
      refundedCents: order.refundedCents,
      totalCents: order.totalCents,
      fullyRefunded: order.refundedCents >= order.totalCents,
    });
  }

  /**
   * Refunds part of an order's payment (a membership's unused days), in the caller's transaction: the order is
   * locked, the provider asked with the caller's idempotency key (so a retry is one refund there), and the refund
   * recorded on the order as a shop refund is. Throws SERVICE_UNAVAILABLE when the provider cannot be reached.
   */
  async refundPart(tx: EntityManager, orderId: string, amountCents: number, reason: string, idempotencyKey: string): Promise<Refund> {
    const provider = requireProvider(this.provider);
    const order = await tx.findOne(Order, { id: orderId }, { lockMode: LockMode.PESSIMISTIC_WRITE, populate: ['lines'] });
    if (!order) throw notFound('That order');
    if (!order.paymentIntentId) throw conflict('This payment cannot be refunded here: refund it from Stripe.');
    const amount = Math.min(amountCents, order.totalCents - order.refundedCents);
    if (amount <= 0) throw conflict('This payment has already been refunded.');
    let refund: { id: string };
    try {
      refund = await provider.refund({ paymentIntentId: order.paymentIntentId, amountCents: amount, idempotencyKey });
    } catch (err) {
      log.error('refund failed at the provider', { orderId, message: (err as Error).message });
      throw providerUnavailable('The payment provider could not make the refund. Please try again in a moment.');
    }
    let left = amount;
    for (const line of order.lines) {
      const cents = Math.min(left, line.unitCents * line.quantity - line.refundedCents);
      line.refundedCents += cents;
      left -= cents;
    }
    order.refundedCents = Math.min(order.totalCents, order.refundedCents + amount);
    order.status = order.refundedCents >= order.totalCents ? OrderStatus.refunded : OrderStatus.partially_refunded;
    const recorded = tx.create(Refund, { order, amountCents: amount, reason, providerRefundId: refund.id });
    await tx.flush();
    await this.announce(tx, order, amount);
    return recorded;
  }

  /** Paid class spots cancelled in time: their order lines are refunded (errors are logged for staff to redo). */
  async refundBookings(bookingIds: string[], reason: string): Promise<void> {
    const em = this.orm.em.fork();
    const lines = await em.find(OrderLine, { bookingId: { $in: bookingIds } }, { populate: ['order'] });
    for (const line of lines) {
      try {
        await this.refund(em.fork(), line.order.id, [line.id], reason);
      } catch (err) {
        log.error('refund of a cancelled paid class failed; refund it from Admin → Stripe', {
          orderId: line.order.id,
          message: (err as Error).message,
        });
      }
    }
  }

  /**
   * Refunds a whole order in the caller's transaction: one paid without the provider (cash) is only recorded as
   * refunded, a card payment goes back through the provider. Its products go back into stock; its class spots are
   * answered so the caller releases them after commit. Refused when it was already refunded.
   */
  async refundWholeOrder(tx: EntityManager, orderId: string, reason: string): Promise<{ order: Order; bookingIds: string[] }> {
    const order = await tx.findOne(Order, { id: orderId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!order) throw notFound('That order');
    if (order.status === OrderStatus.refunded || order.status === OrderStatus.cancelled)
      throw conflict('This sale has already been refunded.');
    await tx.populate(order, ['lines']);
    if (order.status === OrderStatus.on_account) {
      // Nothing was paid for it (its invoice is voided by the caller): the goods come back, no money goes out.
      const bookingIds: string[] = [];
      for (const line of order.lines) {
        if (line.variantId) await this.products.returnStock(tx, line.variantId, line.quantity);
        if (line.bookingId) bookingIds.push(line.bookingId);
      }
      order.status = OrderStatus.cancelled;
      await tx.flush();
      return { order, bookingIds };
    }
    const amount = order.totalCents - order.refundedCents;
    let providerRefundId = `cash_${order.id}`;
    if (order.paymentIntentId && amount > 0) {
      const provider = requireProvider(this.provider);
      providerRefundId = (
        await provider.refund({
          paymentIntentId: order.paymentIntentId,
          amountCents: amount,
          idempotencyKey: `refund-${order.id}-${order.refundedCents}-${amount}`,
        })
      ).id;
    }
    const bookingIds: string[] = [];
    for (const line of order.lines) {
      line.refundedCents = line.unitCents * line.quantity;
      if (line.variantId) await this.products.returnStock(tx, line.variantId, line.quantity);
      if (line.bookingId) bookingIds.push(line.bookingId);
    }
    order.refundedCents = order.totalCents;
    order.status = OrderStatus.refunded;
    if (amount > 0) tx.create(Refund, { order, amountCents: amount, reason, providerRefundId });
    await tx.flush();
    return { order, bookingIds };
  }
}
