import type { EventSubscriber, TransactionEventArgs } from '@mikro-orm/core';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { lifecycle } from '../lifecycle.js';
import { log } from '../logger.js';
import type { DomainEventName, DomainEventPayload } from './catalogue.js';

/**
 * When a handler runs, chosen at its `on(...)`:
 * - `inTransaction`: inside the emitting transaction, with its entity manager, before `emit` returns. Its writes
 *   commit with the change; when it throws, the whole change rolls back (the caller sees the error).
 * - `afterCommit`: once the change has committed, from the outbox: the event and one pending delivery per handler
 *   are written in the emitting transaction, so nothing is delivered for a change that rolled back, and a crash
 *   between commit and delivery loses nothing (another process, or this one after a restart, delivers it). The
 *   emitting process delivers at once, before its `transactional` call returns; any process polls for the rest.
 *   The handler runs in a transaction of its own that also marks the delivery done: its writes and the mark commit
 *   together, so each handler gets each event exactly once (work outside that transaction, a call to a payment
 *   provider say, may be repeated after a crash and must be idempotent). A handler that throws is retried later.
 */
export type Delivery = 'inTransaction' | 'afterCommit';

/** Which event an after-commit handler is running for (an in-transaction handler gets none: nothing is stored yet). */
export interface DeliveredEvent {
  /** The outbox event's id: the same for every handler and every retry of this event. */
  id: string;
  occurredAt: Date;
}

export type EventHandler<Name extends DomainEventName> = (
  em: EntityManager,
  payload: DomainEventPayload<Name>,
  event?: DeliveredEvent,
) => Promise<unknown>;

/** Registers a handler of one event (a module's descriptor gets one, see module.ts). */
export type On = <Name extends DomainEventName>(
  name: Name,
  delivery: Delivery,
  handler: EventHandler<Name>,
  opts?: {
    /** Tells two after-commit handlers of one event in one module apart (the delivery's key). */
    key?: string;
    /**
     * For an after-commit handler: asked when the event is emitted, false skips the handler for this event (no outbox
     * row is written for it). For a handler with nothing to do most of the time (webhooks with no endpoint for the
     * event), so an event nobody wants costs no statement. It must answer from memory, and true when unsure.
     */
    wanted?: () => boolean;
  },
) => void;

type AnyHandler = (em: EntityManager, payload: unknown, event?: DeliveredEvent) => Promise<unknown>;

/** How often every process looks for after-commit deliveries still pending (crashed or failed ones). */
const POLL_MS = 2000;
/** Events whose deliveries are all done are kept this long (for reading back), then deleted by the poller. */
const KEEP_DAYS = 30;
const PRUNE_EVERY_MS = 3600_000;
const BATCH = 100;
/** A failed delivery is tried again after 2, 4, 8, … seconds, at most this long later. */
const MAX_RETRY_SECONDS = 600;

/**
 * The domain event bus of one API process: modules emit events of the catalogue (catalogue.ts) in their
 * transactions; handlers registered from the module descriptors receive them (see Delivery).
 */
export class DomainEvents {
  private readonly inTransaction = new Map<string, AnyHandler[]>();
  private readonly afterCommit = new Map<string, string[]>();
  private readonly wanted = new Map<string, () => boolean>();
  private readonly handlers = new Map<string, AnyHandler>();
  /** The outbox event ids written in each open transaction, delivered when it commits. */
  private readonly written = new WeakMap<object, string[]>();
  private timer: NodeJS.Timeout | null = null;
  private prunedAt = 0;
  private polling: Promise<unknown> = Promise.resolve();
  private closed = false;

  constructor(
    private readonly orm: MikroORM,
    private readonly opts: { pollMs?: number } = {},
  ) {
    const hook: EventSubscriber = { afterTransactionCommit: (args) => this.committed(args) };
    orm.em.getEventManager().registerSubscriber(hook);
  }

  /** The `on` of one module: its after-commit handlers are keyed `<module>:<event>[:<key>]`. */
  onFor(module: string): On {
    return (name, delivery, handler, opts) => {
      const run = handler as AnyHandler;
      if (delivery === 'inTransaction') {
        this.inTransaction.set(name, [...(this.inTransaction.get(name) ?? []), run]);
        return;
      }
      const key = [module, name, opts?.key].filter(Boolean).join(':');
      if (this.handlers.has(key)) throw new Error(`Two after-commit handlers of ${name} in ${module}: give them keys.`);
      this.handlers.set(key, run);
      if (opts?.wanted) this.wanted.set(key, opts.wanted);
      this.afterCommit.set(name, [...(this.afterCommit.get(name) ?? []), key]);
    };
  }

  /**
   * Announces an event in the caller's transaction: runs its in-transaction handlers (in registration order, i.e.
   * module order) and writes it to the outbox for its after-commit handlers, if it has any.
   */
  async emit<Name extends DomainEventName>(tx: EntityManager, name: Name, payload: DomainEventPayload<Name>): Promise<void> {
    if (!tx.isInTransaction()) throw new Error(`The event ${name} must be emitted inside the transaction that made the change.`);
    for (const handler of this.inTransaction.get(name) ?? []) await handler(tx, payload);
    const keys = this.afterCommit.get(name)?.filter((key) => this.wanted.get(key)?.() ?? true);
    if (!keys?.length) return;
    const id = randomUUID();
    await tx.getConnection().execute(
      `with event as (insert into domain_event (id, name, payload) values (?, ?, ?) returning id)
       insert into domain_event_delivery (event_id, handler) select event.id, handler from event, unnest(array[${list(keys)}]) handler`,
      [id, name, JSON.stringify(payload), ...keys],
      'run',
      tx.getTransactionContext(),
    );
    const root = rootTransaction(tx.getTransactionContext() as object);
    this.written.set(root, [...(this.written.get(root) ?? []), id]);
  }

  /** Whether any handler (of either kind) handles this event in this process. */
  handles(name: DomainEventName): boolean {
    return Boolean(this.inTransaction.get(name)?.length || this.afterCommit.get(name)?.length);
  }

  /** Polls for pending deliveries from now on (every process does; SKIP LOCKED keeps them apart). */
  start(): void {
    if (this.timer || this.closed) return;
    this.timer = setInterval(() => {
      this.polling = this.polling
        .then(() => this.deliverPending())
        .then(() => this.prune())
        .catch(() => undefined);
    }, this.opts.pollMs ?? POLL_MS);
    this.timer.unref();
  }

  /** Stops polling and waits for the deliveries under way. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.polling;
  }

  /**
   * Delivers pending after-commit deliveries whose time has come (of these events only, when given); answers how many
   * were delivered. Deliveries another process is running are skipped, as are handlers this process does not have.
   */
  async deliverPending(eventIds?: string[]): Promise<number> {
    const keys = [...this.handlers.keys()];
    if (!keys.length || this.closed) return 0;
    const due = await this.orm.em.getConnection().execute<{ event_id: string; handler: string }[]>(
      `select d.event_id, d.handler from domain_event_delivery d join domain_event e on e.id = d.event_id
        where d.delivered_at is null and d.next_attempt_at <= now() and d.handler in (${list(keys)})
          ${eventIds ? `and d.event_id in (${list(eventIds)})` : ''}
        order by e.occurred_at, e.id limit ${BATCH}`,
      [...keys, ...(eventIds ?? [])],
    );
    let delivered = 0;
    for (const row of due) if (await this.deliver(row.event_id, row.handler)) delivered += 1;
    return delivered;
  }

  /** Deletes old events with no delivery pending (at most once an hour per process). */
  private async prune(): Promise<void> {
    if (Date.now() - this.prunedAt < PRUNE_EVERY_MS) return;
    this.prunedAt = Date.now();
    await this.orm.em.getConnection().execute(
      `delete from domain_event e where e.occurred_at < now() - make_interval(days => ?)
          and not exists (select 1 from domain_event_delivery d where d.event_id = e.id and d.delivered_at is null)`,
      [KEEP_DAYS],
    );
  }

  /** Runs one handler for one event in a transaction that also marks the delivery done; false when it was not due. */
  private async deliver(eventId: string, key: string): Promise<boolean> {
    const handler = this.handlers.get(key)!;
    try {
      return await this.orm.em.fork().transactional(async (tx) => {
        const ctx = tx.getTransactionContext();
        const [claimed] = await tx.getConnection().execute<{ name: string; payload: unknown; occurred_at: Date }[]>(
          `select e.name, e.payload, e.occurred_at from domain_event_delivery d join domain_event e on e.id = d.event_id
            where d.event_id = ? and d.handler = ? and d.delivered_at is null
            for update of d skip locked`,
          [eventId, key],
          'all',
          ctx,
        );
        if (!claimed) return false;
        await handler(tx, claimed.payload, { id: eventId, occurredAt: new Date(claimed.occurred_at) });
        await tx
          .getConnection()
          .execute(
            `update domain_event_delivery set delivered_at = now(), attempts = attempts + 1, last_error = null where event_id = ? and handler = ?`,
            [eventId, key],
            'run',
            ctx,
          );
        return true;
      });
    } catch (err) {
      const message = (err as Error).message;
      if (!lifecycle.stopping) log.error('an event handler failed; it is retried', { eventId, handler: key, message });
      await this.orm.em
        .getConnection()
        .execute(
          `update domain_event_delivery
              set attempts = attempts + 1, last_error = ?,
                  next_attempt_at = now() + make_interval(secs => least(?, power(2, attempts + 1)))
            where event_id = ? and handler = ? and delivered_at is null`,
          [message.slice(0, 1000), MAX_RETRY_SECONDS, eventId, key],
        )
        .catch(() => undefined);
      return false;
    }
  }

  /** A transaction committed: the events it wrote are delivered now, by this process. */
  private async committed({ transaction }: TransactionEventArgs): Promise<void> {
    const ids = transaction ? this.written.get(transaction as object) : undefined;
    if (!ids) return;
    this.written.delete(transaction as object);
    await this.deliverPending(ids).catch((err: Error) => log.warn('after-commit delivery postponed', { message: err.message }));
  }
}

/** One placeholder per value. */
const list = (values: readonly unknown[]) => values.map(() => '?').join(', ');

/**
 * The outermost transaction of a (possibly nested) one: a savepoint's events are delivered when the transaction
 * around it commits. MikroORM links a savepoint to its parent under a symbol it does not export.
 */
function rootTransaction(trx: object): object {
  for (;;) {
    const parent = Object.getOwnPropertySymbols(trx).find((s) => s.description === 'parentTransaction');
    if (!parent) return trx;
    trx = (trx as Record<symbol, object>)[parent];
  }
}
