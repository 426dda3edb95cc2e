import { useQuery } from '@apollo/client/react';
import NotificationsNoneOutlined from '@mui/icons-material/NotificationsNoneOutlined';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { useAuth } from '../../app/session';
import { EmptyState } from '../EmptyState';
import { NotificationRow } from './NotificationRow';
import { notificationFeedOf } from './notificationFeed';
import { NotificationListDocument } from './notifications.generated';
import { useNotificationActions } from './useNotificationActions';

/** The newest few notifications (the dashboard's card), live like the popover. */
export function RecentNotifications({ count = 3 }: { count?: number }) {
  const { user } = useAuth();
  const feed = notificationFeedOf(user?.role ?? 'student');
  const { data, loading } = useQuery(NotificationListDocument, {
    variables: { feed, page: 1, pageSize: count, type: null, unreadOnly: false },
  });
  const actions = useNotificationActions(feed);
  const items = data?.notifications.items ?? [];
  if (loading && !data)
    return (
      <Box sx={{ px: 2.5, pb: 2 }}>
        <Skeleton height={48} />
        <Skeleton height={48} />
      </Box>
    );
  if (items.length === 0)
    return (
      <EmptyState dense icon={<NotificationsNoneOutlined />} title="You're all caught up">
        Reminders and studio news will appear here.
      </EmptyState>
    );
  return (
    <Box component="ul" aria-label="Latest notifications" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {items.map((n) => (
        <NotificationRow key={n.id} notification={n} compact onRead={(id) => void actions.markRead(id)} />
      ))}
    </Box>
  );
}
