import { Entity, Enum, Index, OptionalProps, PrimaryKey, Property, types } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';

export enum OutboxStatus {
  pending = 'pending',
  sent = 'sent',
  failed = 'failed',
  /** No SMTP server configured: the message stays in the admin-visible outbox. */
  held = 'held',
}
registerEnumType(OutboxStatus, { name: 'OutboxStatus' });

/** Every email the studio sends, written in the same transaction as the change that caused it. */
@ObjectType({ description: 'An email in the outbox' })
@Entity()
@Index({ properties: ['status', 'createdAt'] })
export class OutboxEmail {
  [OptionalProps]?: 'status' | 'attempts' | 'createdAt';

  @Field(() => ID) @PrimaryKey({ type: 'uuid' }) id: string = randomUUID();
  @Field() @Property({ length: 254 }) to: string;
  @Field() @Property({ length: 300 }) subject: string;
  @Field() @Property({ type: types.text }) text: string;
  @Field({ description: 'What caused the email, e.g. password_reset' }) @Property({ length: 64 }) kind: string;
  @Field(() => OutboxStatus) @Enum({ items: () => OutboxStatus, default: OutboxStatus.pending }) status: OutboxStatus =
    OutboxStatus.pending;
  @Field(() => Int) @Property({ default: 0 }) attempts: number = 0;
  @Field(() => String, { nullable: true }) @Property({ type: types.text, nullable: true }) lastError: string | null = null;
  @Field() @Property({ type: types.datetime, defaultRaw: 'now()' }) createdAt: Date = new Date();
  @Field(() => Date, { nullable: true }) @Property({ type: types.datetime, nullable: true }) sentAt: Date | null = null;

  constructor(init: { to: string; subject: string; text: string; kind: string }) {
    Object.assign(this, init);
  }
}
