import type { NotificationFeed, Role } from '../../graphql/types';

/** Spec §6: admins use the admin notification endpoints, everyone else the user endpoints. */
export function notificationFeedOf(role: Role): NotificationFeed {
  return role === 'admin' ? 'admin' : 'user';
}
