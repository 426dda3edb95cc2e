import { Entity, Enum, Index, ManyToOne, OptionalProps, PrimaryKey, Property, Unique, types } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import type { OutboxAttachment } from '../email/outbox-email.entity.js';
import { User } from '../users/user.entity.js';
import { Role } from '../users/role.js';

export enum MailingStatus {
  /** Waiting for its time (or for the first run of the sending job). */
  scheduled = 'scheduled',
  sending = 'sending',
  sent = 'sent',
  cancelled = 'cancelled',
}
registerEnumType(MailingStatus, { name: 'MailingStatus' });

/** Who a mailing goes to: everyone any source names (a person named twice gets one email). */
@ObjectType('MailingAudience')
export class MailingAudience {
  @Field(() => [ID]) groupIds: string[] = [];
  @Field(() => [Role]) roles: Role[] = [];
  @Field(() => [ID], { description: 'Classes whose roster (confirmed and held spots) receives it' }) classInstanceIds: string[] = [];
  @Field(() => [ID], { description: 'People chosen one by one' }) userIds: string[] = [];
}

/** An email an admin sent to many members (/admin/email): its content, audience and progress. */
@ObjectType({ description: 'An email to many members, sent through the outbox at the studio’s sending rate' })
@Entity()
@Index({ properties: ['status', 'nextRunAt'] })
export class Mailing {
  [OptionalProps]?: 'status' | 'createdAt' | 'startedAt' | 'finishedAt' | 'nextRunAt' | 'attachments';

  @Field(() => ID) @PrimaryKey({ type: 'uuid' }) id: string = randomUUID();
  @Field() @Property({ length: 300 }) subject: string;
  @Field({ description: 'Markdown, with {{merge fields}}' }) @Property({ type: types.text }) body: string;
  @Field(() => MailingAudience) @Property({ type: types.json }) audience: MailingAudience;
  /** The files every message carries, as the outbox keeps them. */
  @Property({ type: types.json, nullable: true }) attachments: OutboxAttachment[] | null = null;
  @Field(() => MailingStatus) @Enum({ items: () => MailingStatus, default: MailingStatus.scheduled }) status: MailingStatus =
    MailingStatus.scheduled;
  @Field({ description: 'When it starts going out' }) @Property({ type: types.datetime }) scheduledAt: Date;
  /** When the sending job is next due (a sweep restarts a mailing whose job was lost). */
  @Property({ type: types.datetime }) nextRunAt: Date;
  @Field(() => Date, { nullable: true }) @Property({ type: types.datetime, nullable: true }) startedAt: Date | null = null;
  @Field(() => Date, { nullable: true }) @Property({ type: types.datetime, nullable: true }) finishedAt: Date | null = null;
  @ManyToOne(() => User, { deleteRule: 'restrict' }) createdBy: User;
  @Field() @Property({ type: types.datetime, defaultRaw: 'now()' }) createdAt: Date = new Date();

  constructor(init: { subject: string; body: string; audience: MailingAudience; scheduledAt: Date; createdBy: User }) {
    Object.assign(this, init);
    this.nextRunAt = init.scheduledAt;
  }
}

/**
 * One person a mailing reached or left out, resolved when it started sending: whom it addresses (a family member
 * without an email is reached through their parent), the outbox message once written, or why they were left out.
 */
@Entity()
@Unique({ properties: ['mailing', 'user'] })
@Index({ properties: ['addressee'] })
export class MailingRecipient {
  [OptionalProps]?: 'viaParent' | 'outboxEmailId' | 'excludedReason';

  @PrimaryKey({ type: 'uuid' }) id: string = randomUUID();
  @ManyToOne(() => Mailing, { deleteRule: 'cascade' }) mailing: Mailing;
  @ManyToOne(() => User, { deleteRule: 'cascade' }) user: User;
  @ManyToOne(() => User, { nullable: true, deleteRule: 'set null' }) addressee: User | null = null;
  @Property({ length: 254, nullable: true }) address: string | null = null;
  @Property({ default: false }) viaParent: boolean = false;
  @Property({ type: 'uuid', nullable: true }) outboxEmailId: string | null = null;
  @Property({ length: 20, nullable: true }) excludedReason: string | null = null;

  constructor(init: { mailing: Mailing; user: User }) {
    Object.assign(this, init);
  }
}

/** A file uploaded for mailings (see mailing-attachment.ts); its bytes are in the file storage. */
@ObjectType({ description: 'A file attached to mailings: a PDF or an image of at most 5 MB' })
@Entity()
export class MailingAttachment {
  @Field(() => ID) @PrimaryKey({ type: 'uuid' }) id: string;
  @Property({ length: 200 }) storageKey: string;
  @Field() @Property({ length: 200 }) filename: string;
  @Field() @Property({ length: 100 }) contentType: string;
  @Field(() => Int, { description: 'Bytes' }) @Property() size: number;
  @ManyToOne(() => User, { deleteRule: 'restrict' }) createdBy: User;
  @Property({ type: types.datetime, defaultRaw: 'now()' }) createdAt: Date = new Date();

  constructor(init: { id: string; storageKey: string; filename: string; contentType: string; size: number; createdBy: User }) {
    Object.assign(this, init);
  }
}

/** A person who asked not to receive mailings (transactional email — receipts, resets, reminders — still goes). */
@Entity()
export class EmailOptOut {
  @ManyToOne(() => User, { primary: true, deleteRule: 'cascade' }) user: User;
  @Property({ type: types.datetime, defaultRaw: 'now()' }) at: Date = new Date();
  @Property({ length: 20 }) via: 'link' | 'one_click' | 'profile' | 'admin';

  constructor(user: User, via: EmailOptOut['via']) {
    this.user = user;
    this.via = via;
  }
}

export const EXCLUSION_REASONS = ['inactive', 'no_email', 'unsubscribed', 'bounced'] as const;
export type ExclusionReason = (typeof EXCLUSION_REASONS)[number];
