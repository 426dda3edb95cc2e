import { useQuery } from '@apollo/client/react';
import NotificationsNoneOutlined from '@mui/icons-material/NotificationsNoneOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Popover from '@mui/material/Popover';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { useAuth } from '../app/session';
import type { PanelProps } from './CartPanel';
import { EmptyState } from './EmptyState';
import { NotificationRow } from './notifications/NotificationRow';
import { notificationFeedOf } from './notifications/notificationFeed';
import { NotificationCountsDocument } from './notifications/notificationCounts.generated';
import { NotificationListDocument } from './notifications/notifications.generated';
import { useNotificationActions } from './notifications/useNotificationActions';

/** The popover lists the first five notifications. */
export const POPOVER_NOTIFICATION_LIMIT = 5;

/**
 * The notifications popover: the newest five with a '(n more)' hint and a link to /notifications, read one or all,
 * clear all. Live: the cache it reads is kept current by the subscription (NotificationsLive).
 */
export default function NotificationsPanel({ id, anchorEl, open, onClose, signedIn }: PanelProps) {
  const { user } = useAuth();
  const feed = notificationFeedOf(user?.role ?? 'student');
  const { data, error, loading } = useQuery(NotificationListDocument, {
    variables: { feed, page: 1, pageSize: POPOVER_NOTIFICATION_LIMIT, type: null, unreadOnly: false },
    skip: !signedIn || !open,
  });
  const actions = useNotificationActions(feed);
  const list = data?.notifications;
  const items = list?.items ?? [];
  // All of the feed, not only the five shown: older ones may be unread.
  const counts = useQuery(NotificationCountsDocument, { variables: { feed }, skip: !signedIn }).data?.notificationCounts;
  const unread = (counts?.unreadCount ?? 0) > 0 || items.some((n) => !n.isRead);
  const more = list ? Math.max(0, list.total - items.length) : 0;

  return (
    <Popover
      id={id}
      open={open}
      anchorEl={anchorEl}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-label': 'Notifications',
          // Inline: the paper's `sx` does not reach it with the styled-components engine (the cart's neither).
          style: {
            width: 380,
            maxWidth: 'calc(100vw - 24px)',
            marginTop: 8,
            display: 'flex',
            flexDirection: 'column',
            maxHeight: 'min(640px, calc(100vh - 88px))',
          },
        },
      }}
    >
      <Box sx={{ pl: 2.5, pr: 1, py: 1, display: 'flex', alignItems: 'center', gap: 0.25, minHeight: 52 }}>
        <Typography component="h2" variant="subtitle1" sx={{ flex: 1, minWidth: 0 }}>
          Notifications
        </Typography>
        {signedIn && items.length > 0 && (
          <Box sx={{ display: 'flex', '& .MuiButton-root': { whiteSpace: 'nowrap', minWidth: 0, px: 1, fontSize: 13 } }}>
            <Button size="small" disabled={!unread || actions.busy} onClick={() => void actions.markAllRead()}>
              Mark all read
            </Button>
            <Button size="small" disabled={actions.busy} onClick={() => void actions.clearAll()} sx={{ color: 'text.secondary' }}>
              Clear all
            </Button>
          </Box>
        )}
      </Box>
      <Divider />
      <Box sx={{ overflowY: 'auto', flex: 1 }}>
        {!signedIn ? (
          <EmptyState dense icon={<NotificationsNoneOutlined />} title="You're all caught up">
            Sign in to get class reminders and studio updates.
          </EmptyState>
        ) : error && !list ? (
          <Alert severity="error" sx={{ m: 2 }}>
            Your notifications could not be loaded. Please try again.
          </Alert>
        ) : loading && !list ? (
          <Box sx={{ p: 2, display: 'grid', gap: 1.5 }} aria-label="Loading notifications">
            {[0, 1, 2].map((i) => (
              <Box key={i} sx={{ display: 'flex', gap: 1.5 }}>
                <Skeleton variant="circular" width={34} height={34} />
                <Box sx={{ flex: 1 }}>
                  <Skeleton width="60%" />
                  <Skeleton width="90%" />
                </Box>
              </Box>
            ))}
          </Box>
        ) : items.length === 0 ? (
          <EmptyState dense icon={<NotificationsNoneOutlined />} title="You're all caught up">
            Class reminders, check-in alerts and payment updates will appear here.
          </EmptyState>
        ) : (
          <Box component="ul" aria-label="Latest notifications" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {items.map((n) => (
              <NotificationRow key={n.id} notification={n} compact onRead={(nid) => void actions.markRead(nid)} onNavigate={onClose} />
            ))}
          </Box>
        )}
      </Box>
      {signedIn && (
        <>
          <Divider />
          <Box sx={{ p: 1, display: 'flex', alignItems: 'center', gap: 1 }}>
            <Button fullWidth component={RouterLink} to="/notifications" onClick={onClose}>
              View all notifications
            </Button>
            {more > 0 && (
              <Typography variant="caption" color="text.secondary" data-testid="notifications-more" sx={{ flex: 'none', pr: 1.5 }}>
                ({more} more)
              </Typography>
            )}
          </Box>
        </>
      )}
    </Popover>
  );
}
