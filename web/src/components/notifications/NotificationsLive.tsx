import { useSubscription } from '@apollo/client/react';
import type { NotificationFeed } from '../../graphql/types';
import { applyNotificationChange } from './notificationCache';
import { NotificationChangedDocument } from './notifications.generated';

/**
 * Keeps this tab's notifications live while signed in: every change (a new notification, a read or a clear in
 * another tab or device) is written into the cache as it arrives, so the badge, the popover and the page follow
 * without polling. Its first event, and the one after a reconnect, re-syncs the counts. Loaded on its own, so the
 * landing page's first load does not carry it.
 */
export default function NotificationsLive({ feed }: { feed: NotificationFeed }) {
  useSubscription(NotificationChangedDocument, {
    variables: { feed },
    fetchPolicy: 'no-cache',
    ignoreResults: true,
    onData: ({ client, data }) => {
      if (data.data) applyNotificationChange(client.cache, data.data.notificationChanged);
    },
  });
  return null;
}
