import ArrowForwardRounded from '@mui/icons-material/ArrowForwardRounded';
import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import DoneRounded from '@mui/icons-material/DoneRounded';
import EventOutlined from '@mui/icons-material/EventOutlined';
import HowToRegOutlined from '@mui/icons-material/HowToRegOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import ShoppingBagOutlined from '@mui/icons-material/ShoppingBagOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import { alpha } from '@mui/material/styles';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { formatTimeAgo } from '../../app/dates';
import type { NotificationType } from '../../graphql/types';
import type { NotificationItemFragment } from './notifications.generated';

/** Each type's name (the page's filter) and icon. */
export const notificationTypes: Record<
  NotificationType,
  { label: string; icon: ReactNode; color: 'primary' | 'success' | 'warning' | 'info' }
> = {
  payment_success: { label: 'Payments', icon: <ReceiptLongOutlined />, color: 'success' },
  checkout: { label: 'Checkout', icon: <ShoppingBagOutlined />, color: 'warning' },
  class_reminder: { label: 'Class reminders', icon: <EventOutlined />, color: 'primary' },
  check_in_available: { label: 'Check-in', icon: <HowToRegOutlined />, color: 'info' },
  other: { label: 'Other', icon: <CampaignOutlined />, color: 'primary' },
};

/** What a notification's link opens, in words. */
export function linkLabel(link: string): string {
  const path = link.split('?')[0];
  if (path === '/classes') return link.includes('class=') ? 'View class' : 'View classes';
  if (path === '/payment-success') return 'View order';
  if (path === '/admin/stripe') return 'Open payments';
  if (path === '/admin/students') return 'Open students';
  if (path === '/check-in') return 'Open check-in';
  return 'Open';
}

interface Props {
  notification: NotificationItemFragment;
  /** Marks it read (the link was followed, or the check button pressed). */
  onRead: (id: string) => void;
  /** After following its link (the popover closes). */
  onNavigate?: () => void;
  /** The popover's compact row: the title is the link and the message keeps to two lines. */
  compact?: boolean;
  now?: number;
}

/** One notification: its type's icon, title, message and time, unread state, and a link to what it is about. */
export function NotificationRow({ notification: n, onRead, onNavigate, compact = false, now }: Props) {
  const type = notificationTypes[n.type];
  const follow = () => {
    if (!n.isRead) onRead(n.id);
    onNavigate?.();
  };
  return (
    <Box
      component="li"
      data-testid="notification"
      data-unread={!n.isRead || undefined}
      sx={{
        position: 'relative',
        display: 'flex',
        gap: 1.5,
        px: compact ? 2 : { xs: 2, sm: 2.5 },
        py: compact ? 1.5 : 2,
        bgcolor: (t) => (n.isRead ? 'transparent' : alpha(t.palette.primary.main, 0.045)),
        '&:not(:first-of-type)': { borderTop: 1, borderColor: 'divider' },
        transition: 'background-color 150ms ease',
        ...(compact && n.link ? { '&:hover': { bgcolor: (t) => alpha(t.palette.primary.main, 0.08) } } : {}),
      }}
    >
      <Box
        aria-hidden
        sx={{
          flex: 'none',
          width: compact ? 34 : 40,
          height: compact ? 34 : 40,
          borderRadius: '50%',
          display: 'grid',
          placeItems: 'center',
          bgcolor: (t) => alpha(t.palette[type.color].main, 0.12),
          color: `${type.color}.dark`,
          '& svg': { fontSize: compact ? 19 : 21 },
        }}
      >
        {type.icon}
      </Box>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1 }}>
          <Typography
            component={compact ? 'p' : 'h3'}
            sx={{
              fontSize: compact ? 14 : 15,
              lineHeight: 1.35,
              fontWeight: n.isRead ? 'fontWeightMedium' : 'fontWeightBold',
              overflowWrap: 'anywhere',
              flex: 1,
              minWidth: 0,
            }}
          >
            {compact && n.link ? (
              <Box
                component={RouterLink}
                to={n.link}
                onClick={follow}
                sx={{
                  color: 'inherit',
                  textDecoration: 'none',
                  '&:focus-visible': { outline: 'none', textDecoration: 'underline' },
                  // The whole row is the link's target area.
                  '&::after': { content: '""', position: 'absolute', inset: 0 },
                }}
              >
                {n.title}
              </Box>
            ) : (
              n.title
            )}
          </Typography>
          {n.audience === 'studio' && !compact && (
            <Chip size="small" label="Studio" variant="outlined" sx={{ height: 20, fontSize: 11, flex: 'none', alignSelf: 'center' }} />
          )}
          <Typography
            component="span"
            variant="caption"
            color="text.secondary"
            sx={{ whiteSpace: 'nowrap', flex: 'none' }}
            title={new Date(n.createdAt).toLocaleString()}
          >
            {formatTimeAgo(n.createdAt, now)}
          </Typography>
        </Box>
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{
            mt: 0.25,
            overflowWrap: 'anywhere',
            ...(compact ? { display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' } : {}),
          }}
        >
          {n.message}
        </Typography>
        {!compact && n.link && (
          <Button
            component={RouterLink}
            to={n.link}
            onClick={follow}
            size="small"
            endIcon={<ArrowForwardRounded />}
            sx={{ mt: 0.75, ml: -1 }}
            aria-label={`${linkLabel(n.link)}: ${n.title}`}
          >
            {linkLabel(n.link)}
          </Button>
        )}
      </Box>
      {!n.isRead && (
        <Tooltip title="Mark as read">
          <IconButton
            size="small"
            aria-label={`Mark as read: ${n.title}`}
            onClick={() => onRead(n.id)}
            sx={{
              alignSelf: 'flex-start',
              position: 'relative',
              zIndex: 1,
              mt: -0.25,
              color: 'primary.main',
              // The unread dot, which becomes a check on hover and focus.
              '& .dot': { width: 10, height: 10, borderRadius: '50%', bgcolor: 'primary.main' },
              '& svg': { display: 'none', fontSize: 20 },
              '&:hover .dot, &:focus-visible .dot': { display: 'none' },
              '&:hover svg, &:focus-visible svg': { display: 'block' },
            }}
          >
            <Box className="dot" component="span" />
            <DoneRounded />
          </IconButton>
        </Tooltip>
      )}
    </Box>
  );
}
