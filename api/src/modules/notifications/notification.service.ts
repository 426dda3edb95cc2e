import type { EntityManager } from '@mikro-orm/postgresql';
import { offsetOf } from '../../common/paging.js';
import type { RESYNC } from '../../graphql/live.js';
import { notifyArguments, publishOnCommit } from '../../graphql/pubsub.js';
import type { NotificationsChangedEvent } from './notification.topics.js';
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
   * Adds a notification in the caller's transaction (at once outside one) and announces it to the recipient's open
   * subscriptions, which hear of it only once it is committed; returns null when its dedupe key was already used.
   * Insert, NOTIFY and the recipient's email choice are one statement (a booking's request stays within its budget of
   * statements); the email, when chosen for its type, is queued in the caller's unit of work.
   */
  async add(
    em: EntityManager,
    recipient: User,
    data: NotificationData,
    audience: NotificationAudience = NotificationAudience.personal,
  ): Promise<Notification | null> {
    const notification = Object.assign(new Notification(), {
      user: em.getReference(User, recipient.id),
      type: data.type,
      audience,
      title: data.title,
      message: data.message,
      link: data.link ?? null,
      dedupeKey: data.dedupeKey ?? null,
    });
    const [added] = await em.getConnection().execute<{ email: string | null; first_name: string; wants_email: boolean }[]>(
      `with added as (
         insert into notification (id, user_id, type, audience, title, message, link, dedupe_key, created_at)
         values (?, ?, ?, ?, ?, ?, ?, ?, ?)
         on conflict (dedupe_key) do nothing
         returning user_id, type)
       select pg_notify(?, ?), u.email, u.first_name,
              u.is_active and coalesce(added.type = any(p.email_types), false) as wants_email
         from added join app_user u on u.id = added.user_id
         left join notification_preferences p on p.user_id = added.user_id`,
      [
        notification.id,
        recipient.id,
        notification.type,
        audience,
        notification.title,
        notification.message,
        notification.link,
        notification.dedupeKey,
        notification.createdAt,
        ...notifyArguments('NOTIFICATIONS_CHANGED', recipient.id, { kind: 'added', notificationId: notification.id }),
      ],
      'all',
      em.getTransactionContext(),
    );
    if (!added) return null;
    if (added.wants_email && added.email) await this.queueEmail(em, added.email, added.first_name, notification);
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

  private async queueEmail(em: EntityManager, to: string, firstName: string, notification: Notification): Promise<void> {
    const link = notification.link ? `\n\nOpen it in the app: ${this.publicUrl}${notification.link}` : '';
    const email = this.email.queue(em, {
      to,
      subject: notification.title,
      text: `Hi ${firstName},\n\n${notification.message}${link}\n\nYou get this email because you chose email for these notifications on your profile.`,
      kind: `${EMAIL_KIND}:${notification.type}`,
    });
    // Outside a transaction the message is written now, like the notification.
    if (!em.isInTransaction()) await em.flush();
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

  /**
   * Marks read, in the caller's transaction, the notifications added with these dedupe keys once what they asked for
   * is done (a held spot, paid); their recipients' open tabs hear of it after the commit.
   */
  async markDoneByKeys(em: EntityManager, dedupeKeys: string[]): Promise<void> {
    if (dedupeKeys.length === 0) return;
    const done = await em.find(Notification, { dedupeKey: { $in: dedupeKeys }, isRead: false }, { fields: ['id', 'user'] });
    if (done.length === 0) return;
    await em.nativeUpdate(Notification, { id: { $in: done.map((n) => n.id) } }, { isRead: true });
    for (const n of done) await publishOnCommit(em, 'NOTIFICATIONS_CHANGED', n.user.id, { kind: 'read', notificationId: n.id });
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
