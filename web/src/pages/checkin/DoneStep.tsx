import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { formatTime } from '../../app/dates';
import { useNow } from '../../components/schedule/holds';
import type { KioskSessionFragment } from './checkin.generated';

/** After a check-in the kiosk returns to the start on its own. */
export const DONE_RESET_MS = 20_000;

/** Who was checked in, then back to the start. */
export function DoneStep({
  session,
  checkedIn,
  onDone,
}: {
  session: KioskSessionFragment;
  checkedIn: KioskSessionFragment['bookings'];
  onDone: () => void;
}) {
  const start = useNow(1000);
  const [until] = useState(() => Date.now() + DONE_RESET_MS);
  const left = Math.max(0, Math.ceil((until - start) / 1000));
  return (
    <Box sx={{ textAlign: 'center', py: { xs: 4, sm: 6 } }}>
      <Box
        aria-hidden
        sx={{
          width: 112,
          height: 112,
          mx: 'auto',
          borderRadius: '50%',
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'studio.tone.open.tint',
          color: 'success.main',
          mb: 3,
          '& svg': { fontSize: 72 },
        }}
      >
        <CheckCircleRounded />
      </Box>
      <Typography component="h2" role="status" sx={{ fontWeight: 'fontWeightExtraBold', fontSize: { xs: 30, sm: 40 } }}>
        You’re checked in, {session.firstName}!
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, mt: 2.5, mb: 0, display: 'grid', gap: 0.75 }}>
        {checkedIn.map((b) => (
          <Typography component="li" key={b.bookingId} sx={{ fontSize: 19 }}>
            <strong>{b.attendeeFirstName}</strong> · {b.className} at {formatTime(b.startTime)}
          </Typography>
        ))}
      </Box>
      <Typography color="text.secondary" sx={{ mt: 2, fontSize: 17 }}>
        Enjoy class!
      </Typography>
      <Button
        variant="contained"
        size="large"
        onClick={onDone}
        sx={{ mt: 4, minHeight: 64, minWidth: 240, fontSize: 20, borderRadius: '18px' }}
      >
        Done
      </Button>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
        Returning to the start in {left} s
      </Typography>
    </Box>
  );
}
