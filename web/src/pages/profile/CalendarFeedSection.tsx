import { useQuery } from '@apollo/client/react';
import ContentCopyRounded from '@mui/icons-material/ContentCopyRounded';
import EventRepeatRounded from '@mui/icons-material/EventRepeatRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState } from 'react';
import { errorMessage } from '../../app/errors';
import { useToast } from '../../app/toast';
import { MyCalendarFeedDocument } from './calendarFeed.generated';
import { useResetCalendarFeed } from './useResetCalendarFeed';

/** Google Calendar's "add by URL" page for a feed (it fetches the feed from the studio's address). */
export const googleCalendarLink = (webcalUrl: string) => `https://calendar.google.com/calendar/r?cid=${encodeURIComponent(webcalUrl)}`;

/**
 * The member's private calendar feed: their and their family's bookings (and, for staff, the classes they teach), in
 * any calendar app that subscribes by URL.
 * The address is a secret of its own (not the sign-in): copy it, open it in the calendar app, or reset it.
 */
export function CalendarFeedSection({ hasFamily, teaches = false }: { hasFamily: boolean; teaches?: boolean }) {
  const { toast } = useToast();
  const { data, error } = useQuery(MyCalendarFeedDocument);
  const [reset, { loading: resetting }] = useResetCalendarFeed();
  const [confirming, setConfirming] = useState(false);
  const field = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const feed = data?.myCalendarFeed;

  const copy = async () => {
    if (!feed) return;
    try {
      await navigator.clipboard.writeText(feed.url);
      toast({ title: 'Link copied', description: 'Paste it into your calendar app’s “subscribe by URL”.', variant: 'success' });
    } catch {
      // No clipboard (an insecure origin, a refusal): select it for the member to copy.
      field.current?.select();
      toast({ title: 'Copy the selected link', description: 'Your browser did not let the page copy it.' });
    }
  };
  const resetLink = async () => {
    try {
      await reset();
      setConfirming(false);
      toast({
        title: 'Calendar link reset',
        description: 'The old link no longer works. Subscribe again with the new one.',
        variant: 'success',
      });
    } catch (err) {
      toast({ title: 'Could not reset the link', description: errorMessage(err), variant: 'error' });
    }
  };

  if (error && !data) return <Alert severity="error">{errorMessage(error, 'Your calendar link could not be loaded.')}</Alert>;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography variant="body2" color="text.secondary">
        Subscribe to this link in Google Calendar, Apple Calendar or Outlook: {hasFamily ? 'your and your family’s' : 'your'} bookings
        {teaches ? ' and the classes you teach' : ''} appear there and stay up to date, and cancelled ones drop out. Anyone with the link
        can see these classes, so keep it to yourself.
      </Typography>
      {feed ? (
        <TextField
          label="Private calendar link"
          value={feed.url}
          inputRef={field}
          onFocus={(e) => e.target.select()}
          slotProps={{ htmlInput: { readOnly: true, spellCheck: false, 'data-testid': 'calendar-feed-url' } }}
          fullWidth
        />
      ) : (
        <Skeleton height={56} />
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Button variant="contained" startIcon={<ContentCopyRounded />} onClick={() => void copy()} disabled={!feed}>
          Copy link
        </Button>
        <Button variant="outlined" component="a" href={feed?.webcalUrl} disabled={!feed}>
          Open in calendar app
        </Button>
        <Button
          variant="outlined"
          component="a"
          href={feed ? googleCalendarLink(feed.webcalUrl) : undefined}
          target="_blank"
          rel="noopener noreferrer"
          disabled={!feed}
        >
          Add to Google Calendar
        </Button>
        <Box sx={{ flex: 1 }} />
        <Button color="inherit" startIcon={<EventRepeatRounded />} onClick={() => setConfirming(true)} disabled={!feed}>
          Reset link
        </Button>
      </Box>
      <Dialog open={confirming} onClose={() => setConfirming(false)} maxWidth="xs" fullWidth aria-labelledby={titleId}>
        <DialogTitle id={titleId} sx={{ fontWeight: 'fontWeightExtraBold' }}>
          Reset your calendar link?
        </DialogTitle>
        <DialogContent>
          <Typography>
            The current link stops working at once: calendars subscribed to it stop updating. Subscribe again with the new link.
          </Typography>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button onClick={() => setConfirming(false)} disabled={resetting}>
            Keep it
          </Button>
          <Button variant="contained" color="error" onClick={() => void resetLink()} disabled={resetting}>
            {resetting ? 'Resetting…' : 'Reset link'}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
