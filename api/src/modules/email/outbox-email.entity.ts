import { Entity, Enum, Index, OptionalProps, PrimaryKey, Property, types } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';

export enum OutboxStatus {
  pending = 'pending',
  sent = 'sent',
  failed = 'failed',
  /** No SMTP server configured: the message stays in the admin-visible outbox. */
  held = 'held',
  /** Withdrawn before it was sent (its recipient unsubscribed, or its mailing was cancelled); `lastError` says why. */
  cancelled = 'cancelled',
}
registerEnumType(OutboxStatus, { name: 'OutboxStatus' });

export interface OutboxAttachment {
  filename: string;
  contentType: string;
  /** Its key in the file storage. */
  key: string;
}

/** Every email the studio sends, written in the same transaction as the change that caused it. */
@ObjectType({ description: 'An email in the outbox' })
@Entity()
@Index({ properties: ['status', 'createdAt'] })
@Index({
  name: 'outbox_email_bounced_to',
  expression: 'create index "outbox_email_bounced_to" on "outbox_email" (lower("to")) where "bounced"',
})
export class OutboxEmail {
  [OptionalProps]?: 'status' | 'attempts' | 'createdAt' | 'html' | 'headers' | 'bounced' | 'attachments';

  @Field(() => ID) @PrimaryKey({ type: 'uuid' }) id: string = randomUUID();
  @Field() @Property({ length: 254 }) to: string;
  @Field() @Property({ length: 300 }) subject: string;
  @Field({ description: 'The plain-text part' }) @Property({ type: types.text }) text: string;
  @Field(() => String, { nullable: true, description: 'The HTML part, when the email has one (already made safe)' })
  @Property({ type: types.text, nullable: true })
  html: string | null = null;
  /** Extra headers (a mailing's List-Unsubscribe pair). */
  @Property({ type: types.json, nullable: true }) headers: Record<string, string> | null = null;
  /** Files sent with it, read from the file storage when it is sent (a mailing's many messages share them). */
  @Property({ type: types.json, nullable: true }) attachments: OutboxAttachment[] | null = null;
  @Field({ description: 'What caused the email, e.g. password_reset' }) @Property({ length: 64 }) kind: string;
  @Field(() => OutboxStatus) @Enum({ items: () => OutboxStatus, default: OutboxStatus.pending }) status: OutboxStatus =
    OutboxStatus.pending;
  @Field(() => Int) @Property({ default: 0 }) attempts: number = 0;
  @Field(() => String, { nullable: true }) @Property({ type: types.text, nullable: true }) lastError: string | null = null;
  @Field({ description: 'The mail server refused the address for good (a 5xx answer): mailings leave it out' })
  @Property({ default: false })
  bounced: boolean = false;
  @Field() @Property({ type: types.datetime, defaultRaw: 'now()' }) createdAt: Date = new Date();
  @Field(() => Date, { nullable: true }) @Property({ type: types.datetime, nullable: true }) sentAt: Date | null = null;

  constructor(init: {
    to: string;
    subject: string;
    text: string;
    kind: string;
    html?: string | null;
    headers?: Record<string, string> | null;
  }) {
    Object.assign(this, init);
  }
}
