import NotificationsNoneOutlined from '@mui/icons-material/NotificationsNoneOutlined';
import { Suspense, useId, useState } from 'react';
import { LazyNotificationsPanel, loadNotificationsPanel, prefetch } from './lazyOverlay';
import { badgeLabel } from './navItems';
import { CountBadge, IconBtn } from './ui';

/** Spec §4: the popover lists the first five notifications. */
export const POPOVER_NOTIFICATION_LIMIT = 5;

/** Notifications arrive with their own issue; until then the popover has its honest empty state. */
export function NotificationsPopover({ unreadCount = 0, signedIn }: { unreadCount?: number; signedIn: boolean }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [used, setUsed] = useState(false);
  const id = useId();
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
          <CountBadge aria-hidden sx={{ bgcolor: 'error.main' }}>
            {badge}
          </CountBadge>
        )}
      </IconBtn>
      {used && (
        <Suspense fallback={null}>
          <LazyNotificationsPanel id={id} anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)} signedIn={signedIn} />
        </Suspense>
      )}
    </>
  );
}
