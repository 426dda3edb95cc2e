import { useToast } from '../../app/toast';
import type { NotificationFeed } from '../../graphql/types';
import { useClearNotifications } from './useClearNotifications';
import { useMarkAllNotificationsRead } from './useMarkAllNotificationsRead';
import { useMarkNotificationRead } from './useMarkNotificationRead';

/** The error and success messages of the notification actions, word for word. */
export const NOTIFICATION_MESSAGES = {
  markReadFailed: 'Failed to mark notification as read',
  markAllReadFailed: 'Failed to mark all notifications as read',
  clearFailed: 'Failed to clear notifications',
  allMarkedRead: 'All notifications marked as read',
  allCleared: 'All notifications cleared',
} as const;

/** Read one, read all and clear all, with the spec's toasts: the popover and the /notifications page share them. */
export function useNotificationActions(feed: NotificationFeed) {
  const { toast } = useToast();
  const [markRead] = useMarkNotificationRead();
  const [markAllRead, { loading: markingAll }] = useMarkAllNotificationsRead();
  const [clear, { loading: clearing }] = useClearNotifications();
  return {
    busy: markingAll || clearing,
    async markRead(id: string): Promise<void> {
      try {
        await markRead({ variables: { feed, id } });
      } catch {
        toast({ title: NOTIFICATION_MESSAGES.markReadFailed, variant: 'error' });
      }
    },
    async markAllRead(): Promise<void> {
      try {
        await markAllRead({ variables: { feed } });
        toast({ title: NOTIFICATION_MESSAGES.allMarkedRead, variant: 'success' });
      } catch {
        toast({ title: NOTIFICATION_MESSAGES.markAllReadFailed, variant: 'error' });
      }
    },
    async clearAll(): Promise<void> {
      try {
        await clear({ variables: { feed } });
        toast({ title: NOTIFICATION_MESSAGES.allCleared, variant: 'success' });
      } catch {
        toast({ title: NOTIFICATION_MESSAGES.clearFailed, variant: 'error' });
      }
    },
  };
}
