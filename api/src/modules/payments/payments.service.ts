import { formatMoney, fullName } from '@studio/rules';
import { LockMode, QueryOrder, type EntityManager, type MikroORM } from '@mikro-orm/postgresql';
import { createHash } from 'node:crypto';
import type Stripe from 'stripe';
import type { Env } from '../../env.js';
import type { DomainEventPayload, OrderPaidLine } from '../../events/catalogue.js';
import type { DomainEvents } from '../../events/domain-events.js';
import { Ports } from '../../events/ports.js';
import { RefusalReason, badInput, conflict, forbidden, notFound, providerUnavailable } from '../../graphql/errors.js';
import { publishOnCommit } from '../../graphql/pubsub.js';
import { log } from '../../logger.js';
import type { BookingService } from '../bookings/booking.service.js';
import type { CartService } from '../cart/cart.service.js';
import type { EmailService } from '../email/email.service.js';
import type { OutboxEmail } from '../email/outbox-email.entity.js';
import { NotificationType } from '../notifications/notification.entity.js';
import type { NotificationService } from '../notifications/notification.service.js';
import { ProductCategory } from '../products/product.entity.js';
import { stockRefusal, variantName, type ProductService } from '../products/product.service.js';
import { User } from '../users/user.entity.js';
import { CheckoutSession, CheckoutStatus, type CheckoutLine } from './checkout-session.entity.js';
import { Order, OrderLine, OrderLineKind, OrderStatus, Refund } from './order.entity.js';
import { PaymentEvent, PaymentEventStatus } from './payment-event.entity.js';
import { CURRENCY, providerMode, signedHeader, verifiedEvent, type PaymentMode, type PaymentProvider } from './payment-provider.js';
import { assertMayViewOrder, mayRefund } from './payments.policy.js';
import type { PaymentPorts } from './payments.ports.js';
import { TestPaymentProvider } from './test-provider.js';

/** Stripe's shortest Checkout Session life: the session, its stock and its class holds last this long. */
export const CHECKOUT_SESSION_MINUTES = 30;
/** Class holds outlive their session a little, so a payment made at the last second still finds its spot. */
const HOLD_GRACE_MS = 10 * 60_000;

export const EMPTY_CART_MESSAGE = 'Cart Empty: Please add items to your cart before checking out.';
export const NOT_SET_UP_MESSAGE =
  'Payments are not set up: the studio has not connected a payment provider yet. Please pay at the front desk.';

/** What start-up prints when checkout uses the built-in test provider. */
export const TEST_MODE_STARTUP_LINE =
  'Test mode — no card is charged: checkout uses the built-in test provider. To take payments set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET (Admin → Stripe).';

export interface WebhookAnswer {
  status: number;
  body: string | { received: true; outcome: 'processed' | 'duplicate' };
}

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

/** The event types with an effect (handle() below); any other type is only recorded. */
const HANDLED_EVENTS = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
  'charge.refunded',
]);

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
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

type CheckoutObject = Pick<Stripe.Checkout.Session, 'id' | 'payment_status'> & {
  payment_intent: string | { id: string } | null;
  amount_total?: number | null;
  currency?: string | null;
};

/**
 * Checkout, webhooks and fulfilment. Checkout reserves the cart's stock and extends its class holds inside one
 * transaction (serialised per member), then asks the provider for a session: one session per cart state. Webhook
 * events are verified by the stripe library and recorded by id, so each is processed once, in the same transaction
 * as its effect; the answer is 2xx only after that commit.
 */
export class PaymentService {
  readonly provider: PaymentProvider | null;
  /** Answers from the modules above: front-desk card payments, provider events they deal in (payments.ports.ts). */
  readonly ports = new Ports<PaymentPorts>();

  constructor(
    private readonly env: Env,
    private readonly orm: MikroORM,
    makeProvider: (service: PaymentService) => PaymentProvider | null,
    private readonly bookings: BookingService,
    private readonly cart: CartService,
    private readonly products: ProductService,
    private readonly email: EmailService,
    private readonly notifications: NotificationService,
    private readonly events: DomainEvents,
  ) {
    this.provider = makeProvider(this);
  }

  /** The providerEvents port, when it deals in this event type. */
  private otherHandler(type: string): PaymentPorts['providerEvents'] | null {
    const other = this.ports.get('providerEvents');
    return other?.types.includes(type) ? other : null;
  }

  get mode(): PaymentMode | null {
    return this.provider?.mode ?? providerMode(this.env);
  }

  /** Where a paid checkout returns: /invoice-payment-success when it pays an invoice, else /payment-success. */
  successUrl(forInvoice = false): string {
    return `${this.env.publicUrl}/${forInvoice ? 'invoice-payment-success' : 'payment-success'}?session_id={CHECKOUT_SESSION_ID}`;
  }

  /** Where a cancelled checkout returns: /invoice-payment-failure when it was to pay an invoice, else the dashboard. */
  cancelUrl(forInvoice = false, providerSessionId?: string): string {
    if (!forInvoice) return `${this.env.publicUrl}/dashboard?checkout=cancelled`;
    return `${this.env.publicUrl}/invoice-payment-failure${providerSessionId ? `?session_id=${encodeURIComponent(providerSessionId)}` : ''}`;
  }

  /** Whether a checkout session pays (among others) an invoice. */
  paysInvoice(session: Pick<CheckoutSession, 'lines'>): boolean {
    return session.lines.some((l) => l.invoice);
  }

  // ── checkout ────────────────────────────────────────────────────────────────────────────────────────────

  /** Starts (or answers the already open) checkout for the member's whole cart: held spots and products. */
  async createCheckout(em: EntityManager, actor: User): Promise<{ url: string; sessionId: string }> {
    const provider = this.requireProvider();
    const replaced: string[] = [];
    const session = await em.transactional(async (tx) => {
      await tx
        .getConnection()
        .execute(`select pg_advisory_xact_lock(hashtext('checkout:' || ?))`, [actor.id], 'get', tx.getTransactionContext());
      const held = await this.bookings.cart(tx, actor);
      const products = await this.cart.productCart(tx, actor);
      if (held.length === 0 && products.length === 0) throw badInput(EMPTY_CART_MESSAGE);
      const archived = products.find((p) => !p.variant.product.active);
      if (archived)
        throw conflict(
          `${variantName(archived.variant.product, archived.variant)} is no longer sold: remove it from your cart.`,
          RefusalReason.NO_LONGER_SOLD,
        );

      const lines: CheckoutLine[] = [
        ...held.map((b) => ({
          kind: 'class' as const,
          description: `${b.classInstance.blueprint.name} on ${b.classInstance.date} at ${b.classInstance.startTime} for ${b.attendee.firstName}`,
          unitCents: b.priceCents,
          quantity: 1,
          bookingId: b.id,
          classInstanceId: b.classInstance.id,
        })),
        ...products.map((p) => ({
          kind: 'product' as const,
          description: variantName(p.variant.product, p.variant),
          unitCents: p.variant.product.priceCents,
          quantity: p.quantity,
          variantId: p.variant.id,
          ...(p.variant.product.category === ProductCategory.invoice ? { invoice: true } : {}),
        })),
      ];
      const cartKey = sha256(JSON.stringify(lines.map((l) => [l.bookingId ?? l.variantId, l.quantity, l.unitCents])));

      const open = await tx.findOne(CheckoutSession, { owner: actor.id, status: CheckoutStatus.open });
      // The same cart, still open for a while: the same session (a double click, a second tab).
      if (open && open.cartKey === cartKey && open.expiresAt.getTime() > Date.now() + 60_000) return open;
      if (open) {
        // The cart changed: the old session is replaced, its stock returned (the provider is told after commit).
        await this.release(tx, open, CheckoutStatus.expired);
        replaced.push(open.providerSessionId);
      }

      for (const line of lines) {
        if (line.kind !== 'product') continue;
        if (!(await this.products.takeStock(tx, line.variantId!, line.quantity)))
          throw stockRefusal(line.description, (await this.products.stockOf(tx, line.variantId!)) ?? 0);
      }
      const expiresAt = new Date(Date.now() + CHECKOUT_SESSION_MINUTES * 60_000);
      await this.bookings.extendHolds(
        tx,
        held.map((b) => b.id),
        new Date(expiresAt.getTime() + HOLD_GRACE_MS),
      );

      // Derived from the cart (and how often this cart was checked out before), so a retried call is one session.
      const attempt = await tx.count(CheckoutSession, { owner: actor.id, cartKey });
      const row = tx.create(CheckoutSession, {
        owner: actor,
        provider: provider.mode,
        providerSessionId: 'pending',
        url: '',
        cartKey,
        lines,
        amountCents: lines.reduce((sum, l) => sum + l.unitCents * l.quantity, 0),
        expiresAt,
      });
      let created: { id: string; url: string };
      try {
        created = await provider.createCheckoutSession({
          idempotencyKey: `checkout-${sha256(`${actor.id}:${cartKey}:${attempt}`)}`,
          lines: lines.map((l) => ({ name: l.description, unitCents: l.unitCents, quantity: l.quantity })),
          successUrl: this.successUrl(this.paysInvoice({ lines })),
          cancelUrl: this.cancelUrl(this.paysInvoice({ lines })),
          expiresAt,
          customerEmail: actor.email,
          checkoutId: row.id,
          ownerId: actor.id,
        });
      } catch (err) {
        log.error('checkout session not created', { message: (err as Error).message });
        throw providerUnavailable('The payment provider could not be reached. Please try again in a moment.');
      }
      row.providerSessionId = created.id;
      row.url = created.url;
      await tx.flush();
      return row;
    });
    for (const id of replaced) await this.expireAtProvider(id);
    return { url: session.url, sessionId: session.providerSessionId };
  }

  /**
   * Closes an open session and returns its stock, in one statement (once: the status change is conditional, and a
   * session being fulfilled meanwhile is waited for and then no longer open). False when it was no longer open.
   */
  private async release(
    tx: EntityManager,
    session: CheckoutSession,
    status: CheckoutStatus.expired | CheckoutStatus.failed,
  ): Promise<boolean> {
    const [{ closed }] = await tx
      .getConnection()
      .execute<{ closed: number }[]>(
        `with ${this.closeSql('id')} select count(*)::int as closed from closed`,
        [status, session.id],
        'all',
        tx.getTransactionContext(),
      );
    if (closed !== 1) return false;
    session.status = status;
    return true;
  }

  /**
   * CTEs `closed` (the open session matched by `column = ?`, set to the status `?`) and `returned` (its products back
   * in stock). Parameters: the status, the match; `guard` adds a condition (e.g. that an event row was written).
   */
  private closeSql(column: 'id' | 'provider_session_id', guard = ''): string {
    return `closed as (
              update checkout_session set status = ? where ${column} = ? and status = 'open' ${guard} returning lines),
            returned as (${this.products.returnLinesSql('closed')})`;
  }

  /**
   * Closes the open checkout sessions that hold a product (an invoice settled at the desk or voided), in the caller's
   * transaction: their stock goes back. Answers their provider ids for `expireClosed` after the commit, so the payment
   * pages close too; a payment that still arrives for one is refunded automatically.
   */
  async closeCheckoutsHolding(tx: EntityManager, variantId: string): Promise<string[]> {
    const closed = await tx.getConnection().execute<{ provider_session_id: string }[]>(
      `with closed as (
         update checkout_session set status = 'expired'
          where status = 'open' and lines @> ?::jsonb
         returning lines, provider_session_id),
       returned as (${this.products.returnLinesSql('closed')})
       select provider_session_id from closed`,
      [JSON.stringify([{ variantId }])],
      'all',
      tx.getTransactionContext(),
    );
    return closed.map((row) => row.provider_session_id);
  }

  /** After the commit that closed them (closeCheckoutsHolding): the provider expires the sessions as well. */
  async expireClosed(providerSessionIds: string[]): Promise<void> {
    for (const id of providerSessionIds) await this.expireAtProvider(id);
  }

  /** Tells the provider a session closed here is over (a failure is only logged: the session expires there anyway). */
  async expireAtProvider(providerSessionId: string): Promise<void> {
    try {
      await this.provider?.expireCheckoutSession(providerSessionId);
    } catch (err) {
      log.warn('could not expire a replaced checkout session at the provider', { providerSessionId, message: (err as Error).message });
    }
  }

  // ── webhooks ────────────────────────────────────────────────────────────────────────────────────────────

  /** POST /api/stripe/webhook: verify, record by event id, handle once, answer 2xx only after the commit. */
  async receiveWebhook(rawBody: Buffer, signature: string | undefined): Promise<WebhookAnswer> {
    if (!this.provider) return { status: 400, body: 'Payments are not set up.' };
    let event: Stripe.Event;
    try {
      event = verifiedEvent(rawBody, signature, this.provider.webhookSecret);
    } catch {
      return { status: 400, body: 'Webhook signature verification failed.' };
    }
    try {
      return { status: 200, body: { received: true, outcome: await this.processEvent(event, rawBody.toString('utf8')) } };
    } catch (err) {
      const message = (err as Error).message;
      log.error('webhook event failed; the provider will retry', { eventId: event.id, type: event.type, message });
      await this.recordFailure(event, message).catch(() => undefined);
      return { status: 500, body: 'The event could not be handled; it will be retried.' };
    }
  }

  /**
   * Handles one verified event exactly once; answers whether it was new. Events whose whole effect is a few rows
   * (sessions expired or failed, types we only record) are recorded and handled in one statement, committed on its
   * own: one round trip to the database. Others, and any event id seen before, go through a transaction.
   */
  async processEvent(event: Stripe.Event, payload = JSON.stringify(event)): Promise<'processed' | 'duplicate'> {
    if (await this.recordAndHandleAtOnce(event, payload)) return 'processed';
    return this.processInTransaction(event, payload);
  }

  /** The one-statement path: true when the event was new and is now handled and committed; false to take the long one. */
  private async recordAndHandleAtOnce(event: Stripe.Event, payload: string): Promise<boolean> {
    const record = `ev as (insert into payment_event (id, type, status, payload, received_at, processed_at, attempts, duplicates)
                             values (?, ?, 'processed', ?, now(), now(), 1, 0) on conflict (id) do nothing returning id)`;
    const recordParams = [event.id, event.type, payload];
    let name: string;
    let sql: string;
    let params: unknown[];
    switch (event.type) {
      case 'checkout.session.expired':
      case 'checkout.session.async_payment_failed': {
        const status = event.type === 'checkout.session.expired' ? CheckoutStatus.expired : CheckoutStatus.failed;
        name = 'webhook_record_and_close';
        sql = `with ${record}, ${this.closeSql('provider_session_id', 'and exists (select 1 from ev)')}
               select count(*)::int as inserted from ev`;
        params = [...recordParams, status, event.data.object.id];
        break;
      }
      default:
        if (HANDLED_EVENTS.has(event.type) || this.otherHandler(event.type)) return false;
        name = 'webhook_record';
        sql = `with ${record} select count(*)::int as inserted from ev`;
        params = recordParams;
    }
    const [{ inserted }] = await this.preparedStatement<{ inserted: number }>(name, sql, params);
    return inserted === 1;
  }

  private readonly preparedTexts = new Map<string, string>();

  /**
   * Runs one statement (committed on its own) as a named prepared statement on a pooled connection: PostgreSQL parses
   * and plans it once per connection, and the parameters travel apart from the text (no formatting of the payload
   * into SQL). For the webhook's hot path; `sql` uses `?` placeholders and must be the same for one name.
   */
  private async preparedStatement<T>(name: string, sql: string, params: unknown[]): Promise<T[]> {
    let text = this.preparedTexts.get(name);
    if (text === undefined) {
      let n = 0;
      text = sql.replace(/\?/g, () => `$${(n += 1)}`);
      this.preparedTexts.set(name, text);
    }
    const { client } = this.orm.em.getConnection().getKnex();
    const connection = (await client.acquireConnection()) as { query(q: object): Promise<{ rows: T[] }> };
    try {
      return (await connection.query({ name, text, values: params })).rows;
    } finally {
      await client.releaseConnection(connection);
    }
  }

  private async processInTransaction(event: Stripe.Event, payload: string): Promise<'processed' | 'duplicate'> {
    const em = this.orm.em.fork();
    const after: (() => Promise<void>)[] = [];
    const outcome = await em.transactional(async (tx) => {
      const connection = tx.getConnection();
      const ctx = tx.getTransactionContext();
      // A concurrent delivery of the same id waits here on the primary key until this one commits or rolls back.
      const inserted = await connection.execute<{ id: string }[]>(
        `insert into payment_event (id, type, status, payload, received_at, processed_at, attempts, duplicates)
           values (?, ?, 'processed', ?, now(), now(), 1, 0) on conflict (id) do nothing returning id`,
        [event.id, event.type, payload],
        'all',
        ctx,
      );
      if (inserted.length === 0) {
        const [row] = await connection.execute<{ status: string }[]>(
          'select status from payment_event where id = ? for update',
          [event.id],
          'all',
          ctx,
        );
        if (row.status === PaymentEventStatus.processed) {
          await connection.execute('update payment_event set duplicates = duplicates + 1 where id = ?', [event.id], 'run', ctx);
          return 'duplicate' as const;
        }
        await connection.execute('update payment_event set attempts = attempts + 1 where id = ?', [event.id], 'run', ctx);
      }
      await this.handle(tx, event, after);
      // A new row was written as processed (it only exists if this commits); a retried one is marked so now.
      if (inserted.length === 0)
        await connection.execute(
          `update payment_event set status = 'processed', processed_at = now(), last_error = null where id = ?`,
          [event.id],
          'run',
          ctx,
        );
      return 'processed' as const;
    });
    for (const work of after) await work().catch((err: Error) => log.warn('after-payment work failed', { message: err.message }));
    return outcome;
  }

  /** Records a failed event (Admin → Stripe shows it with Replay) and tells the admins, once per event. */
  private async recordFailure(event: Stripe.Event, message: string): Promise<void> {
    const em = this.orm.em.fork();
    await em.getConnection().execute(
      `insert into payment_event (id, type, status, payload, received_at, attempts, duplicates, last_error)
           values (?, ?, 'failed', ?, now(), 1, 0, ?)
         on conflict (id) do update set status = 'failed', last_error = excluded.last_error
           where payment_event.status <> 'processed'`,
      [event.id, event.type, JSON.stringify(event), message.slice(0, 1000)],
    );
    await this.notifications.notifyAdmins(em, {
      type: NotificationType.other,
      title: 'A payment webhook failed',
      message: `${event.type} (${event.id}) could not be handled: ${message.slice(0, 300)} The provider retries it; you can also replay it from Admin → Stripe.`,
      link: '/admin/stripe',
      dedupeKey: `webhook_failed:${event.id}`,
    });
  }

  /** What each event does. Each handler is idempotent and independent of the order events arrive in. */
  private async handle(tx: EntityManager, event: Stripe.Event, after: (() => Promise<void>)[]): Promise<void> {
    await this.handleOwn(tx, event, after);
    await this.otherHandler(event.type)?.handle(tx, event);
  }

  private async handleOwn(tx: EntityManager, event: Stripe.Event, after: (() => Promise<void>)[]): Promise<void> {
    switch (event.type) {
      case 'checkout.session.completed':
        if (event.data.object.mode === 'subscription') return; // a membership's: memberships handles it
        // An asynchronous method (bank debit) completes the session unpaid; async_payment_succeeded pays it.
        if (event.data.object.payment_status !== 'unpaid') await this.fulfil(tx, event.data.object, after);
        return;
      case 'checkout.session.async_payment_succeeded':
        await this.fulfil(tx, event.data.object, after);
        return;
      case 'checkout.session.async_payment_failed':
        await this.closeSession(tx, event.data.object.id, CheckoutStatus.failed);
        return;
      case 'checkout.session.expired':
        await this.closeSession(tx, event.data.object.id, CheckoutStatus.expired);
        return;
      case 'charge.refunded':
        await this.syncRefund(tx, event.data.object);
        return;
      default:
        return; // recorded, nothing to do
    }
  }

  private async closeSession(tx: EntityManager, providerSessionId: string, status: CheckoutStatus.expired | CheckoutStatus.failed) {
    await tx
      .getConnection()
      .execute(`with ${this.closeSql('provider_session_id')} select 1`, [status, providerSessionId], 'all', tx.getTransactionContext());
  }

  /**
   * A paid session becomes an order: lines, confirmed class spots, committed stock, the bought products out of the
   * cart, a receipt email through the outbox and a payment_success notification, all in the event's transaction.
   */
  private async fulfil(tx: EntityManager, paid: CheckoutObject, after: (() => Promise<void>)[]): Promise<void> {
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
      if (refunds.length) await this.refundUnavailable(order.id, refunds);
    });
  }

  /**
   * Lines of a paid order whose goods were no longer there (sold out, a spot released, an invoice settled meanwhile):
   * each is refunded through the provider with its reason on the order, and the member and the admins are told. A
   * refund the provider refuses leaves the admins a notice to refund it from Admin → Stripe.
   */
  private async refundUnavailable(orderId: string, lines: { position: number; reason: string }[]): Promise<void> {
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
  private async syncRefund(tx: EntityManager, charge: Stripe.Charge): Promise<void> {
    const paymentIntentId = typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
    if (!paymentIntentId) return;
    const order = await tx.findOne(Order, { paymentIntentId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!order) return;
    order.refundedCents = Math.min(order.totalCents, Math.max(order.refundedCents, charge.amount_refunded));
    if (order.refundedCents >= order.totalCents) order.status = OrderStatus.refunded;
    else if (order.refundedCents > 0) order.status = OrderStatus.partially_refunded;
  }

  // ── refunds ─────────────────────────────────────────────────────────────────────────────────────────────

  /**
   * Refunds a whole order (no lines named) or some of its lines: what those lines have not had back yet. The order
   * is locked while the provider is asked, so a double click refunds once; the idempotency key is derived from the
   * order's refunded amount, so a retried request is one refund at the provider too. Refunded class spots are freed
   * and refunded products go back into stock.
   */
  /** The refund's reason is the admin's words (when given), then who made it. */
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
    const provider = this.requireProvider();
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
      const due = lines.map((l) => ({ line: l, cents: l.unitCents * l.quantity - l.refundedCents })).filter((d) => d.cents > 0);
      const amount = due.reduce((sum, d) => sum + d.cents, 0);
      if (amount === 0) throw conflict('Everything chosen has already been refunded.');
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
      for (const { line, cents } of due) {
        line.refundedCents += cents;
        if (line.variantId && restock) await this.products.returnStock(tx, line.variantId, line.quantity);
        if (line.bookingId) freed.push(line.bookingId);
      }
      order.refundedCents = Math.min(order.totalCents, order.refundedCents + amount);
      order.status = order.refundedCents >= order.totalCents ? OrderStatus.refunded : OrderStatus.partially_refunded;
      tx.create(Refund, { order, amountCents: amount, reason, providerRefundId: refund.id });
      await tx.flush();
      return order;
    });
    // Refunded spots are given up (already cancelled ones stay as they are).
    if (freed.length) await this.bookings.releaseRefunded(em, freed);
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
  ): Promise<void> {
    if (payment.totalCents <= 0 || (await tx.count(Order, { providerInvoiceId: payment.providerInvoiceId })) > 0) return;
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

  /**
   * Refunds part of an order's payment (a membership's unused days), in the caller's transaction: the order is
   * locked, the provider asked with the caller's idempotency key (so a retry is one refund there), and the refund
   * recorded on the order as a shop refund is. Throws SERVICE_UNAVAILABLE when the provider cannot be reached.
   */
  async refundPart(tx: EntityManager, orderId: string, amountCents: number, reason: string, idempotencyKey: string): Promise<Refund> {
    const provider = this.requireProvider();
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

  private requireProvider(): PaymentProvider {
    if (!this.provider) throw conflict(NOT_SET_UP_MESSAGE, RefusalReason.PAYMENTS_NOT_SET_UP);
    return this.provider;
  }

  // ── reading orders ──────────────────────────────────────────────────────────────────────────────────────

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

  // ── Admin → Stripe ──────────────────────────────────────────────────────────────────────────────────────

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

  /** Runs a failed event again from its stored (verified) payload; a processed one is left alone. */
  async replayEvent(em: EntityManager, eventId: string): Promise<PaymentEvent> {
    const event = await em.findOne(PaymentEvent, { id: eventId });
    if (!event) throw notFound('That event');
    if (event.status === PaymentEventStatus.processed) throw conflict('This event was already processed.');
    try {
      await this.processEvent(event.payload as Stripe.Event);
    } catch (err) {
      await this.recordFailure(event.payload as Stripe.Event, (err as Error).message).catch(() => undefined);
      throw conflict('The event failed again; its error is shown with it.');
    }
    return em.fork().findOneOrFail(PaymentEvent, { id: eventId });
  }

  // ── sessions past their time ────────────────────────────────────────────────────────────────────────────

  /**
   * Sessions past their expiry whose expired event never came (the test provider offline, a lost webhook): asks the
   * provider how each ended and settles it through the same event handling. Run every minute by a job.
   */
  async settleOverdue(now = new Date()): Promise<number> {
    const em = this.orm.em.fork();
    const overdue = await em.find(CheckoutSession, { status: CheckoutStatus.open, expiresAt: { $lte: now } }, { limit: 100 });
    let settled = 0;
    for (const session of overdue) {
      try {
        const remote = await this.provider?.retrieveCheckoutSession(session.providerSessionId);
        const paid = remote?.status === 'complete' && remote.paymentStatus !== 'unpaid';
        const after: (() => Promise<void>)[] = [];
        await this.orm.em.fork().transactional(async (tx) => {
          const fresh = await tx.findOneOrFail(
            CheckoutSession,
            { id: session.id },
            { lockMode: LockMode.PESSIMISTIC_WRITE, populate: ['owner'] },
          );
          if (fresh.status !== CheckoutStatus.open) return;
          if (paid)
            await this.fulfil(tx, { id: fresh.providerSessionId, payment_status: 'paid', payment_intent: remote!.paymentIntentId }, after);
          else await this.release(tx, fresh, CheckoutStatus.expired);
          settled += 1;
        });
        for (const work of after) await work().catch(() => undefined);
      } catch (err) {
        log.warn('could not settle an overdue checkout session', { id: session.id, message: (err as Error).message });
      }
    }
    return settled;
  }

  // ── orders and sessions for other modules ───────────────────────────────────────────────────────────────

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
      const provider = this.requireProvider();
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

  /**
   * A checkout session no member's cart opened (its owner is null; `counterSaleId` names what it pays, and paying it
   * goes to the counterCheckoutPaid port), for `amountCents` (after discounts) as one line named `description`, with
   * the caller's return addresses. Its products are reserved now, as a cart's are, and go back when the session
   * expires or is closed. In the caller's transaction; the session carries the address to pay at.
   */
  async openCheckout(
    tx: EntityManager,
    sale: {
      counterSaleId: string;
      description: string;
      lines: CheckoutLine[];
      amountCents: number;
      customerEmail: string | null;
      successUrl: string;
      cancelUrl: string;
    },
  ): Promise<CheckoutSession> {
    const provider = this.requireProvider();
    for (const line of sale.lines) {
      if (line.kind !== 'product' || !line.variantId) continue;
      if (!(await this.products.takeStock(tx, line.variantId, line.quantity)))
        throw stockRefusal(line.description, (await this.products.stockOf(tx, line.variantId)) ?? 0);
    }
    const expiresAt = new Date(Date.now() + CHECKOUT_SESSION_MINUTES * 60_000);
    const row = tx.create(CheckoutSession, {
      owner: null,
      counterSaleId: sale.counterSaleId,
      provider: provider.mode,
      providerSessionId: 'pending',
      url: '',
      cartKey: sha256(`counter:${sale.counterSaleId}`),
      lines: sale.lines,
      amountCents: sale.amountCents,
      expiresAt,
    });
    let created: { id: string; url: string };
    try {
      created = await provider.createCheckoutSession({
        idempotencyKey: `counter-${row.id}`,
        lines: [{ name: sale.description, unitCents: sale.amountCents, quantity: 1 }],
        successUrl: sale.successUrl,
        cancelUrl: sale.cancelUrl,
        expiresAt,
        customerEmail: sale.customerEmail,
        checkoutId: row.id,
        ownerId: null,
      });
    } catch (err) {
      log.error('checkout session not created', { counterSaleId: sale.counterSaleId, message: (err as Error).message });
      throw providerUnavailable('The payment provider could not be reached. Please try again in a moment.');
    }
    row.providerSessionId = created.id;
    row.url = created.url;
    await tx.flush();
    return row;
  }

  /**
   * Closes a session opened by openCheckout that is still open (its stock goes back); the provider is told after
   * commit (`expireAtProvider`). Answers the provider's session id when this closed it, null when it was no longer open.
   */
  async closeCheckout(tx: EntityManager, checkoutId: string): Promise<string | null> {
    const session = await tx.findOne(CheckoutSession, { id: checkoutId });
    if (!session) return null;
    return (await this.release(tx, session, CheckoutStatus.expired)) ? session.providerSessionId : null;
  }

  /** Whether a checkout session is still open (waiting for the customer). */
  async checkoutOpen(em: EntityManager, checkoutId: string | null): Promise<boolean> {
    if (!checkoutId) return false;
    return (await em.count(CheckoutSession, { id: checkoutId, status: CheckoutStatus.open })) > 0;
  }

  /**
   * A paid session no cart opened: the counterCheckoutPaid port completes what it paid for (exactly once: the
   * session is completed in this same transaction). A payment nothing waits for any more (a sale cancelled at the
   * desk as the customer paid) is still recorded as a walk-in order, so it shows in Admin → Stripe to be refunded.
   */
  private async fulfilCounter(tx: EntityManager, session: CheckoutSession, paymentIntentId: string | null): Promise<void> {
    if (await this.ports.get('counterCheckoutPaid')?.(tx, { session, paymentIntentId })) return;
    log.warn('a front-desk card payment arrived for a sale that no longer waits for it; refund due', { checkoutId: session.id });
    await this.recordOrder(tx, {
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

  // ── the test provider's own endpoints ──────────────────────────────────────────────────────────────────

  testProvider(): TestPaymentProvider | null {
    return this.provider instanceof TestPaymentProvider ? this.provider : null;
  }

  async sessionByProviderId(providerSessionId: string): Promise<CheckoutSession | null> {
    return this.orm.em.fork().findOne(CheckoutSession, { providerSessionId });
  }

  /** Delivers an event the test provider made, signed by the stripe library, to the webhook handler. */
  async deliverSigned(event: object): Promise<{ status: number }> {
    const payload = JSON.stringify(event);
    const secret = this.provider!.webhookSecret;
    return this.receiveWebhook(Buffer.from(payload), signedHeader(payload, secret));
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
