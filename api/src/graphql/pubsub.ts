import { createPubSub } from '@graphql-yoga/subscription';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Client } from 'pg';
import { lifecycle } from '../lifecycle.js';
import { log } from '../logger.js';

/** Every event the API publishes, with its payload. Keep payloads small: NOTIFY carries at most 8,000 bytes. */
export type LandingChangedEvent = { updatedAt: string };

/** Live seat counts of one class, computed once per change and sent to every subscriber as is. */
export type SpotsChangedEvent = {
  classInstanceId: string;
  spotsLeft: number;
  waitlistLength: number;
  status: string;
  takenRigPointIds: string[];
};
export type NotificationAddedEvent = { userId: string; notificationId: string };

export type PubSubEvents = {
  LANDING_PAGE_CONFIG_CHANGED: [LandingChangedEvent];
  SPOTS_CHANGED: [SpotsChangedEvent];
  NOTIFICATION_ADDED: [NotificationAddedEvent];
};

const CHANNEL = 'studio_events';

type Listener = (event: Event) => void;

/**
 * An EventTarget backed by PostgreSQL LISTEN/NOTIFY, so an event published by any API instance reaches the
 * subscribers of every instance. Dispatch only sends NOTIFY; delivery (also to this instance) comes back
 * through LISTEN, which keeps ordering identical everywhere.
 */
export class PostgresEventTarget {
  private readonly listeners = new Map<string, Set<Listener>>();
  private listenClient: Client | null = null;
  private notifyClient: Client | null = null;
  private closed = false;
  /** NOTIFYs sent and not yet answered: close() lets them finish, so no event is lost at shutdown. */
  private readonly inFlight = new Set<Promise<unknown>>();

  constructor(private readonly connectionString: string) {}

  async start(): Promise<void> {
    this.notifyClient = await this.connect();
    this.listenClient = await this.connect();
    this.listenClient.on('notification', (msg) => this.deliver(msg.payload));
    await this.listenClient.query(`LISTEN ${CHANNEL}`);
  }

  private async connect(): Promise<Client> {
    const client = new Client({ connectionString: this.connectionString });
    client.on('error', (err) => {
      if (this.closed || lifecycle.stopping) return;
      log.error('pubsub connection lost; reconnecting', { message: err.message });
      void this.reconnect();
    });
    await client.connect();
    return client;
  }

  private async reconnect(): Promise<void> {
    await this.closeClients();
    for (let attempt = 1; !this.closed; attempt++) {
      try {
        await this.start();
        return;
      } catch {
        await new Promise((r) => setTimeout(r, Math.min(1000 * attempt, 10000)));
      }
    }
  }

  private deliver(payload: string | undefined): void {
    if (!payload) return;
    let message: { type: string; detail: unknown };
    try {
      message = JSON.parse(payload);
    } catch {
      return;
    }
    const listeners = this.listeners.get(message.type);
    if (!listeners) return;
    const event = new CustomEvent(message.type, { detail: message.detail });
    for (const listener of listeners) listener(event);
  }

  addEventListener(type: string, listener: Listener): void {
    let set = this.listeners.get(type);
    if (!set) this.listeners.set(type, (set = new Set()));
    set.add(listener);
  }

  removeEventListener(type: string, listener: Listener): void {
    const set = this.listeners.get(type);
    set?.delete(listener);
    if (set?.size === 0) this.listeners.delete(type);
  }

  dispatchEvent(event: Event): boolean {
    const detail = (event as CustomEvent).detail;
    const payload = JSON.stringify({ type: event.type, detail });
    if (!this.notifyClient) throw new Error('pubsub not started');
    const sent = this.notifyClient
      .query('SELECT pg_notify($1, $2)', [CHANNEL, payload])
      .catch((err: Error) => log.error('pubsub publish failed', { type: event.type, message: err.message }))
      .finally(() => this.inFlight.delete(sent));
    this.inFlight.add(sent);
    return true;
  }

  private async closeClients(): Promise<void> {
    const clients = [this.listenClient, this.notifyClient];
    this.listenClient = this.notifyClient = null;
    await Promise.all(clients.map((c) => c?.end().catch(() => undefined)));
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.inFlight);
    await this.closeClients();
  }
}

/**
 * Publishes through the caller's database transaction: PostgreSQL delivers a NOTIFY only when the transaction
 * commits, so subscribers never hear of data that was rolled back or is not visible yet.
 */
export async function publishOnCommit<K extends keyof PubSubEvents>(em: EntityManager, type: K, detail: PubSubEvents[K][0]): Promise<void> {
  await em
    .getConnection()
    .execute('select pg_notify(?, ?)', [CHANNEL, JSON.stringify({ type, detail })], 'get', em.getTransactionContext());
}

export function createStudioPubSub(target: PostgresEventTarget) {
  // The event target is structurally an EventTarget; the typed-event-target generics do not see that.
  return createPubSub<PubSubEvents>({ eventTarget: target as never });
}
export type StudioPubSub = ReturnType<typeof createStudioPubSub>;
