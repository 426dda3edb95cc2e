import { formatMoney, fullName } from '@studio/rules';
import { LockMode, type EntityManager, type MikroORM } from '@mikro-orm/postgresql';
import type Stripe from 'stripe';
import type { OrderPaidLine } from '../../../events/catalogue.js';
import type { DomainEvents } from '../../../events/domain-events.js';
import type { Ports } from '../../../events/ports.js';
import { publishOnCommit } from '../../../graphql/pubsub.js';
import { log } from '../../../logger.js';
import type { BookingService } from '../../bookings/booking.service.js';
import type { CartService } from '../../cart/cart.service.js';
import type { EmailService } from '../../email/email.service.js';
import type { OutboxEmail } from '../../email/outbox-email.entity.js';
import { NotificationType } from '../../notifications/notification.entity.js';
import type { NotificationService } from '../../notifications/notification.service.js';
import type { ProductService } from '../../products/product.service.js';
import { User } from '../../users/user.entity.js';
import { CheckoutSession, CheckoutStatus, type CheckoutLine } from '../checkout-session.entity.js';
import { Order, OrderLine, OrderLineKind } from '../order.entity.js';
import { CURRENCY } from '../payment-provider.js';
import type { PaymentPorts } from '../payments.ports.js';
import type { OrderService } from './order.service.js';
import type { RefundService } from '../refunds/refund.service.js';

/** A paid order's lines as order.paid tells them. */
const paidLines = (lines: CheckoutLine[]): OrderPaidLine[] =>
  lines.map((l) => ({
    kind: l.kind,
    description: l.description,
    quantity: l.quantity,
    unitCents: l.unitCents,
    ...(l.bookingId ? { bookingId: l.bookingId } : {}),
    ...(l.variantId ? { variantId: l.variantId } : {}),
    ...(l.invoice ? { invoice: true } : {}),
  }));

/** A paid checkout session as the provider reports it. */
export type CheckoutObject = Pick<Stripe.Checkout.Session, 'id' | 'payment_status'> & {
  payment_intent: string | { id: string } | null;
  amount_total?: number | null;
  currency?: string | null;
};

/** A paid checkout session becomes what it paid for: a member's order, or a front-desk sale completed. */
export class FulfilmentService {
  constructor(
    private readonly orm: MikroORM,
    private readonly ports: Ports<PaymentPorts>,
    private readonly bookings: BookingService,
    private readonly cart: CartService,
    private readonly products: ProductService,
    private readonly email: EmailService,
    private readonly notifications: NotificationService,
    private readonly events: DomainEvents,
    private readonly orders: OrderService,
    private readonly refunds: RefundService,
  ) {}
  /**
   * A paid session becomes an order: lines, confirmed class spots, committed stock, the bought products out of the
   * cart, a receipt email through the outbox and a payment_success notification, all in the event's transaction.
   */
  async fulfil(tx: EntityManager, paid: CheckoutObject, after: (() => Promise<void>)[]): Promise<void> {
    const session = await tx.findOne(
      CheckoutSession,
      { providerSessionId: paid.id },
      { lockMode: LockMode.PESSIMISTIC_WRITE, populate: ['owner'] },
    );
    if (!session) {
      log.warn('paid checkout session unknown here; ignored', { providerSessionId: paid.id });
      return;
    }
    if (session.status === CheckoutStatus.completed) return;
    const mismatch =
      paid.payment_status !== 'paid' && !(paid.payment_status === 'no_payment_required' && session.amountCents === 0)
        ? `its payment status is "${paid.payment_status}", not "paid"`
        : paid.amount_total !== undefined && paid.amount_total !== session.amountCents
          ? `it paid ${formatMoney(paid.amount_total ?? 0)} for a session of ${formatMoney(session.amountCents)}`
          : paid.currency !== undefined && paid.currency?.toLowerCase() !== CURRENCY
            ? `it was paid in ${String(paid.currency).toUpperCase()}, not ${CURRENCY.toUpperCase()}`
            : null;
    if (mismatch) {
      // Nothing is fulfilled; the event stays recorded (Admin → Stripe) and the admins look into it.
      log.error('a completed checkout does not match its session; not fulfilled', { providerSessionId: paid.id, mismatch });
      await this.notifications.notifyAdmins(tx, {
        type: NotificationType.other,
        title: 'A payment did not match its checkout',
        message: `Checkout ${paid.id} was reported complete, but ${mismatch}. Nothing was fulfilled: check it in Stripe's dashboard.`,
        link: '/admin/stripe',
        dedupeKey: `payment_mismatch:${paid.id}`,
      });
      return;
    }
    /** Lines paid for that can no longer be had, by position, with why: refunded after the commit. */
    const gone = new Map<number, string>();
    if (session.status !== CheckoutStatus.open) {
      // Paid after its stock went back (a late webhook after expiry): take it again; what is gone is refunded.
      for (const [position, line] of session.lines.entries())
        if (line.kind === 'product' && !(await this.products.takeStock(tx, line.variantId!, line.quantity)))
          gone.set(position, `${line.description} sold out before the payment completed`);
    }
    session.status = CheckoutStatus.completed;
    session.completedAt = new Date();
    const paymentIntentId = typeof paid.payment_intent === 'string' ? paid.payment_intent : (paid.payment_intent?.id ?? null);
    if (session.counterSaleId !== null || !session.owner) {
      await this.fulfilCounter(tx, session, paymentIntentId);
      return;
    }

    const owner = session.owner;
    const order = tx.create(Order, {
      owner,
      checkoutSession: session,
      totalCents: session.amountCents,
      paymentIntentId,
    });
    session.lines.forEach((line, position) =>
      tx.create(OrderLine, {
        order,
        position,
        kind: line.kind === 'class' ? OrderLineKind.class : OrderLineKind.product,
        description: line.description,
        quantity: line.quantity,
        unitCents: line.unitCents,
        bookingId: line.bookingId ?? null,
        variantId: line.variantId ?? null,
      }),
    );
    const bookingIds = session.lines.flatMap((l) => (l.bookingId ? [l.bookingId] : []));
    const confirmed = new Set(await this.bookings.confirmPaid(tx, bookingIds));
    for (const [position, line] of session.lines.entries())
      if (line.bookingId && !confirmed.has(line.bookingId))
        gone.set(position, `The spot in ${line.description} was released before the payment completed`);
    const kept = session.lines.filter((_, position) => !gone.has(position));
    await this.cart.removeBought(
      tx,
      owner.id,
      kept.flatMap((l) => (l.variantId ? [{ variantId: l.variantId, quantity: l.quantity }] : [])),
    );

    let receipt: OutboxEmail | null = null;
    if (owner.email)
      receipt = this.email.queue(tx, {
        to: owner.email,
        subject: 'Your receipt from the studio',
        text: receiptText(owner, session),
        kind: 'receipt',
      });
    await this.notifications.add(tx, owner, {
      type: NotificationType.payment_success,
      title: 'Payment received',
      message: `Thank you! We received ${formatMoney(session.amountCents)} for ${session.lines.length === 1 ? session.lines[0].description : `${session.lines.length} items`}.`,
      link: `/payment-success?session_id=${encodeURIComponent(session.providerSessionId)}`,
      dedupeKey: `payment_success:${order.id}`,
    });
    const bought = session.lines.map((l) => (l.quantity > 1 ? `${l.quantity} × ${l.description}` : l.description));
    await this.notifications.notifyAdmins(tx, {
      type: NotificationType.checkout,
      title: 'New order paid',
      message: `${fullName(owner)} paid ${formatMoney(session.amountCents)} for ${bought.length > 3 ? `${bought.slice(0, 3).join(', ')} and ${bought.length - 3} more` : bought.join(', ')}.`,
      link: '/admin/stripe',
      dedupeKey: `checkout:${order.id}`,
    });
    // Flushed first: handlers may read the order's lines with SQL (memberships makes class packs from them). A handler
    // that throws rolls the fulfilment back (the provider retries).
    await tx.flush();
    // A module above may find that what some lines bought is no longer there to have (an invoice settled meanwhile):
    // those lines are refunded after the commit, with the reason, and are not announced as paid.
    const undeliverable = this.ports.get('undeliverable');
    const variantIds = session.lines.flatMap((l, position) => (l.variantId && !gone.has(position) ? [l.variantId] : []));
    if (undeliverable && variantIds.length)
      for (const { variantId, reason } of await undeliverable(tx, variantIds))
        for (const [position, line] of session.lines.entries())
          if (line.variantId === variantId && !gone.has(position)) gone.set(position, reason);
    await this.events.emit(tx, 'order.paid', {
      orderId: order.id,
      ownerId: owner.id,
      totalCents: order.totalCents,
      channel: 'online',
      lines: paidLines(session.lines.filter((_, position) => !gone.has(position))),
    });
    await publishOnCommit(tx, 'ORDER_PAID', { userId: owner.id, checkoutSessionId: session.providerSessionId, orderId: order.id });
    const classIds = [...new Set(session.lines.flatMap((l) => (l.classInstanceId ? [l.classInstanceId] : [])))];
    const refunds = [...gone].map(([position, reason]) => ({ position, reason }));
    after.push(async () => {
      if (receipt) await this.email.dispatch(receipt);
      if (classIds.length) await this.bookings.announceSpots(this.orm.em.fork(), classIds);
      if (refunds.length) await this.refunds.refundUnavailable(order.id, refunds);
    });
  }

  /**
   * A paid session no cart opened: the counterCheckoutPaid port completes what it paid for (exactly once: the
   * session is completed in this same transaction). A payment nothing waits for any more (a sale cancelled at the
   * desk as the customer paid) is still recorded as a walk-in order, so it shows in Admin → Stripe to be refunded.
   */
  private async fulfilCounter(tx: EntityManager, session: CheckoutSession, paymentIntentId: string | null): Promise<void> {
    if (await this.ports.get('counterCheckoutPaid')?.(tx, { session, paymentIntentId })) return;
    log.warn('a front-desk card payment arrived for a sale that no longer waits for it; refund due', { checkoutId: session.id });
    await this.orders.recordOrder(tx, {
      owner: null,
      channel: 'front_desk',
      totalCents: session.amountCents,
      paymentIntentId,
      lines: session.lines.map((l) => ({
        kind: l.kind === 'class' ? OrderLineKind.class : OrderLineKind.product,
        description: l.description,
        quantity: l.quantity,
        unitCents: l.unitCents,
        variantId: l.variantId ?? null,
      })),
    });
  }
}
function receiptText(owner: User, session: CheckoutSession): string {
  const lines = session.lines.map((l) => `  ${l.quantity} × ${l.description}  ${formatMoney(l.unitCents * l.quantity)}`);
  return [
    `Hi ${owner.firstName},`,
    '',
    'Thank you for your order. Here is your receipt:',
    '',
    ...lines,
    '',
    `  Total paid: ${formatMoney(session.amountCents)}`,
    '',
    'Your class spots are confirmed; products are ready for you at the front desk.',
  ].join('\n');
}
