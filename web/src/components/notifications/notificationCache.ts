import type { ApolloCache, Reference } from '@apollo/client';
import type { NotificationFeed, NotificationType } from '../../graphql/types';
import { NotificationCountsDocument } from './notificationCounts.generated';
import { NotificationItemFragmentDoc, type NotificationChangeFieldsFragment } from './notifications.generated';

export type NotificationChange = NotificationChangeFieldsFragment;

/** The arguments a cached `notifications` list was fetched with. */
interface ListArgs {
  feed: NotificationFeed;
  page: number;
  pageSize: number;
  type?: NotificationType | null;
  unreadOnly?: boolean;
}

interface CachedPage {
  items: readonly Reference[];
  total: number;
}

/** Apollo keeps a field's arguments in its store name: `notifications({"feed":"user","page":1,…})`. */
function listArgs(storeFieldName: string): ListArgs | null {
  const open = storeFieldName.indexOf('(');
  if (open < 0 || !storeFieldName.endsWith(')')) return null;
  try {
    return JSON.parse(storeFieldName.slice(open + 1, -1)) as ListArgs;
  } catch {
    return null;
  }
}

function belongsIn(args: ListArgs, notification: { type: NotificationType; isRead: boolean }): boolean {
  return (!args.type || args.type === notification.type) && (!args.unreadOnly || !notification.isRead);
}

/**
 * Writes a change to a feed into the cache, wherever it shows: the badge (the counts), the notification itself, and
 * every cached page of the feed (popover, /notifications with its filters, the dashboard). One function for the
 * mutations' answers and the subscription's events, so this tab and the others end up the same.
 * - added: first pages whose filter it fits get it on top; later pages are dropped (their rows moved down), so they
 *   are asked again when shown.
 * - read / all_read: unread-only pages lose what was read.
 * - cleared: every page is empty.
 * - resync (a subscription's start, or after a gap): when the counts differ from what this tab knew, the pages are
 *   dropped and the ones on screen are asked again.
 */
export function applyNotificationChange(cache: ApolloCache, change: NotificationChange): void {
  const { feed } = change.counts;
  const known = cache.readQuery({ query: NotificationCountsDocument, variables: { feed } })?.notificationCounts;
  cache.writeQuery({ query: NotificationCountsDocument, variables: { feed }, data: { notificationCounts: change.counts } });
  const stale = !known || known.total !== change.counts.total || known.unreadCount !== change.counts.unreadCount;
  const notification = change.notification;
  const ref = notification ? cache.writeFragment({ fragment: NotificationItemFragmentDoc, data: notification }) : undefined;
  const shown = new Set<string>();

  cache.modify<Record<string, CachedPage>>({
    id: 'ROOT_QUERY',
    fields: {
      notifications(value, { storeFieldName, DELETE }) {
        const args = listArgs(storeFieldName);
        const page = value as CachedPage;
        if (!args || args.feed !== feed) return value;
        switch (change.kind) {
          case 'added':
            if (!ref || !notification || !belongsIn(args, notification)) return value;
            if (args.page !== 1) return DELETE;
            if (page.items.some((item) => item.__ref === ref.__ref)) return value;
            return { ...page, items: [ref, ...page.items].slice(0, args.pageSize), total: page.total + 1 };
          case 'read': {
            if (!args.unreadOnly || !ref) return value;
            const items = page.items.filter((item) => item.__ref !== ref.__ref);
            if (items.length === page.items.length) return value;
            return args.page === 1 ? { ...page, items, total: page.total - 1 } : DELETE;
          }
          case 'all_read':
            if (args.unreadOnly) return { ...page, items: [], total: 0 };
            page.items.forEach((item) => shown.add(item.__ref));
            return value;
          case 'cleared':
            return { ...page, items: [], total: 0 };
          case 'resync':
            return stale ? DELETE : value;
        }
      },
    },
  });
  for (const id of shown) cache.modify({ id, fields: { isRead: () => true } });
}
