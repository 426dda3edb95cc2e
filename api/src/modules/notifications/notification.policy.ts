import { forbidden, notFound } from '../../graphql/errors.js';
import { isAdmin, type Actor, type Ref } from '../users/role.js';
import { NotificationAudience } from './notification.entity.js';
import { NotificationFeed } from './notification.types.js';

/** Admins use the admin notification endpoints, everyone else the user endpoints. */
export function feedOf(actor: Pick<Actor, 'role'>): NotificationFeed {
  return isAdmin(actor) ? NotificationFeed.admin : NotificationFeed.user;
}

export function mayUseFeed(actor: Pick<Actor, 'role'>, feed: NotificationFeed): boolean {
  return feedOf(actor) === feed;
}

/** The other role's endpoints are refused, not answered empty: a client using the wrong ones learns it at once. */
export function assertMayUseFeed(actor: Pick<Actor, 'role'>, feed: NotificationFeed): void {
  if (mayUseFeed(actor, feed)) return;
  throw forbidden(
    feed === NotificationFeed.admin
      ? 'The studio notification feed is for admins.'
      : 'Admins read their notifications in the admin feed (/api/notifications).',
  );
}

/** What a feed holds: the user feed a person's own notifications; the admin feed those and the studio-wide ones. */
export function audiencesOf(feed: NotificationFeed): NotificationAudience[] {
  return feed === NotificationFeed.admin ? [NotificationAudience.personal, NotificationAudience.studio] : [NotificationAudience.personal];
}

/** A notification as its rules need it. */
export interface AddressedNotification {
  user: Ref;
  audience: NotificationAudience;
}

/** Only its recipient sees a notification, and only through the feed it belongs to. */
export function mayReadNotification(actor: Actor, feed: NotificationFeed, notification: AddressedNotification): boolean {
  return mayUseFeed(actor, feed) && notification.user.id === actor.id && audiencesOf(feed).includes(notification.audience);
}

/** Someone else's notification answers like a missing one. */
export function assertMayReadNotification<N extends AddressedNotification>(
  actor: Actor,
  feed: NotificationFeed,
  notification: N | null,
): asserts notification is N {
  assertMayUseFeed(actor, feed);
  if (!notification || !mayReadNotification(actor, feed, notification)) throw notFound('That notification');
}
