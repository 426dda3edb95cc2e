import { useQuery } from '@apollo/client/react';
import DeleteSweepOutlined from '@mui/icons-material/DeleteSweepOutlined';
import DoneAllRounded from '@mui/icons-material/DoneAllRounded';
import NotificationsNoneOutlined from '@mui/icons-material/NotificationsNoneOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import MenuItem from '@mui/material/MenuItem';
import Pagination from '@mui/material/Pagination';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useAuth } from '../../app/session';
import { useCommittedSearchParams } from '../../app/useCommittedValue';
import { EmptyState } from '../../components/EmptyState';
import { PageFrame } from '../../components/PageFrame';
import { NotificationRow, notificationTypes } from '../../components/notifications/NotificationRow';
import { notificationFeedOf } from '../../components/notifications/notificationFeed';
import { NotificationCountsDocument } from '../../components/notifications/notificationCounts.generated';
import { NotificationListDocument } from '../../components/notifications/notifications.generated';
import { useNotificationActions } from '../../components/notifications/useNotificationActions';
import type { NotificationType } from '../../graphql/types';

export const NOTIFICATIONS_PAGE_SIZE = 20;

const TYPES = Object.keys(notificationTypes) as NotificationType[];
const isType = (value: string | null): value is NotificationType => TYPES.includes(value as NotificationType);

/**
 * /notifications: every notification, newest first, paged, filtered by type and unread (kept in the address, so
 * Back and a shared link keep them), each linking to what it is about. Live like the popover.
 */
export default function NotificationsPage() {
  const { user } = useAuth();
  const feed = notificationFeedOf(user?.role ?? 'student');
  // The list follows the address once its move is committed (see useCommittedValue).
  const [params, setParams] = useCommittedSearchParams();
  const typeParam = params.get('type');
  const type = isType(typeParam) ? typeParam : null;
  const unreadOnly = params.get('unread') === '1';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const { data, previousData, error, loading } = useQuery(NotificationListDocument, {
    variables: { feed, page, pageSize: NOTIFICATIONS_PAGE_SIZE, type, unreadOnly },
  });
  const counts = useQuery(NotificationCountsDocument, { variables: { feed } }).data?.notificationCounts;
  const actions = useNotificationActions(feed);
  const list = (data ?? previousData)?.notifications;
  const items = list?.items ?? [];
  const pages = list ? Math.max(1, Math.ceil(list.total / NOTIFICATIONS_PAGE_SIZE)) : 1;
  const filtered = Boolean(type) || unreadOnly;

  const update = (patch: Record<string, string | null>) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      for (const [key, value] of Object.entries(patch)) {
        if (value) next.set(key, value);
        else next.delete(key);
      }
      if (!('page' in patch)) next.delete('page');
      return next;
    });

  const summary = counts
    ? counts.total === 0
      ? 'Nothing here yet.'
      : `${counts.unreadCount} unread of ${counts.total}.`
    : 'Class reminders, check-in alerts and payment updates.';

  return (
    <PageFrame
      title="Notifications"
      subtitle={
        feed === 'admin'
          ? `Your own and the studio’s: checkouts, feedback, stock, payments and sign-ups. ${summary}`
          : `Class reminders, check-in alerts and payment updates. ${summary}`
      }
      maxWidth="md"
      actions={
        <>
          <Button
            variant="outlined"
            startIcon={<DoneAllRounded />}
            disabled={!counts?.unreadCount || actions.busy}
            onClick={() => void actions.markAllRead()}
          >
            Mark all read
          </Button>
          <Button
            color="error"
            startIcon={<DeleteSweepOutlined />}
            disabled={!counts?.total || actions.busy}
            onClick={() => void actions.clearAll()}
          >
            Clear all
          </Button>
        </>
      }
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, mb: 2 }}>
        <TextField
          select
          size="small"
          label="Type"
          value={type ?? 'all'}
          onChange={(e) => update({ type: e.target.value === 'all' ? null : e.target.value })}
          sx={{ width: { xs: '100%', sm: 220 } }}
        >
          <MenuItem value="all">All types</MenuItem>
          {TYPES.map((t) => (
            <MenuItem key={t} value={t}>
              {notificationTypes[t].label}
            </MenuItem>
          ))}
        </TextField>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={unreadOnly ? 'unread' : 'all'}
          onChange={(_e, value: string | null) => value && update({ unread: value === 'unread' ? '1' : null })}
          aria-label="Show"
        >
          <ToggleButton value="all" sx={{ px: 2 }}>
            All
          </ToggleButton>
          <ToggleButton value="unread" sx={{ px: 2 }}>
            Unread{counts?.unreadCount ? ` (${counts.unreadCount})` : ''}
          </ToggleButton>
        </ToggleButtonGroup>
        {list && list.total > 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ ml: { sm: 'auto' } }} aria-live="polite">
            {list.total === 1 ? '1 notification' : `${list.total} notifications`}
          </Typography>
        )}
      </Box>

      <Card>
        {error && !list ? (
          <Alert severity="error" sx={{ m: 2 }}>
            Your notifications could not be loaded. Please try again.
          </Alert>
        ) : loading && !list ? (
          <Box sx={{ p: 2.5, display: 'grid', gap: 2.5 }} aria-label="Loading notifications">
            {[0, 1, 2, 3].map((i) => (
              <Box key={i} sx={{ display: 'flex', gap: 1.5 }}>
                <Skeleton variant="circular" width={40} height={40} />
                <Box sx={{ flex: 1 }}>
                  <Skeleton width="45%" />
                  <Skeleton width="85%" />
                </Box>
              </Box>
            ))}
          </Box>
        ) : items.length === 0 ? (
          filtered ? (
            <EmptyState
              icon={<NotificationsNoneOutlined />}
              title="No notifications match"
              action={
                <Button variant="outlined" onClick={() => update({ type: null, unread: null })}>
                  Show all
                </Button>
              }
            >
              {unreadOnly ? 'You have read everything here.' : 'None of this type yet.'}
            </EmptyState>
          ) : (
            <EmptyState icon={<NotificationsNoneOutlined />} title="You're all caught up">
              Class reminders, check-in alerts and payment updates will appear here as they happen.
            </EmptyState>
          )
        ) : (
          <Box component="ul" aria-label="Notifications" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {items.map((n) => (
              <NotificationRow key={n.id} notification={n} onRead={(id) => void actions.markRead(id)} />
            ))}
          </Box>
        )}
      </Card>

      {pages > 1 && (
        <Box sx={{ display: 'flex', justifyContent: 'center', mt: 3 }}>
          <Pagination
            count={pages}
            page={Math.min(page, pages)}
            onChange={(_e, next: number) => update({ page: next > 1 ? String(next) : null })}
            color="primary"
            shape="rounded"
            siblingCount={0}
          />
        </Box>
      )}
    </PageFrame>
  );
}
