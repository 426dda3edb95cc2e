import { wrap, type EntityManager } from '@mikro-orm/postgresql';
import { offsetOf } from '../../common/paging.js';
import type { RESYNC } from '../../graphql/live.js';
import { publishOnCommit, type NotificationsChangedEvent } from '../../graphql/pubsub.js';
import type { EmailService } from '../email/email.service.js';
import { Role, type Actor } from '../users/role.js';
import { User } from '../users/user.entity.js';
import { NotificationPreferences } from './notification-preferences.entity.js';
import { Notification, NotificationAudience, NotificationType } from './notification.entity.js';
import { assertMayReadNotification, assertMayUseFeed, audiencesOf, mayReadNotification } from './notification.policy.js';
import {
  NotificationChangeKind,
  type NotificationChange,
  type NotificationCounts,
  type NotificationFeed,
  type NotificationListArgs,
} from './notification.types.js';

export interface NotificationData {
  type: NotificationType;
  title: string;
  message: string;
  /** The app path of what it is about (the class, the order). */
  link?: string;
  /** When set, a second notification with the same key is silently skipped. */
  dedupeKey?: string;
}

/** The outbox's `kind` of a notification's email (followed by its type). */
const EMAIL_KIND = 'notification';

/**
 * Notifications: created by other modules inside their transactions, read and cleared by their recipient through one
 * of two feeds (notification.policy), and delivered live: every change is published on the recipient's key after
 * commit (NOTIFICATIONS_CHANGED), and each of their open subscriptions re-reads it (notification.resolver).
 */
export class NotificationService {
  constructor(
    private readonly email: EmailService,
    private readonly publicUrl: string,
  ) {}

  /** The account that reads notifications for `person`: family members without a login are represented by their guardian. */
  recipientOf(person: User): User {
    return person.username === null && person.guardian ? person.guardian : person;
  }

  /**
   * Queues a notification in the unit of work (and its email, when the recipient chose that type); returns null when
   * its dedupe key was already used. Subscribers hear of it once the caller's transaction commits; outside a
   * transaction it is flushed at once.
   */
  async add(
    em: EntityManager,
    recipient: User,
    data: NotificationData,
    audience: NotificationAudience = NotificationAudience.personal,
  ): Promise<Notification | null> {
    if (data.dedupeKey && (await em.count(Notification, { dedupeKey: data.dedupeKey })) > 0) return null;
    const notification = em.create(Notification, {
      user: recipient,
      type: data.type,
      audience,
      title: data.title,
      message: data.message,
      link: data.link ?? null,
      dedupeKey: data.dedupeKey ?? null,
    });
    await this.queueEmail(em, recipient, notification);
    // Outside a transaction NOTIFY goes out at once: the row must be there before anyone reads it.
    if (!em.isInTransaction()) await em.flush();
    await publishOnCommit(em, 'NOTIFICATIONS_CHANGED', recipient.id, { kind: 'added', notificationId: notification.id });
    return notification;
  }

  /**
   * The admins' studio-wide feed (checkouts, feedback, low stock, failed webhooks, new sign-ups): every active admin
   * gets a copy, in the caller's transaction. A dedupe key is kept per admin.
   */
  async notifyAdmins(em: EntityManager, data: NotificationData): Promise<Notification[]> {
    const admins = await em.find(User, { role: Role.admin, isActive: true, username: { $ne: null }, removedAt: null });
    const added: Notification[] = [];
    for (const admin of admins) {
      const copy = await this.add(
        em,
        admin,
        { ...data, dedupeKey: data.dedupeKey ? `${data.dedupeKey}:${admin.id}` : undefined },
        NotificationAudience.studio,
      );
      if (copy) added.push(copy);
    }
    return added;
  }

  private async queueEmail(em: EntityManager, recipient: User, notification: Notification): Promise<void> {
    const preferences = await em.findOne(NotificationPreferences, { user: recipient.id });
    if (!preferences?.emailTypes.includes(notification.type)) return;
    // A guardian may come as a bare reference (recipientOf): the address needs the row.
    const person = wrap(recipient).isInitialized() ? recipient : await em.findOneOrFail(User, { id: recipient.id });
    if (!person.email || !person.isActive) return;
    const link = notification.link ? `\n\nOpen it in the app: ${this.publicUrl}${notification.link}` : '';
    const email = this.email.queue(em, {
      to: person.email,
      subject: notification.title,
      text: `Hi ${person.firstName},\n\n${notification.message}${link}\n\nYou get this email because you chose email for these notifications on your profile.`,
      kind: `${EMAIL_KIND}:${notification.type}`,
    });
    await this.email.dispatchAfterCommit(email);
  }

  // ── the feeds ────────────────────────────────────────────────────────────────────────────────────────────

  /** A feed's notifications, newest first; optionally one type, or unread ones only. */
  async list(em: EntityManager, viewer: Actor, args: NotificationListArgs): Promise<{ items: Notification[]; total: number }> {
    assertMayUseFeed(viewer, args.feed);
    const [items, total] = await em.findAndCount(
      Notification,
      {
        user: viewer.id,
        audience: { $in: audiencesOf(args.feed) },
        ...(args.type ? { type: args.type } : {}),
        ...(args.unreadOnly ? { isRead: false } : {}),
      },
      { orderBy: { createdAt: 'desc', id: 'desc' }, limit: args.pageSize, offset: offsetOf(args) },
    );
    return { items, total };
  }

  /** The badge: unread and total, in one statement. */
  async counts(em: EntityManager, viewer: Actor, feed: NotificationFeed): Promise<NotificationCounts> {
    assertMayUseFeed(viewer, feed);
    const [row] = await em.getConnection().execute<{ total: number; unread: number }[]>(
      `select count(*)::int as total, (count(*) filter (where not is_read))::int as unread
           from notification where user_id = ? and audience in (?)`,
      [viewer.id, audiencesOf(feed)],
    );
    return { feed, total: row.total, unreadCount: row.unread };
  }

  async markRead(em: EntityManager, viewer: Actor, feed: NotificationFeed, id: string): Promise<NotificationChange> {
    const notification = await em.findOne(Notification, { id });
    assertMayReadNotification(viewer, feed, notification);
    if (!notification.isRead) {
      notification.isRead = true;
      await em.flush();
      await publishOnCommit(em, 'NOTIFICATIONS_CHANGED', viewer.id, { kind: 'read', notificationId: notification.id });
    }
    return { kind: NotificationChangeKind.read, notification, counts: await this.counts(em, viewer, feed) };
  }

  async markAllRead(em: EntityManager, viewer: Actor, feed: NotificationFeed): Promise<NotificationChange> {
    assertMayUseFeed(viewer, feed);
    const changed = await em.nativeUpdate(
      Notification,
      { user: viewer.id, audience: { $in: audiencesOf(feed) }, isRead: false },
      { isRead: true },
    );
    if (changed > 0) await publishOnCommit(em, 'NOTIFICATIONS_CHANGED', viewer.id, { kind: 'all_read' });
    return { kind: NotificationChangeKind.all_read, notification: null, counts: await this.counts(em, viewer, feed) };
  }

  /** Clear all: the feed's notifications are deleted. */
  async clear(em: EntityManager, viewer: Actor, feed: NotificationFeed): Promise<NotificationChange> {
    assertMayUseFeed(viewer, feed);
    const removed = await em.nativeDelete(Notification, { user: viewer.id, audience: { $in: audiencesOf(feed) } });
    if (removed > 0) await publishOnCommit(em, 'NOTIFICATIONS_CHANGED', viewer.id, { kind: 'cleared' });
    return { kind: NotificationChangeKind.cleared, notification: null, counts: await this.counts(em, viewer, feed) };
  }

  /**
   * What a live event means for one subscriber, read again with their own rules: null when the notification it
   * names is not theirs to see in this feed (or gone), so nothing is sent.
   */
  async changeFor(
    em: EntityManager,
    viewer: Actor,
    feed: NotificationFeed,
    event: NotificationsChangedEvent | typeof RESYNC,
  ): Promise<NotificationChange | null> {
    assertMayUseFeed(viewer, feed);
    let notification: Notification | null = null;
    if (event.kind === 'added' || event.kind === 'read') {
      notification = event.notificationId ? await em.findOne(Notification, { id: event.notificationId }) : null;
      if (!notification || !mayReadNotification(viewer, feed, notification)) return null;
    }
    return { kind: NotificationChangeKind[event.kind], notification, counts: await this.counts(em, viewer, feed) };
  }

  // ── email preferences ────────────────────────────────────────────────────────────────────────────────────

  async preferences(em: EntityManager, viewer: Actor): Promise<NotificationPreferences> {
    return (
      (await em.findOne(NotificationPreferences, { user: viewer.id })) ?? new NotificationPreferences(em.getReference(User, viewer.id))
    );
  }

  async setEmailTypes(em: EntityManager, viewer: Actor, emailTypes: NotificationType[]): Promise<NotificationPreferences> {
    const preferences = await this.preferences(em, viewer);
    // In the order of the enum, once each.
    preferences.emailTypes = Object.values(NotificationType).filter((type) => emailTypes.includes(type));
    await em.persistAndFlush(preferences);
    return preferences;
  }
}
