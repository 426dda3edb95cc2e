import { Entity, Enum, Index, OptionalProps, PrimaryKey, Property, types } from '@mikro-orm/core';
import { registerEnumType } from 'type-graphql';

export enum PaymentEventStatus {
  processed = 'processed',
  failed = 'failed',
}
registerEnumType(PaymentEventStatus, { name: 'PaymentEventStatus' });

/** Every webhook event received, by the provider's event id: an id is processed once, however often it arrives. */
@Entity()
@Index({ properties: ['receivedAt'] })
export class PaymentEvent {
  [OptionalProps]?: 'attempts' | 'duplicates' | 'receivedAt';

  @PrimaryKey({ length: 255 }) id: string;
  @Property({ length: 100 }) type: string;
  @Enum({ items: () => PaymentEventStatus }) status: PaymentEventStatus;
  @Property({ default: 1 }) attempts: number = 1;
  @Property({ default: 0 }) duplicates: number = 0;
  @Property({ type: types.text, nullable: true }) lastError: string | null = null;
  @Property({ type: types.json }) payload: unknown;
  @Property({ type: types.datetime, defaultRaw: 'now()' }) receivedAt: Date = new Date();
  @Property({ type: types.datetime, nullable: true }) processedAt: Date | null = null;
}
