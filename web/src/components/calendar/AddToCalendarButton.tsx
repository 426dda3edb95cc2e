import InsertInvitationRounded from '@mui/icons-material/InsertInvitationRounded';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { downloadWithToken } from '../../app/download';
import { useToast } from '../../app/toast';

/** Where one booking's .ics file is served (the API wants the bearer token, so it is fetched, then saved). */
export const bookingIcsPath = (bookingId: string) => `/api/bookings/${encodeURIComponent(bookingId)}.ics`;

/**
 * "Add to calendar" for a confirmed booking: downloads its .ics event, which the device's calendar app opens. `what`
 * names the class for screen readers ("Add to calendar: Silks Intro on Mon, Mar 3").
 */
export function AddToCalendarButton({ bookingId, what, compact = false }: { bookingId: string; what: string; compact?: boolean }) {
  const { toast } = useToast();
  const [busy, setBusy] = useState(false);
  const label = `Add to calendar: ${what}`;
  const download = async () => {
    setBusy(true);
    try {
      await downloadWithToken(bookingIcsPath(bookingId), 'class.ics');
    } catch (err) {
      toast({
        title: 'Could not add to calendar',
        description: err instanceof Error && err.message ? err.message : 'Please try again.',
        variant: 'error',
      });
    } finally {
      setBusy(false);
    }
  };
  if (compact)
    return (
      <Tooltip title="Add to calendar">
        <span>
          <IconButton size="small" aria-label={label} onClick={() => void download()} disabled={busy} sx={{ color: 'primary.main' }}>
            <InsertInvitationRounded fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
    );
  return (
    <Button
      size="small"
      variant="outlined"
      color="inherit"
      startIcon={<InsertInvitationRounded />}
      aria-label={label}
      onClick={() => void download()}
      disabled={busy}
      sx={{ borderColor: 'divider', whiteSpace: 'nowrap' }}
    >
      Add to calendar
    </Button>
  );
}
