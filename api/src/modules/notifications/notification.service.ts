import type { EntityManager } from '@mikro-orm/postgresql';
import { publishOnCommit } from '../../graphql/pubsub.js';
import { User } from '../users/user.entity.js';
import { Notification, NotificationType } from './notification.entity.js';

export interface NotificationData {
  type: NotificationType;
  title: string;
  message: string;
  link?: string;
  /** When set, a second notification with the same key is silently skipped. */
  dedupeKey?: string;
}

/**
 * Creates in-app notifications. Family members without a login are represented by their guardian, who gets
 * the notification. Delivery to open browsers happens through the NOTIFICATION_ADDED event after commit.
 */
export class NotificationService {
  /** The account that reads notifications for `person`. */
  recipientOf(person: User): User {
    return person.username === null && person.guardian ? person.guardian : person;
  }

  /** Queues a notification in the unit of work; returns null when its dedupe key was already used. */
  async add(em: EntityManager, recipient: User, data: NotificationData): Promise<Notification | null> {
    if (data.dedupeKey && (await em.count(Notification, { dedupeKey: data.dedupeKey })) > 0) return null;
    const notification = em.create(Notification, {
      user: recipient,
      type: data.type,
      title: data.title,
      message: data.message,
      link: data.link ?? null,
      dedupeKey: data.dedupeKey ?? null,
    });
    // Sent through the caller's transaction: subscribers hear of it only if, and once, it is committed.
    await publishOnCommit(em, 'NOTIFICATION_ADDED', { userId: recipient.id, notificationId: notification.id });
    return notification;
  }
}
