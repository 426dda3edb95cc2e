import { createPubSub, Repeater } from '@graphql-yoga/subscription';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Client, Pool } from 'pg';
import { lifecycle } from '../lifecycle.js';
import { log } from '../logger.js';

/**
 * Every live topic with its payload. Each is declared by the module that publishes it, in its `<domain>.topics.ts`,
 * which adds its topics to this interface (declaration merging) and lists them in its descriptor (`topics`). A topic
 * is either one stream (`[payload]`) or keyed (`[key, payload]`): a keyed event is delivered only to the subscribers
 * of its key (a user, a conversation), found by one map lookup however many others listen. Keep payloads small:
 * NOTIFY carries at most 8,000 bytes.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- completed by the modules' topic files
export interface PubSubEvents {}

/** The topics as the pub/sub library takes them (a mapped copy: an interface has no index signature). */
type Topics = { [K in keyof PubSubEvents]: PubSubEvents[K] };

const CHANNEL = 'studio_events';
const RECONNECT_FIRST_MS = 100;
const RECONNECT_MAX_MS = 5000;

type Listener = (event: Event) => void;
type ResyncHandler = () => Promise<void> | void;

/**
 * An EventTarget backed by PostgreSQL LISTEN/NOTIFY, so an event published by any API instance reaches the
 * subscribers of every instance. Dispatch only sends NOTIFY; delivery (also to this instance) comes back
 * through LISTEN, which keeps ordering identical everywhere.
 *
 * Exactly one LISTEN connection per process, supervised by one loop: when it is lost (database restart,
 * terminated backend, network), the loop reconnects with backoff and then runs the re-sync handlers, because
 * NOTIFYs sent while nobody listened are gone: each domain re-announces its current state to local subscribers.
 * NOTIFY goes through a small pool, which replaces broken connections by itself.
 */
export class PostgresEventTarget {
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly resyncHandlers: ResyncHandler[] = [];
  private readonly notifyPool: Pool;
  private listenClient: Client | null = null;
  private supervisor: Promise<void> | null = null;
  private wakeSupervisor: (() => void) | null = null;
  private closed = false;
  /** NOTIFYs sent and not yet answered: close() lets them finish, so no event is lost at shutdown. */
  private readonly inFlight = new Set<Promise<unknown>>();

  constructor(private readonly connectionString: string) {
    this.notifyPool = new Pool({ connectionString, max: 2, idleTimeoutMillis: 30_000 });
    // An idle pooled connection that dies is dropped by the pool; the error must not crash the process.
    this.notifyPool.on('error', (err) => this.warn('pubsub notify connection lost', err));
  }

  /** Resolves once the first LISTEN is in place; later losses are handled by the supervising loop. */
  async start(): Promise<void> {
    await this.listen();
    this.supervisor = this.supervise();
  }

  /** Runs after every reconnect of the LISTEN connection (not after the first connect). */
  onResync(handler: ResyncHandler): void {
    this.resyncHandlers.push(handler);
  }

  /** Delivers an event to this process's subscribers only (re-sync after a gap), not through NOTIFY. */
  dispatchLocally(type: string, detail: unknown): void {
    this.deliver(JSON.stringify({ type, detail }));
  }

  private async listen(): Promise<void> {
    const client = new Client({ connectionString: this.connectionString });
    const lost = (err?: Error) => {
      if (this.listenClient !== client) return; // a stale client's late error or end: already replaced
      this.listenClient = null;
      client.removeAllListeners('notification');
      void client.end().catch(() => undefined);
      if (!this.closed && !lifecycle.stopping) this.warn('pubsub listener lost; reconnecting', err);
      this.wakeSupervisor?.();
    };
    client.on('error', lost);
    client.on('end', () => lost());
    try {
      await client.connect();
      client.on('notification', (msg) => this.deliver(msg.payload));
      await client.query(`LISTEN ${CHANNEL}`);
    } catch (err) {
      client.removeAllListeners();
      client.on('error', () => undefined);
      await client.end().catch(() => undefined);
      throw err;
    }
    if (this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    this.listenClient = client;
  }

  /** The one loop that keeps a LISTEN connection: waits for a loss, reconnects with backoff, re-syncs. */
  private async supervise(): Promise<void> {
    while (!this.closed) {
      if (this.listenClient) await new Promise<void>((wake) => (this.wakeSupervisor = wake));
      this.wakeSupervisor = null;
      if (this.closed) return;
      for (let delay = RECONNECT_FIRST_MS; !this.closed && !this.listenClient; delay = Math.min(delay * 2, RECONNECT_MAX_MS)) {
        try {
          await this.listen();
        } catch {
          await new Promise((r) => setTimeout(r, delay));
        }
      }
      if (this.closed) return;
      log.info('pubsub listener reconnected; re-syncing subscribers');
      for (const handler of this.resyncHandlers) {
        try {
          await handler();
        } catch (err) {
          this.warn('pubsub re-sync failed', err);
        }
      }
    }
  }

  private warn(message: string, err?: unknown): void {
    if (this.closed || lifecycle.stopping) return;
    log.warn(message, { message: err instanceof Error ? err.message : undefined });
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
    for (const listener of listeners) {
      // One subscriber that cannot take more (a stalled per-viewer feed's queue is full) must not cost the others it.
      try {
        listener(event);
      } catch (err) {
        this.warn('pubsub subscriber refused an event', err);
      }
    }
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
    const sent = this.notifyPool
      .query('SELECT pg_notify($1, $2)', [CHANNEL, payload])
      .catch((err: Error) => log.error('pubsub publish failed', { type: event.type, message: err.message }))
      .finally(() => this.inFlight.delete(sent));
    this.inFlight.add(sent);
    return true;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.wakeSupervisor?.();
    await Promise.all(this.inFlight);
    const client = this.listenClient;
    this.listenClient = null;
    await client?.end().catch(() => undefined);
    await this.supervisor;
    await this.notifyPool.end().catch(() => undefined);
  }
}

/** The event type that travels through NOTIFY: a keyed topic carries its key (`TOPIC:key`), as the pub/sub routes it. */
function eventType(topic: string, args: readonly unknown[]): { type: string; detail: unknown } {
  return args.length === 2 ? { type: `${topic}:${String(args[0])}`, detail: args[1] } : { type: topic, detail: args[0] };
}

/**
 * Publishes through the caller's database transaction: PostgreSQL delivers a NOTIFY only when the transaction
 * commits, so subscribers never hear of data that was rolled back or is not visible yet.
 */
export async function publishOnCommit<K extends keyof PubSubEvents>(em: EntityManager, topic: K, ...args: PubSubEvents[K]): Promise<void> {
  await em.getConnection().execute('select pg_notify(?, ?)', notifyArguments(topic, ...args), 'get', em.getTransactionContext());
}

/**
 * The channel and payload of `pg_notify` for an event, for a statement that sends its NOTIFY itself together with
 * the change it announces (one round trip; sent only if the statement's row is, as a notification's).
 */
export function notifyArguments<K extends keyof PubSubEvents>(topic: K, ...args: PubSubEvents[K]): [channel: string, payload: string] {
  return [CHANNEL, JSON.stringify(eventType(topic, args))];
}

/** Topics whose events are keyed (see PubSubEvents). */
export type KeyedTopic = { [K in keyof PubSubEvents]: PubSubEvents[K] extends [string, unknown] ? K : never }[keyof PubSubEvents];
/** The payload of a keyed topic. */
export type KeyedEvent<K extends KeyedTopic> = PubSubEvents[K][1];

/**
 * A subscriber's stream ended because more events were queued for it than it can hold (more than 1,024 in one
 * tick, or a reader that stopped reading): its events are not dropped in silence, the stream fails with this after
 * the queued ones, and whoever serves it makes the client resync (graphql/multiplex.ts closes with WS_RESYNC).
 */
export class LiveOverflow extends Error {
  constructor() {
    super('More events were queued for a live subscriber than it can hold; it must resync');
    this.name = 'LiveOverflow';
  }
}

/** The events of one topic (or one key of it) as a stream; an overflow fails the stream (LiveOverflow). */
function subscribeTo(target: PostgresEventTarget, type: string, onOverflow?: () => void): Repeater<unknown> {
  const stream = new Repeater<unknown>((push, stop) => {
    let overflowed = false;
    const listener = (event: Event) => {
      if (overflowed) return;
      try {
        void push((event as CustomEvent).detail).catch(() => undefined);
      } catch {
        // The queue is full (1,024 pending events): end the stream with the error after what it holds.
        overflowed = true;
        log.warn('live subscriber overflowed; it resyncs', { type });
        stop(new LiveOverflow());
        onOverflow?.();
      }
    };
    target.addEventListener(type, listener);
    void stop.then(() => target.removeEventListener(type, listener));
  });
  // Whoever ends an overflowed stream (a subscriber leaving) is not told of the overflow again: its reader was.
  const end = stream.return.bind(stream);
  stream.return = (value?: unknown) => end(value).catch(() => ({ done: true, value: undefined }));
  return stream;
}

export function createStudioPubSub(target: PostgresEventTarget) {
  // The event target is structurally an EventTarget; the typed-event-target generics do not see that.
  const yoga = createPubSub<Topics>({ eventTarget: target as never });
  const pubsub = {
    ...yoga,
    subscribe: ((topic: string, key?: string) =>
      subscribeTo(target, key === undefined ? topic : `${topic}:${key}`)) as unknown as typeof yoga.subscribe,
  };
  /** The keys of keyed topics that have subscribers in this process, with how many each. */
  const keysListened = new Map<KeyedTopic, Map<string, number>>();
  // After a gap in LISTEN every key listened to here is told to re-sync (its events of the gap are gone).
  target.onResync(() => {
    for (const [topic, keys] of keysListened) for (const key of keys.keys()) target.dispatchLocally(`${topic}:${key}`, { kind: 'resync' });
  });
  return {
    ...pubsub,
    /** Registers what to re-announce to this process's subscribers after the LISTEN connection had a gap. */
    onResync: (handler: ResyncHandler) => target.onResync(handler),
    /** Delivers to this process's subscribers only: for re-sync, so other instances get no duplicates. */
    publishLocally: <K extends keyof PubSubEvents>(topic: K, ...args: PubSubEvents[K]) => {
      const { type, detail } = eventType(topic, args);
      target.dispatchLocally(type, detail);
    },
    /**
     * The events of one key of a keyed topic; after a gap in LISTEN the stream gets `{ kind: 'resync' }`, so its
     * subscriber reads the current state again instead of missing what happened meanwhile.
     */
    subscribeKey<K extends KeyedTopic>(
      topic: K,
      key: string,
      /** Called at once when the stream overflows (its reader stopped reading), besides failing the stream. */
      onOverflow?: () => void,
    ): AsyncIterableIterator<KeyedEvent<K> | { kind: 'resync' }> {
      let keys = keysListened.get(topic);
      if (!keys) keysListened.set(topic, (keys = new Map()));
      keys.set(key, (keys.get(key) ?? 0) + 1);
      const events = subscribeTo(target, `${topic}:${key}`, onOverflow) as Repeater<KeyedEvent<K>>;
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        const left = (keys.get(key) ?? 1) - 1;
        if (left > 0) keys.set(key, left);
        else keys.delete(key);
      };
      return {
        next: () => events.next(),
        return: (value?: unknown) => {
          release();
          return events.return(value as never);
        },
        throw: (err?: unknown) => {
          release();
          return events.throw(err);
        },
        [Symbol.asyncIterator]() {
          return this;
        },
      };
    },
  };
}
export type StudioPubSub = ReturnType<typeof createStudioPubSub>;
