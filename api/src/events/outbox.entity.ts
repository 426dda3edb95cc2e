import { Entity, Index, ManyToOne, OptionalProps, PrimaryKey, PrimaryKeyProp, Property, types } from '@mikro-orm/core';

/**
 * A domain event that has after-commit handlers, written in the transaction that emitted it (the transactional
 * outbox): it exists only if that change committed.
 */
@Entity({ tableName: 'domain_event' })
@Index({ properties: ['occurredAt'] })
export class OutboxEvent {
  [OptionalProps]?: 'occurredAt';

  @PrimaryKey({ type: 'uuid' }) id: string;
  @Property({ length: 100 }) name: string;
  @Property({ type: types.json }) payload: unknown;
  @Property({ type: types.datetime, defaultRaw: 'now()' }) occurredAt: Date = new Date();
}

/**
 * One after-commit handler's delivery of one event: written pending with the event, marked delivered in the
 * transaction the handler runs in (so a handler's own writes and its delivery commit together, exactly once).
 */
@Entity({ tableName: 'domain_event_delivery' })
@Index({
  name: 'domain_event_delivery_pending',
  expression: 'create index "domain_event_delivery_pending" on "domain_event_delivery" ("next_attempt_at") where "delivered_at" is null',
})
export class OutboxDelivery {
  [PrimaryKeyProp]?: ['event', 'handler'];
  [OptionalProps]?: 'attempts' | 'nextAttemptAt' | 'deliveredAt' | 'lastError';

  @ManyToOne(() => OutboxEvent, { primary: true, deleteRule: 'cascade' }) event: OutboxEvent;
  /** The handler's key: `<module>:<event>` (and `:<name>` when a module has two for one event). */
  @PrimaryKey({ length: 200 }) handler: string;
  @Property({ default: 0 }) attempts: number = 0;
  @Property({ type: types.datetime, defaultRaw: 'now()' }) nextAttemptAt: Date = new Date();
  @Property({ type: types.datetime, nullable: true }) deliveredAt: Date | null = null;
  @Property({ type: types.text, nullable: true }) lastError: string | null = null;
}
