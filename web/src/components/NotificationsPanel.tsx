import NotificationsNoneOutlined from '@mui/icons-material/NotificationsNoneOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import type { PanelProps } from './CartPanel';
import { EmptyState } from './EmptyState';

/** The notifications popover's content: its honest empty state until the notifications issue fills it. */
export default function NotificationsPanel({ id, anchorEl, open, onClose, signedIn }: PanelProps) {
  return (
    <Popover
      id={id}
      open={open}
      anchorEl={anchorEl}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{ paper: { role: 'dialog', 'aria-label': 'Notifications', sx: { width: 360, maxWidth: 'calc(100vw - 24px)', mt: 1 } } }}
    >
      <Box sx={{ px: 2.5, pt: 2, pb: 1.5 }}>
        <Typography component="h2" variant="subtitle1">
          Notifications
        </Typography>
      </Box>
      <Divider />
      <EmptyState dense icon={<NotificationsNoneOutlined />} title="You're all caught up">
        {signedIn
          ? 'Class reminders, check-in alerts and payment updates will appear here.'
          : 'Sign in to get class reminders and studio updates.'}
      </EmptyState>
      {signedIn && (
        <>
          <Divider />
          <Box sx={{ p: 1 }}>
            <Button fullWidth component={RouterLink} to="/notifications" onClick={onClose}>
              View all notifications
            </Button>
          </Box>
        </>
      )}
    </Popover>
  );
}
