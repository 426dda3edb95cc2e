import { LockMode, type EntityManager, type MikroORM } from '@mikro-orm/postgresql';
import type Stripe from 'stripe';
import type { Ports } from '../../../events/ports.js';
import { conflict, notFound } from '../../../graphql/errors.js';
import { log } from '../../../logger.js';
import { NotificationType } from '../../notifications/notification.entity.js';
import type { NotificationService } from '../../notifications/notification.service.js';
import { CheckoutSession, CheckoutStatus } from '../checkout-session.entity.js';
import { PaymentEvent, PaymentEventStatus } from '../payment-event.entity.js';
import { signedHeader, verifiedEvent, type PaymentProvider } from '../payment-provider.js';
import type { PaymentPorts } from '../payments.ports.js';
import type { CheckoutService } from '../checkout/checkout.service.js';
import type { FulfilmentService } from '../orders/fulfilment.service.js';
import type { RefundService } from '../refunds/refund.service.js';

export interface WebhookAnswer {
  status: number;
  body: string | { received: true; outcome: 'processed' | 'duplicate' };
}

/** The event types with an effect (handle() below); any other type is only recorded. */
const HANDLED_EVENTS = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
  'charge.refunded',
]);

/**
 * The provider's events: verified by the stripe library and recorded by id, so each is processed once, in the same
 * transaction as its effect; the answer is 2xx only after that commit. Failed events are kept for a replay, and
 * sessions whose ending never arrived are settled by asking the provider.
 */
export class WebhookInbox {
  constructor(
    private readonly orm: MikroORM,
    private readonly provider: PaymentProvider | null,
    private readonly ports: Ports<PaymentPorts>,
    private readonly checkout: CheckoutService,
    private readonly fulfilment: FulfilmentService,
    private readonly refunds: RefundService,
    private readonly notifications: NotificationService,
  ) {}
  /** The providerEvents port, when it deals in this event type. */
  private otherHandler(type: string): PaymentPorts['providerEvents'] | null {
    const other = this.ports.get('providerEvents');
    return other?.types.includes(type) ? other : null;
  }

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
        sql = `with ${record}, ${this.checkout.closeSql('provider_session_id', 'and exists (select 1 from ev)')}
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
        if (event.data.object.payment_status !== 'unpaid') await this.fulfilment.fulfil(tx, event.data.object, after);
        return;
      case 'checkout.session.async_payment_succeeded':
        await this.fulfilment.fulfil(tx, event.data.object, after);
        return;
      case 'checkout.session.async_payment_failed':
        await this.closeSession(tx, event.data.object.id, CheckoutStatus.failed);
        return;
      case 'checkout.session.expired':
        await this.closeSession(tx, event.data.object.id, CheckoutStatus.expired);
        return;
      case 'charge.refunded':
        await this.refunds.syncRefund(tx, event.data.object);
        return;
      default:
        return; // recorded, nothing to do
    }
  }

  private async closeSession(tx: EntityManager, providerSessionId: string, status: CheckoutStatus.expired | CheckoutStatus.failed) {
    await tx
      .getConnection()
      .execute(
        `with ${this.checkout.closeSql('provider_session_id')} select 1`,
        [status, providerSessionId],
        'all',
        tx.getTransactionContext(),
      );
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
            await this.fulfilment.fulfil(
              tx,
              { id: fresh.providerSessionId, payment_status: 'paid', payment_intent: remote!.paymentIntentId },
              after,
            );
          else await this.checkout.release(tx, fresh, CheckoutStatus.expired);
          settled += 1;
        });
        for (const work of after) await work().catch(() => undefined);
      } catch (err) {
        log.warn('could not settle an overdue checkout session', { id: session.id, message: (err as Error).message });
      }
    }
    return settled;
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
