import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '@studio/rules';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { randomBytes, randomUUID } from 'node:crypto';
import type PgBoss from 'pg-boss';
import type { Env } from '../../env.js';
import type { DeliveredEvent } from '../../events/domain-events.js';
import type { DomainEventName } from '../../events/catalogue.js';
import { badInput, conflict, notFound } from '../../graphql/errors.js';
import type { NotificationService } from '../notifications/notification.service.js';
import type { Viewer } from '../../graphql/context.js';
import { User } from '../users/user.entity.js';
import { isPublicAddress, literalAddress, type Resolve } from './network-guard.js';
import { WebhookAttempt, WebhookDelivery, WebhookDeliveryState, WebhookEndpoint } from './webhook.entity.js';
import { SubscribedEventTypes } from './subscribed-types.js';
import { WebhookSender } from './webhook-sender.js';
import { pgArray } from '../../common/pg-array.js';
import { SEND_QUEUE, WebhookDispatcher } from './webhook-dispatcher.js';

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

/**
 * Outgoing webhooks: admins' endpoints with their secrets; one delivery per subscribed endpoint written when an event
 * is handled after commit (so only committed facts are sent, and a restart loses none); the `webhooks-send` queue
 * sends them (webhook-dispatcher.ts: claims with a lease, POSTs, records every attempt, at least once).
 */
export class WebhookService {
  readonly sender: WebhookSender;
  readonly subscribed: SubscribedEventTypes;
  /** The sending half: claims, sends and records (webhook-dispatcher.ts). */
  readonly dispatcher: WebhookDispatcher;

  constructor(
    private readonly env: Env,
    orm: MikroORM,
    private readonly jobs: PgBoss,
    notifications: NotificationService,
    opts: { resolve?: Resolve } = {},
  ) {
    this.sender = new WebhookSender({
      allowPrivateNetworks: env.WEBHOOKS_ALLOW_PRIVATE_NETWORKS === '1',
      timeoutMs: env.WEBHOOKS_TIMEOUT_MS,
      resolve: opts.resolve,
    });
    this.subscribed = new SubscribedEventTypes(orm);
    this.dispatcher = new WebhookDispatcher(env, orm, jobs, notifications, this.sender);
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

  /** The queue's run: sends what is due (webhook-dispatcher.ts). Answers how many attempts it made. */
  sendDue(): Promise<number> {
    return this.dispatcher.run();
  }

  close(): void {
    this.sender.close();
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
