import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '@studio/rules';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { randomBytes, randomUUID } from 'node:crypto';
import type PgBoss from 'pg-boss';
import pLimit from 'p-limit';
import type { Env } from '../../env.js';
import type { DeliveredEvent } from '../../events/domain-events.js';
import type { DomainEventName } from '../../events/catalogue.js';
import { badInput, conflict, notFound } from '../../graphql/errors.js';
import { log } from '../../logger.js';
import { NotificationType } from '../notifications/notification.entity.js';
import type { NotificationService } from '../notifications/notification.service.js';
import type { Viewer } from '../../graphql/context.js';
import { User } from '../users/user.entity.js';
import { isPublicAddress, literalAddress, type Resolve } from './network-guard.js';
import { WebhookAttempt, WebhookDelivery, WebhookDeliveryState, WebhookEndpoint } from './webhook.entity.js';
import { SubscribedEventTypes } from './subscribed-types.js';
import { WebhookSender, type WebhookAnswer } from './webhook-sender.js';
import { pgArray } from '../../db/pg-array.js';

export const SEND_QUEUE = 'webhooks-send';

/** The catalogue's events that become webhooks, under the names receivers see. */
export const WEBHOOK_EVENTS = {
  'booking.created': 'booking.created',
  'booking.cancelled': 'booking.cancelled',
  'waitlist.promoted': 'waitlist.promoted',
  'booking.checked_in': 'checkin.created',
  'member.created': 'member.created',
  'membership.changed': 'membership.changed',
  'order.paid': 'order.paid',
  'order.refunded': 'order.refunded',
  'invoice.paid': 'invoice.paid',
  'move.signed_off': 'move.signed_off',
  'level.achieved': 'level.achieved',
} as const satisfies Partial<Record<DomainEventName, WebhookEventType>>;

/** The type of the event "send test event" sends (any endpoint gets it, whatever it subscribed to). */
export const TEST_EVENT_TYPE = 'webhook.test';

/**
 * When each attempt is made, in seconds after the one before failed (the Standard Webhooks schedule): at once, then
 * 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h and 24 h. A delivery whose last attempt fails is given up.
 */
export const RETRY_SCHEDULE_SECONDS = [0, 5, 300, 1800, 7200, 18000, 36000, 50400, 72000, 86400] as const;
/** An endpoint whose every attempt failed for this long is disabled and the admins are told. */
export const DISABLE_AFTER_FAILING_DAYS = 5;
/** A Retry-After longer than this is read as this. */
const MAX_RETRY_AFTER_SECONDS = 86400;
/** Deliveries claimed at once by one sender (and sent in parallel, at most 16 connections per receiver). */
const BATCH = 50;
/** A sender stops taking new batches after this long (the next job goes on). */
const RUN_FOR_MS = 50_000;
/** How long the old secret keeps signing after a rotation, unless the admin says otherwise. */
export const DEFAULT_OVERLAP_HOURS = 24;

export interface EndpointInput {
  url: string;
  description?: string | null;
  eventTypes: string[];
}

export interface EndpointChange {
  url?: string | null;
  description?: string | null;
  eventTypes?: string[] | null;
  enabled?: boolean | null;
}

export interface DeliveryPageArgs {
  endpointId: string;
  first: number;
  after?: string | null;
}

interface Claimed {
  id: string;
  endpoint_id: string;
  message_id: string;
  type: string;
  data: unknown;
  occurred_at: string | Date;
  attempts: number;
}

interface Signing {
  id: string;
  url: string;
  secret: string;
  previous_secret: string | null;
  /** As the driver answers a timestamptz read raw: a string. */
  previous_secret_until: string | Date | null;
}

/** The body of a delivery, as every attempt sends it: `{type, timestamp, data}`. */
export function webhookBody(delivery: { type: string; occurredAt: Date; data: unknown }): string {
  return JSON.stringify({ type: delivery.type, timestamp: delivery.occurredAt.toISOString(), data: delivery.data });
}

/**
 * Outgoing webhooks: admins' endpoints with their secrets; one delivery per subscribed endpoint written when an event
 * is handled after commit (so only committed facts are sent, and a restart loses none); the `webhooks-send` queue
 * claims due deliveries (SKIP LOCKED, with a lease) and POSTs them, recording every attempt. Deliveries are at least
 * once: a sender that dies after the POST and before recording it leaves the delivery to be sent again once its lease
 * ends (receivers deduplicate by webhook-id); a recorded success is never sent again except by an admin's replay.
 */
export class WebhookService {
  readonly sender: WebhookSender;
  readonly subscribed: SubscribedEventTypes;
  private readonly leaseSeconds: number;

  constructor(
    private readonly env: Env,
    private readonly orm: MikroORM,
    private readonly jobs: PgBoss,
    private readonly notifications: NotificationService,
    opts: { resolve?: Resolve } = {},
  ) {
    this.sender = new WebhookSender({
      allowPrivateNetworks: env.WEBHOOKS_ALLOW_PRIVATE_NETWORKS === '1',
      timeoutMs: env.WEBHOOKS_TIMEOUT_MS,
      resolve: opts.resolve,
    });
    this.subscribed = new SubscribedEventTypes(orm);
    // A batch takes at most one timeout (its requests run side by side); the lease leaves room for the records too.
    this.leaseSeconds = Math.ceil(env.WEBHOOKS_TIMEOUT_MS / 1000) * 2 + 60;
  }

  list(em: EntityManager): Promise<WebhookEndpoint[]> {
    return em.find(WebhookEndpoint, {}, { orderBy: { createdAt: 'asc', id: 'asc' } });
  }

  async get(em: EntityManager, id: string): Promise<WebhookEndpoint> {
    const endpoint = await em.findOne(WebhookEndpoint, { id });
    if (!endpoint) throw notFound('That webhook endpoint');
    return endpoint;
  }

  /** Registers an endpoint; answers it with its secret (the only time the secret is shown). */
  async create(em: EntityManager, actor: Viewer, input: EndpointInput): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
    this.checkAddress(input.url);
    const endpoint = em.create(WebhookEndpoint, {
      url: input.url.trim(),
      description: input.description?.trim() ?? '',
      eventTypes: ordered(input.eventTypes),
      secret: newSecret(),
      createdBy: em.getReference(User, actor.id),
    });
    await em.flush();
    await this.subscribed.read();
    return { endpoint, secret: endpoint.secret };
  }

  /** Changes the address, description or events; enabling one (again) clears why it was disabled. */
  async update(em: EntityManager, id: string, change: EndpointChange): Promise<WebhookEndpoint> {
    const endpoint = await this.get(em, id);
    if (change.url != null) {
      this.checkAddress(change.url);
      endpoint.url = change.url.trim();
    }
    if (change.description != null) endpoint.description = change.description.trim();
    if (change.eventTypes != null) endpoint.eventTypes = ordered(change.eventTypes);
    if (change.enabled === true && !endpoint.enabled)
      Object.assign(endpoint, { enabled: true, disabledAt: null, disabledReason: null, failingSince: null });
    if (change.enabled === false && endpoint.enabled)
      Object.assign(endpoint, { enabled: false, disabledAt: new Date(), disabledReason: 'Disabled by an admin' });
    await em.flush();
    await this.subscribed.read();
    if (change.enabled === true) await this.wake();
    return endpoint;
  }

  /**
   * A new secret; the old one keeps signing beside it for `overlapHours` (receivers accept either signature), so a
   * receiver can switch without missing a delivery. Answers the new secret (shown once).
   */
  async rotate(
    em: EntityManager,
    id: string,
    overlapHours = DEFAULT_OVERLAP_HOURS,
  ): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
    const endpoint = await this.get(em, id);
    endpoint.previousSecret = overlapHours > 0 ? endpoint.secret : null;
    endpoint.previousSecretUntil = overlapHours > 0 ? new Date(Date.now() + overlapHours * 3600_000) : null;
    endpoint.secret = newSecret();
    await em.flush();
    await this.subscribed.read();
    return { endpoint, secret: endpoint.secret };
  }

  /** Deletes an endpoint with its deliveries and their log. */
  async remove(em: EntityManager, id: string): Promise<boolean> {
    const endpoint = await this.get(em, id);
    await em.remove(endpoint).flush();
    return true;
  }

  /** An endpoint's deliveries, newest first, `first` at a time after the cursor. */
  async deliveries(
    em: EntityManager,
    { endpointId, first, after }: DeliveryPageArgs,
  ): Promise<{ nodes: WebhookDelivery[]; endCursor: string | null; hasNextPage: boolean }> {
    await this.get(em, endpointId);
    const from = after ? readCursor(after) : null;
    const rows = await em.find(
      WebhookDelivery,
      {
        endpoint: endpointId,
        ...(from ? { $or: [{ createdAt: { $lt: from.at } }, { createdAt: from.at, id: { $lt: from.id } }] } : {}),
      },
      { orderBy: { createdAt: 'desc', id: 'desc' }, limit: first + 1 },
    );
    const nodes = rows.slice(0, first);
    const last = nodes.at(-1);
    return { nodes, hasNextPage: rows.length > first, endCursor: last ? cursorOf(last) : null };
  }

  /** The latest delivery of each endpoint (for the endpoints table). */
  async lastDeliveries(em: EntityManager, endpointIds: readonly string[]): Promise<Map<string, WebhookDelivery>> {
    const rows = await em
      .getConnection()
      .execute<{ id: string }[]>(
        `select distinct on (endpoint_id) id from webhook_delivery where endpoint_id = any(?::uuid[]) order by endpoint_id, created_at desc, id desc`,
        [pgArray(endpointIds)],
      );
    const found = rows.length ? await em.find(WebhookDelivery, { id: { $in: rows.map((r) => r.id) } }) : [];
    return new Map(found.map((d) => [d.endpoint.id, d]));
  }

  /** Each delivery's attempts, oldest first. */
  async attemptsOf(em: EntityManager, deliveryIds: readonly string[]): Promise<Map<string, WebhookAttempt[]>> {
    const attempts = await em.find(WebhookAttempt, { delivery: { $in: [...deliveryIds] } }, { orderBy: { at: 'asc', id: 'asc' } });
    const byDelivery = new Map<string, WebhookAttempt[]>();
    for (const a of attempts) byDelivery.set(a.delivery.id, [...(byDelivery.get(a.delivery.id) ?? []), a]);
    return byDelivery;
  }

  /**
   * An event's deliveries, in the after-commit handler's transaction (so they are written exactly once per event):
   * one per enabled endpoint subscribed to its type, with the event's id as the message id.
   */
  async record(tx: EntityManager, type: WebhookEventType, data: unknown, event?: DeliveredEvent): Promise<number> {
    const messageId = `msg_${event?.id ?? randomUUID()}`;
    const result = await tx.getConnection().execute<{ affectedRows: number }>(
      `insert into webhook_delivery (id, endpoint_id, message_id, type, data, occurred_at)
       select gen_random_uuid(), e.id, ?, ?, ?::jsonb, ? from webhook_endpoint e where e.enabled and ? = any(e.event_types)
       on conflict (endpoint_id, message_id) do nothing`,
      [messageId, type, JSON.stringify(data), event?.occurredAt ?? new Date(), type],
      'run',
      tx.getTransactionContext(),
    );
    if (result.affectedRows) await this.wake(1);
    return result.affectedRows;
  }

  /** "Send test event": a webhook.test delivery to this endpoint, sent now. */
  async sendTest(em: EntityManager, endpointId: string): Promise<WebhookDelivery> {
    const endpoint = await this.get(em, endpointId);
    if (!endpoint.enabled) throw conflict('This endpoint is disabled: enable it to send it a test event.');
    const delivery = em.create(WebhookDelivery, {
      endpoint,
      messageId: `msg_${randomUUID()}`,
      type: TEST_EVENT_TYPE,
      data: { endpointId: endpoint.id, message: 'A test event from the studio: your endpoint received and verified it.' },
      occurredAt: new Date(),
    });
    await em.flush();
    await this.wake();
    return delivery;
  }

  /** Sends a delivery again from its first attempt (same webhook-id and body), whatever became of it. */
  async replay(em: EntityManager, id: string): Promise<WebhookDelivery> {
    const delivery = await em.findOne(WebhookDelivery, { id }, { populate: ['endpoint'] });
    if (!delivery) throw notFound('That delivery');
    if (!delivery.endpoint.enabled) throw conflict('This endpoint is disabled: enable it to replay its deliveries.');
    if (delivery.state === WebhookDeliveryState.sending) throw conflict('This delivery is being sent right now.');
    Object.assign(delivery, { state: WebhookDeliveryState.pending, attempts: 0, nextAt: new Date(), leaseUntil: null, succeededAt: null });
    await em.flush();
    await this.wake();
    return delivery;
  }

  /**
   * Asks the queue to send what is due, `delaySeconds` from now. At most one such run is queued per second (a burst of
   * events asks once): asked again in a second that has one (even one that already ran), the run goes to the next
   * second instead of being dropped.
   */
  async wake(delaySeconds = 0): Promise<void> {
    await this.jobs.sendDebounced(SEND_QUEUE, {}, { startAfter: delaySeconds, retryLimit: 0 }, 1, 'wake');
  }

  /** A run for the next retry (one per second it is due at, however many senders ask for it). */
  private async wakeForRetry(inSeconds: number): Promise<void> {
    const dueAt = Math.floor(Date.now() / 1000) + inSeconds;
    await this.jobs.send(SEND_QUEUE, {}, { startAfter: inSeconds, singletonKey: `retry:${dueAt}`, singletonSeconds: 1, retryLimit: 0 });
  }

  /**
   * The queue's run: claims due deliveries in batches and sends each batch in parallel until none is due (or the run
   * has gone on long enough); then asks for a run when the next retry within a minute is due (the per-minute schedule
   * covers later ones). Answers how many attempts it made.
   */
  async sendDue(): Promise<number> {
    const until = Date.now() + RUN_FOR_MS;
    let sent = 0;
    while (Date.now() < until) {
      const claimed = await this.claim();
      if (!claimed.length) break;
      sent += claimed.length;
      await this.sendBatch(claimed);
    }
    const [next] = await this.orm.em.getConnection().execute<{ in_seconds: number | null }[]>(
      `select extract(epoch from min(d.next_at) - now()) as in_seconds from webhook_delivery d join webhook_endpoint e on e.id = d.endpoint_id
          where d.state = 'pending' and e.enabled`,
    );
    const inSeconds = next?.in_seconds == null ? null : Number(next.in_seconds);
    if (inSeconds != null && inSeconds < 60) await this.wakeForRetry(Math.max(0, Math.ceil(inSeconds)));
    return sent;
  }

  close(): void {
    this.sender.close();
  }

  private async claim(): Promise<Claimed[]> {
    return this.orm.em.getConnection().execute<Claimed[]>(
      `update webhook_delivery d set state = 'sending', attempts = d.attempts + 1, lease_until = now() + make_interval(secs => ?)
         from (select d2.id from webhook_delivery d2 join webhook_endpoint e on e.id = d2.endpoint_id
                where e.enabled and d2.next_at <= now()
                  and (d2.state = 'pending' or (d2.state = 'sending' and d2.lease_until < now()))
                order by d2.next_at, d2.id limit ? for update of d2 skip locked) due
        where d.id = due.id
        returning d.id, d.endpoint_id, d.message_id, d.type, d.data, d.occurred_at, d.attempts`,
      [this.leaseSeconds, BATCH],
    );
  }

  private async sendBatch(claimed: Claimed[]): Promise<void> {
    const em = this.orm.em.fork();
    const endpoints = await em
      .getConnection()
      .execute<Signing[]>(
        `select id, url, secret, previous_secret, previous_secret_until from webhook_endpoint where id = any(?::uuid[])`,
        [pgArray([...new Set(claimed.map((c) => c.endpoint_id))])],
      );
    const byId = new Map(endpoints.map((e) => [e.id, e]));
    const limit = pLimit(BATCH);
    const answers = await Promise.all(
      claimed.map((c) =>
        limit(async () => {
          const endpoint = byId.get(c.endpoint_id);
          if (!endpoint) return null; // deleted meanwhile: its deliveries went with it
          const secrets = [endpoint.secret];
          if (endpoint.previous_secret && endpoint.previous_secret_until && new Date(endpoint.previous_secret_until) > new Date())
            secrets.push(endpoint.previous_secret);
          const body = webhookBody({ type: c.type, occurredAt: new Date(c.occurred_at), data: c.data });
          return { claimed: c, answer: await this.sender.send({ url: endpoint.url, messageId: c.message_id, body, secrets }) };
        }),
      ),
    );
    await this.recordAnswers(answers.filter((a): a is { claimed: Claimed; answer: WebhookAnswer } => a !== null));
  }

  /** Writes a batch's attempts and what each one means for its delivery and endpoint, in one transaction. */
  private async recordAnswers(results: { claimed: Claimed; answer: WebhookAnswer }[]): Promise<void> {
    if (!results.length) return;
    const outcomes = results.map(({ claimed, answer }) => ({ claimed, answer, ...outcomeOf(claimed, answer) }));
    const disabled = await this.orm.em.fork().transactional(async (tx) => {
      const conn = tx.getConnection();
      const ctx = tx.getTransactionContext();
      const attempts = outcomes.map(({ claimed, answer }) => ({
        id: randomUUID(),
        delivery_id: claimed.id,
        status: answer.status,
        duration_ms: answer.durationMs,
        response: answer.response,
        error: answer.error,
      }));
      await conn.execute(
        `insert into webhook_attempt (id, delivery_id, status, duration_ms, response, error, at)
         select id, delivery_id, status, duration_ms, coalesce(response, ''), error, now()
           from jsonb_to_recordset(?::jsonb) as r(id uuid, delivery_id uuid, status smallint, duration_ms int, response text, error text)
          where exists (select 1 from webhook_delivery d where d.id = r.delivery_id)`,
        [JSON.stringify(attempts)],
        'run',
        ctx,
      );
      // Only a delivery still claimed by this attempt changes (a replay or a newer claim meanwhile wins).
      const updates = outcomes.map(({ claimed, state, retryInSeconds }) => ({
        id: claimed.id,
        attempts: claimed.attempts,
        state,
        retry_in: retryInSeconds,
      }));
      await conn.execute(
        `update webhook_delivery d
            set state = r.state::text,
                next_at = case when r.state = 'pending' then now() + make_interval(secs => r.retry_in) else d.next_at end,
                succeeded_at = case when r.state = 'succeeded' then now() else d.succeeded_at end,
                lease_until = null
           from jsonb_to_recordset(?::jsonb) as r(id uuid, attempts int, state text, retry_in int)
          where d.id = r.id and d.state = 'sending' and d.attempts = r.attempts`,
        [JSON.stringify(updates)],
        'run',
        ctx,
      );
      const succeeded = [...new Set(outcomes.filter((o) => o.state === 'succeeded').map((o) => o.claimed.endpoint_id))];
      const failed = [...new Set(outcomes.filter((o) => o.state !== 'succeeded').map((o) => o.claimed.endpoint_id))].filter(
        (id) => !succeeded.includes(id),
      );
      const gone = [...new Set(outcomes.filter((o) => o.answer.status === 410).map((o) => o.claimed.endpoint_id))];
      if (succeeded.length)
        await conn.execute(
          `update webhook_endpoint set failing_since = null where id = any(?::uuid[]) and failing_since is not null`,
          [pgArray(succeeded)],
          'run',
          ctx,
        );
      if (failed.length)
        await conn.execute(
          `update webhook_endpoint set failing_since = now() where id = any(?::uuid[]) and failing_since is null`,
          [pgArray(failed)],
          'run',
          ctx,
        );
      const off = await conn.execute<{ id: string; url: string; reason: string }[]>(
        `update webhook_endpoint set enabled = false, disabled_at = now(),
                disabled_reason = case when id = any(?::uuid[]) then 'The receiver answered 410 Gone'
                                       else 'Every delivery failed for ${DISABLE_AFTER_FAILING_DAYS} days' end
          where enabled and (id = any(?::uuid[]) or (id = any(?::uuid[]) and failing_since <= now() - make_interval(days => ?)))
          returning id, url, disabled_reason as reason`,
        [pgArray(gone), pgArray(gone), pgArray(failed), DISABLE_AFTER_FAILING_DAYS],
        'all',
        ctx,
      );
      for (const endpoint of off) {
        await this.notifications.notifyAdmins(tx, {
          type: NotificationType.other,
          title: 'A webhook endpoint was disabled',
          message: `${endpoint.url}: ${endpoint.reason}. Its deliveries wait; enable it on the Webhooks page to send them.`,
          link: `/admin/webhooks?endpoint=${endpoint.id}`,
        });
      }
      return off;
    });
    for (const endpoint of disabled) log.warn('webhook endpoint disabled', { endpointId: endpoint.id, reason: endpoint.reason });
  }

  /** Addresses refused when registered: not http(s) is the shared rule's; an IP address or `localhost` not public is this. */
  private checkAddress(value: string): void {
    if (this.env.WEBHOOKS_ALLOW_PRIVATE_NETWORKS === '1') return;
    const host = new URL(value.trim()).hostname.toLowerCase().replace(/\.$/, '');
    const literal = literalAddress(host);
    if ((literal && !isPublicAddress(literal)) || host === 'localhost' || host.endsWith('.localhost')) {
      const message = 'This address is in a private network (or this server): webhooks go only to public addresses.';
      throw badInput(message, { url: message });
    }
  }
}

/** What an attempt's answer means: 2xx done; 410 given up (and the endpoint off); else the next try, or given up after the last. */
function outcomeOf(claimed: Claimed, answer: WebhookAnswer): { state: WebhookDeliveryState; retryInSeconds: number } {
  const status = answer.status ?? 0;
  if (status >= 200 && status < 300) return { state: WebhookDeliveryState.succeeded, retryInSeconds: 0 };
  if (status === 410 || answer.permanent || claimed.attempts >= RETRY_SCHEDULE_SECONDS.length)
    return { state: WebhookDeliveryState.failed, retryInSeconds: 0 };
  const scheduled = RETRY_SCHEDULE_SECONDS[claimed.attempts];
  const asked = Math.min(answer.retryAfterSeconds ?? 0, MAX_RETRY_AFTER_SECONDS);
  return { state: WebhookDeliveryState.pending, retryInSeconds: Math.max(scheduled, asked) };
}

/** `whsec_` and 32 random bytes in base64 (the Standard Webhooks form). */
function newSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/** The event types in the catalogue's order, each once. */
function ordered(types: readonly string[]): string[] {
  return WEBHOOK_EVENT_TYPES.filter((t) => types.includes(t));
}

function cursorOf(delivery: WebhookDelivery): string {
  return Buffer.from(JSON.stringify([delivery.createdAt.toISOString(), delivery.id])).toString('base64url');
}

function readCursor(cursor: string): { at: Date; id: string } {
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [string, string];
    const date = new Date(at);
    if (Number.isNaN(date.getTime()) || !/^[0-9a-f-]{36}$/i.test(id)) throw new Error('bad cursor');
    return { at: date, id };
  } catch {
    throw badInput('That cursor is not one this list gave.', { after: 'That cursor is not one this list gave.' });
  }
}
