import { Entity, Enum, Index, ManyToOne, OptionalProps, PrimaryKey, Property, Unique, types } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { User } from '../users/user.entity.js';

/**
 * A receiver a third party registered: the studio POSTs the events it subscribed to, signed with its secret (the
 * Standard Webhooks scheme). The secrets never leave the API except once, when made or rotated.
 */
@ObjectType({ description: 'An address the studio sends the chosen events to, signed (Standard Webhooks)' })
@Entity()
export class WebhookEndpoint {
  [OptionalProps]?:
    | 'description'
    | 'enabled'
    | 'disabledAt'
    | 'disabledReason'
    | 'failingSince'
    | 'previousSecret'
    | 'previousSecretUntil'
    | 'createdBy'
    | 'createdAt';

  @Field(() => ID) @PrimaryKey({ type: 'uuid' }) id: string = randomUUID();
  @Field() @Property({ type: types.text }) url: string;
  @Field() @Property({ type: types.text, default: '' }) description: string = '';
  @Field(() => [String], { description: 'The event types delivered to it (see the README for each one’s data)' })
  @Property({ type: types.array, default: '{}' })
  eventTypes: string[] = [];
  /** The signing secret, `whsec_<base64>`: shown once when made or rotated. */
  @Property({ type: types.text }) secret: string;
  /** The secret before the last rotation: deliveries carry its signature too until `previousSecretUntil`. */
  @Property({ type: types.text, nullable: true }) previousSecret: string | null = null;
  @Field(() => Date, { nullable: true, description: 'Until then deliveries are signed with the old secret too' })
  @Property({ type: types.datetime, nullable: true })
  previousSecretUntil: Date | null = null;
  @Field() @Property({ default: true }) enabled: boolean = true;
  @Field(() => Date, { nullable: true }) @Property({ type: types.datetime, nullable: true }) disabledAt: Date | null = null;
  @Field(() => String, { nullable: true, description: 'Why it was disabled (by an admin, a 410 answer, failing for days)' })
  @Property({ type: types.text, nullable: true })
  disabledReason: string | null = null;
  @Field(() => Date, { nullable: true, description: 'Since when every attempt has failed (null: the last one succeeded)' })
  @Property({ type: types.datetime, nullable: true })
  failingSince: Date | null = null;
  @ManyToOne(() => User, { deleteRule: 'set null', nullable: true, index: true }) createdBy: User | null = null;
  @Field() @Property({ type: types.datetime, defaultRaw: 'now()' }) createdAt: Date = new Date();
}

export enum WebhookDeliveryState {
  /** Waiting for its next attempt (`nextAt`). */
  pending = 'pending',
  /** An attempt is under way (claimed until `leaseUntil`; past it, a crashed sender's delivery is tried again). */
  sending = 'sending',
  /** The receiver answered 2xx: never sent again unless an admin replays it. */
  succeeded = 'succeeded',
  /** Every attempt failed, the receiver answered 410, or the body was too large. */
  failed = 'failed',
}
registerEnumType(WebhookDeliveryState, { name: 'WebhookDeliveryState' });

/** One message to one endpoint: its id (`webhook-id`) and body stay the same across retries. */
@ObjectType({ description: 'One event sent to one endpoint, with its attempts' })
@Entity()
@Unique({ properties: ['endpoint', 'messageId'] })
@Index({ properties: ['endpoint', 'createdAt'] })
@Index({
  name: 'webhook_delivery_due',
  expression: `create index "webhook_delivery_due" on "webhook_delivery" ("next_at") where "state" in ('pending', 'sending')`,
})
export class WebhookDelivery {
  [OptionalProps]?: 'state' | 'attempts' | 'nextAt' | 'leaseUntil' | 'createdAt' | 'succeededAt';

  @Field(() => ID) @PrimaryKey({ type: 'uuid' }) id: string = randomUUID();
  @ManyToOne(() => WebhookEndpoint, { deleteRule: 'cascade' }) endpoint: WebhookEndpoint;
  @Field({ description: 'The webhook-id header: the same on every attempt (receivers deduplicate by it)' })
  @Property({ length: 100 })
  messageId: string;
  @Field() @Property({ length: 100 }) type: string;
  /** The body's `data`. */
  @Property({ type: types.json }) data: unknown;
  /** The body's `timestamp`: when the event happened. */
  @Field() @Property({ type: types.datetime }) occurredAt: Date;
  @Field(() => WebhookDeliveryState)
  @Enum({ items: () => WebhookDeliveryState, default: WebhookDeliveryState.pending })
  state: WebhookDeliveryState = WebhookDeliveryState.pending;
  @Field(() => Int) @Property({ default: 0 }) attempts: number = 0;
  @Field(() => Date, { nullable: true, description: 'When it is tried next (pending only)' })
  @Property({ type: types.datetime, defaultRaw: 'now()' })
  nextAt: Date = new Date();
  @Property({ type: types.datetime, nullable: true }) leaseUntil: Date | null = null;
  @Field() @Property({ type: types.datetime, defaultRaw: 'now()' }) createdAt: Date = new Date();
  @Field(() => Date, { nullable: true }) @Property({ type: types.datetime, nullable: true }) succeededAt: Date | null = null;
}

/** One POST of a delivery and what came back. */
@ObjectType({ description: 'One attempt to deliver a webhook: the answer’s status, how long it took, its first KB' })
@Entity()
@Index({ properties: ['delivery', 'at'] })
export class WebhookAttempt {
  [OptionalProps]?: 'at';

  @Field(() => ID) @PrimaryKey({ type: 'uuid' }) id: string = randomUUID();
  @ManyToOne(() => WebhookDelivery, { deleteRule: 'cascade' }) delivery: WebhookDelivery;
  @Field(() => Int, { nullable: true, description: 'The HTTP status (null: no answer, see error)' })
  @Property({ type: types.smallint, nullable: true })
  status: number | null = null;
  @Field(() => Int) @Property() durationMs: number;
  @Field({ description: 'The first KB of the answer’s body' }) @Property({ type: types.text, default: '' }) response: string = '';
  @Field(() => String, { nullable: true }) @Property({ type: types.text, nullable: true }) error: string | null = null;
  @Field() @Property({ type: types.datetime, defaultRaw: 'now()' }) at: Date = new Date();
}
