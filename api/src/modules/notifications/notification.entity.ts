import { Entity, Enum, Index, ManyToOne, OptionalProps, PrimaryKey, Property, types } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { Field, ID, ObjectType, registerEnumType } from 'type-graphql';
import { User } from '../users/user.entity.js';

/** Notification types: payment_success, checkout, class_reminder, check_in_available, other. */
export enum NotificationType {
  payment_success = 'payment_success',
  checkout = 'checkout',
  class_reminder = 'class_reminder',
  check_in_available = 'check_in_available',
  other = 'other',
}
registerEnumType(NotificationType, { name: 'NotificationType' });

/**
 * Who a notification was written for: the recipient as a member (their bookings, payments, reminders), or as one of
 * the studio's admins (the studio-wide feed: checkouts, feedback, low stock, failed webhooks, new sign-ups). Every
 * admin gets their own copy of a studio notification, so each reads and clears their feed on their own.
 */
export enum NotificationAudience {
  personal = 'personal',
  studio = 'studio',
}
registerEnumType(NotificationAudience, {
  name: 'NotificationAudience',
  description: 'personal: about your own bookings and payments; studio: the admins’ studio-wide feed',
});

@ObjectType()
@Entity()
@Index({ properties: ['user', 'createdAt'] })
export class Notification {
  [OptionalProps]?: 'isRead' | 'createdAt' | 'link' | 'audience';

  @Field(() => ID) @PrimaryKey({ type: 'uuid' }) id: string = randomUUID();
  @ManyToOne(() => User, { deleteRule: 'cascade' }) user: User;
  @Field(() => NotificationType) @Enum({ items: () => NotificationType }) type: NotificationType;
  @Field(() => NotificationAudience)
  @Enum({ items: () => NotificationAudience, default: NotificationAudience.personal })
  audience: NotificationAudience = NotificationAudience.personal;
  @Field() @Property({ length: 200 }) title: string;
  @Field() @Property({ type: types.text }) message: string;
  @Field(() => String, { nullable: true, description: 'The app path of what it is about, e.g. /classes?class=… or /profile' })
  @Property({ length: 300, nullable: true })
  link: string | null = null;
  @Field() @Property({ default: false }) isRead: boolean = false;
  /** Stops the same reminder from being sent twice (e.g. class_reminder:<bookingId>). */
  @Property({ length: 200, nullable: true, unique: true }) dedupeKey: string | null = null;
  @Field() @Property({ type: types.datetime, defaultRaw: 'now()' }) createdAt: Date = new Date();
}
