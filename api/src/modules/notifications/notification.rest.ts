import type { Request } from 'express';
import { MAX_PAGE_SIZE } from '../../common/paging.js';
import type { RestRoute } from '../routes.js';
import { NotificationFeed } from './notification.types.js';

/** What a REST caller gets of a notification (and the app path it is about). */
const FIELDS = 'id type title message isRead createdAt link';

/** A whole number as a number; anything else as sent, so GraphQL names the parameter it could not read. */
const whole = (value: unknown) => (typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : value);
const flag = (value: unknown) => (value === 'true' ? true : value === 'false' ? false : value);

/**
 * GET answers the feed as an array, newest first: the first 100 unless `?page=&pageSize=` ask otherwise, optionally
 * `?type=` one type and `?unread=true` unread only.
 */
function listVariables(feed: NotificationFeed) {
  return (req: Request) => ({
    feed,
    page: whole(req.query.page) ?? 1,
    pageSize: whole(req.query.pageSize) ?? MAX_PAGE_SIZE,
    type: req.query.type ?? null,
    unreadOnly: flag(req.query.unread) ?? false,
  });
}

/** The admin paths and the user paths run the same operations on their own feed. */
function feedRoutes(feed: NotificationFeed, base: string, clearPath: string): RestRoute[] {
  const name = feed === NotificationFeed.admin ? 'Admin' : 'User';
  return [
    {
      method: 'get',
      path: base,
      operation: `query Rest${name}Notifications($feed: NotificationFeed!, $page: Int!, $pageSize: Int!, $type: NotificationType, $unreadOnly: Boolean!) {
        notifications(feed: $feed, page: $page, pageSize: $pageSize, type: $type, unreadOnly: $unreadOnly) { items { ${FIELDS} } } }`,
      variables: listVariables(feed),
      result: (data) => (data.notifications as { items: unknown[] }).items,
    },
    {
      method: 'patch',
      path: `${base}/read-all`,
      operation: `mutation Rest${name}NotificationsReadAll($feed: NotificationFeed!) {
        markAllNotificationsRead(feed: $feed) { counts { unreadCount total } } }`,
      variables: () => ({ feed }),
      result: (data) => (data.markAllNotificationsRead as { counts: unknown }).counts,
    },
    {
      method: 'patch',
      path: `${base}/:id/read`,
      operation: `mutation Rest${name}NotificationRead($feed: NotificationFeed!, $id: ID!) {
        markNotificationRead(feed: $feed, id: $id) { notification { ${FIELDS} } } }`,
      variables: (req) => ({ feed, id: req.params.id }),
      result: (data) => (data.markNotificationRead as { notification: unknown }).notification,
    },
    {
      method: 'delete',
      path: clearPath,
      operation: `mutation Rest${name}NotificationsClear($feed: NotificationFeed!) { clearNotifications(feed: $feed) { kind } }`,
      variables: () => ({ feed }),
      result: () => null,
    },
  ];
}

export const notificationRestRoutes: RestRoute[] = [
  ...feedRoutes(NotificationFeed.admin, '/notifications', '/notifications/all'),
  ...feedRoutes(NotificationFeed.user, '/user/notifications', '/user/notifications'),
];
