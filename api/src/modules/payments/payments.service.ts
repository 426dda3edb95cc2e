import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type Stripe from 'stripe';
import type { Env } from '../../env.js';
import type { DomainEvents } from '../../events/domain-events.js';
import { Ports } from '../../events/ports.js';
import type { BookingService } from '../bookings/booking.service.js';
import type { CartService } from '../cart/cart.service.js';
import type { EmailService } from '../email/email.service.js';
import type { NotificationService } from '../notifications/notification.service.js';
import type { ProductService } from '../products/product.service.js';
import type { User } from '../users/user.entity.js';
import type { CheckoutSession } from './checkout-session.entity.js';
import { CheckoutService } from './checkout/checkout.service.js';
import { Order, type Refund } from './order.entity.js';
import { FulfilmentService } from './orders/fulfilment.service.js';
import { OrderService, type NewOrder } from './orders/order.service.js';
import { PaymentEvent } from './payment-event.entity.js';
import { providerMode, type PaymentMode, type PaymentProvider } from './payment-provider.js';
import type { PaymentPorts } from './payments.ports.js';
import { RefundService } from './refunds/refund.service.js';
import { TestPaymentProvider } from './test-provider.js';
import { WebhookInbox, type WebhookAnswer } from './webhooks/webhook-inbox.service.js';

/**
 * What payments offers the app and the modules above it, one concern per service: checkout sessions (checkout/),
 * the provider's events (webhooks/), paid sessions becoming orders and orders recorded or read (orders/), and
 * refunds (refunds/). This class builds them on one provider and answers for them under the module's names.
 */
export class PaymentService {
  readonly provider: PaymentProvider | null;
  /** Answers from the modules above: front-desk card payments, provider events they deal in (payments.ports.ts). */
  readonly ports = new Ports<PaymentPorts>();
  readonly checkout: CheckoutService;
  readonly orders: OrderService;
  readonly refunds: RefundService;
  readonly fulfilment: FulfilmentService;
  readonly inbox: WebhookInbox;

  constructor(
    private readonly env: Env,
    orm: MikroORM,
    makeProvider: (service: PaymentService) => PaymentProvider | null,
    bookings: BookingService,
    cart: CartService,
    products: ProductService,
    email: EmailService,
    notifications: NotificationService,
    events: DomainEvents,
  ) {
    this.provider = makeProvider(this);
    this.checkout = new CheckoutService(env, this.provider, bookings, cart, products);
    this.orders = new OrderService(events);
    this.refunds = new RefundService(orm, this.provider, bookings, products, email, notifications, events);
    this.fulfilment = new FulfilmentService(
      orm,
      this.ports,
      bookings,
      cart,
      products,
      email,
      notifications,
      events,
      this.orders,
      this.refunds,
    );
    this.inbox = new WebhookInbox(orm, this.provider, this.ports, this.checkout, this.fulfilment, this.refunds, notifications);
  }

  get mode(): PaymentMode | null {
    return this.provider?.mode ?? providerMode(this.env);
  }

  testProvider(): TestPaymentProvider | null {
    return this.provider instanceof TestPaymentProvider ? this.provider : null;
  }

  /** Admin → Stripe: the mode, what is configured, and the latest events and orders. */
  async overview(em: EntityManager) {
    return {
      mode: this.mode ?? 'not_set_up',
      secretKeySet: Boolean(this.env.STRIPE_SECRET_KEY),
      webhookSecretSet: Boolean(this.env.STRIPE_WEBHOOK_SECRET),
      webhookUrl: `${this.env.publicUrl}/api/stripe/webhook`,
      events: await em.find(PaymentEvent, {}, { orderBy: { receivedAt: 'desc', id: 'asc' }, limit: 50 }),
      orders: await em.find(Order, {}, { populate: ['lines', 'owner', 'refunds'], orderBy: { createdAt: 'desc', id: 'asc' }, limit: 25 }),
    };
  }

  // ── checkout ────────────────────────────────────────────────────────────────────────────────────────────
  successUrl = (forInvoice = false, appOrigin?: string | null): string => this.checkout.successUrl(forInvoice, appOrigin);
  cancelUrl = (forInvoice = false, providerSessionId?: string, appOrigin?: string | null): string =>
    this.checkout.cancelUrl(forInvoice, providerSessionId, appOrigin);
  paysInvoice = (session: Pick<CheckoutSession, 'lines'>): boolean => this.checkout.paysInvoice(session);
  createCheckout = (em: EntityManager, actor: User, appOrigin?: string | null): Promise<{ url: string; sessionId: string }> =>
    this.checkout.createCheckout(em, actor, appOrigin);
  closeCheckoutsHolding = (tx: EntityManager, held: { variantId: string } | { bookingId: string }): Promise<string[]> =>
    this.checkout.closeCheckoutsHolding(tx, held);
  expireClosed = (providerSessionIds: string[]): Promise<void> => this.checkout.expireClosed(providerSessionIds);
  expireAtProvider = (providerSessionId: string): Promise<void> => this.checkout.expireAtProvider(providerSessionId);
  openCheckout = (tx: EntityManager, sale: Parameters<CheckoutService['openCheckout']>[1]): Promise<CheckoutSession> =>
    this.checkout.openCheckout(tx, sale);
  closeCheckout = (tx: EntityManager, checkoutId: string): Promise<string | null> => this.checkout.closeCheckout(tx, checkoutId);
  checkoutOpen = (em: EntityManager, checkoutId: string | null): Promise<boolean> => this.checkout.checkoutOpen(em, checkoutId);

  // ── webhooks ────────────────────────────────────────────────────────────────────────────────────────────
  receiveWebhook = (rawBody: Buffer, signature: string | undefined): Promise<WebhookAnswer> =>
    this.inbox.receiveWebhook(rawBody, signature);
  processEvent = (event: Stripe.Event, payload?: string): Promise<'processed' | 'duplicate'> => this.inbox.processEvent(event, payload);
  replayEvent = (em: EntityManager, eventId: string): Promise<PaymentEvent> => this.inbox.replayEvent(em, eventId);
  settleOverdue = (now?: Date): Promise<number> => this.inbox.settleOverdue(now);
  sessionByProviderId = (providerSessionId: string): Promise<CheckoutSession | null> => this.inbox.sessionByProviderId(providerSessionId);
  deliverSigned = (event: object): Promise<{ status: number }> => this.inbox.deliverSigned(event);

  // ── orders ──────────────────────────────────────────────────────────────────────────────────────────────
  recordOrder = (tx: EntityManager, sale: NewOrder): Promise<Order> => this.orders.recordOrder(tx, sale);
  recordSubscriptionPayment = (
    tx: EntityManager,
    payment: Parameters<OrderService['recordSubscriptionPayment']>[1],
  ): Promise<Order | null> => this.orders.recordSubscriptionPayment(tx, payment);
  lastSubscriptionOrder = (tx: EntityManager, providerSubscriptionId: string): Promise<Order | null> =>
    this.orders.lastSubscriptionOrder(tx, providerSubscriptionId);
  checkoutResult = (em: EntityManager, actor: User, providerSessionId: string) => this.orders.checkoutResult(em, actor, providerSessionId);
  myOrders = (em: EntityManager, actor: User): Promise<Order[]> => this.orders.myOrders(em, actor);

  // ── refunds ─────────────────────────────────────────────────────────────────────────────────────────────
  refundOrder = (em: EntityManager, actor: User, orderId: string, lineIds: string[] | null, reason?: string): Promise<Order> =>
    this.refunds.refundOrder(em, actor, orderId, lineIds, reason);
  refundPart = (tx: EntityManager, orderId: string, amountCents: number, reason: string, idempotencyKey: string): Promise<Refund> =>
    this.refunds.refundPart(tx, orderId, amountCents, reason, idempotencyKey);
  refundBookings = (bookingIds: string[], reason: string): Promise<void> => this.refunds.refundBookings(bookingIds, reason);
  refundWholeOrder = (tx: EntityManager, orderId: string, reason: string): Promise<{ order: Order; bookingIds: string[] }> =>
    this.refunds.refundWholeOrder(tx, orderId, reason);
}
