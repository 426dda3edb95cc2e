import type { NotificationFeed, Role } from '../../graphql/types';

/** Admins use the admin notification endpoints, everyone else the user endpoints. */
export function notificationFeedOf(role: Role): NotificationFeed {
  return role === 'admin' ? 'admin' : 'user';
}
