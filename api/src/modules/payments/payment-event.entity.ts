import { Entity, Enum, Index, OptionalProps, PrimaryKey, Property, types } from '@mikro-orm/core';
import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';

export enum PaymentEventStatus {
  processed = 'processed',
  failed = 'failed',
}
registerEnumType(PaymentEventStatus, { name: 'PaymentEventStatus' });

/** Every webhook event received, by the provider's event id: an id is processed once, however often it arrives. */
@ObjectType({ description: 'A payment provider event received at the webhook, and what became of it' })
@Entity()
@Index({ properties: ['receivedAt'] })
export class PaymentEvent {
  [OptionalProps]?: 'attempts' | 'duplicates' | 'receivedAt';

  @Field(() => ID) @PrimaryKey({ length: 255 }) id: string;
  @Field() @Property({ length: 100 }) type: string;
  @Field(() => PaymentEventStatus) @Enum({ items: () => PaymentEventStatus }) status: PaymentEventStatus;
  @Field(() => Int, { description: 'Deliveries handled (a failed one and its retry: 2)' }) @Property({ default: 1 }) attempts: number = 1;
  @Field(() => Int, { description: 'Deliveries answered as already processed' }) @Property({ default: 0 }) duplicates: number = 0;
  @Field(() => String, { nullable: true, description: 'Why handling failed' })
  @Property({ type: types.text, nullable: true })
  lastError: string | null = null;
  /** As received (verified); a replay runs it again. */
  @Property({ type: types.json }) payload: unknown;
  @Field() @Property({ type: types.datetime, defaultRaw: 'now()' }) receivedAt: Date = new Date();
  @Field(() => Date, { nullable: true }) @Property({ type: types.datetime, nullable: true }) processedAt: Date | null = null;
}
