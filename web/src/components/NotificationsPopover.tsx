import { useQuery } from '@apollo/client/react';
import NotificationsNoneOutlined from '@mui/icons-material/NotificationsNoneOutlined';
import { useId, useState } from 'react';
import { useAuth } from '../app/session';
import { LazyNotificationsPanel, loadNotificationsPanel, prefetch } from './lazyOverlay';
import { badgeLabel } from './navItems';
import { notificationFeedOf } from './notifications/notificationFeed';
import { NotificationCountsDocument } from './notifications/notificationCounts.generated';
import { CountBadge, IconBtn } from './ui';
import { lazyComponent } from '../app/lazyPage';

const NotificationsLive = lazyComponent(() => import('./notifications/NotificationsLive').then((m) => m.default));

/**
 * The notifications button with its unread badge ('99+' above 99) and, signed in, the live subscription
 * that keeps the badge, the popover and /notifications current in every tab. The popover's code loads on first use.
 */
export function NotificationsPopover() {
  const { user } = useAuth();
  const signedIn = Boolean(user);
  const feed = notificationFeedOf(user?.role ?? 'student');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [used, setUsed] = useState(false);
  const id = useId();
  const { data } = useQuery(NotificationCountsDocument, { variables: { feed }, skip: !signedIn });
  const unreadCount = signedIn ? (data?.notificationCounts.unreadCount ?? 0) : 0;
  const badge = badgeLabel(unreadCount);
  return (
    <>
      <IconBtn
        type="button"
        aria-label={badge ? `Notifications, ${badge} unread` : 'Notifications'}
        title="Notifications"
        aria-haspopup="dialog"
        aria-expanded={Boolean(anchor)}
        aria-controls={anchor ? id : undefined}
        onPointerEnter={prefetch(loadNotificationsPanel)}
        onFocus={prefetch(loadNotificationsPanel)}
        onClick={(e: React.MouseEvent<HTMLButtonElement>) => {
          setUsed(true);
          setAnchor(e.currentTarget);
        }}
      >
        <NotificationsNoneOutlined />
        {badge && (
          <CountBadge aria-hidden data-testid="notifications-badge" sx={{ bgcolor: 'error.main' }}>
            {badge}
          </CountBadge>
        )}
      </IconBtn>
      {/* Keyed by the user, so a sign-in as someone else starts a new subscription. */}
      {signedIn && <NotificationsLive key={user!.id} feed={feed} />}
      {used && (
        <LazyNotificationsPanel id={id} anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)} signedIn={signedIn} />
      )}
    </>
  );
}
