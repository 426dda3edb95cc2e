import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { formatTime } from '../../app/dates';
import { errorCode, errorMessage } from '../../app/errors';
import type { KioskSessionFragment } from './checkin.generated';
import { StepFrame } from './KioskFrame';
import { useKioskCheckIn } from './useKioskCheckIn';

/**
 * Bookings chosen at first: after a PIN or QR code, everyone not yet checked in; after a tap on a name, only that
 * person (the rest of the family may not be here).
 */
export function defaultSelection(session: KioskSessionFragment, tapped?: string): string[] {
  return session.bookings.filter((b) => !b.checkedIn && (tapped === undefined || b.bookingId === tapped)).map((b) => b.bookingId);
}

/** The family's bookings in the classes open now: choose who is checking in. */
export function BookingsStep({
  session,
  tapped,
  onDone,
  onExpired,
  onBack,
}: {
  session: KioskSessionFragment;
  tapped?: string;
  onDone: (checkedIn: KioskSessionFragment['bookings'], s: KioskSessionFragment) => void;
  onExpired: () => void;
  onBack: () => void;
}) {
  const [selected, setSelected] = useState<string[]>(() => defaultSelection(session, tapped));
  const [error, setError] = useState<string | null>(null);
  const [checkIn, { loading }] = useKioskCheckIn();
  const open = session.bookings.filter((b) => !b.checkedIn);

  const submit = async () => {
    setError(null);
    try {
      const { data } = await checkIn({ variables: { token: session.token, bookingIds: selected } });
      if (!data) return;
      const done = data.kioskCheckIn.bookings.filter((b) => selected.includes(b.bookingId));
      onDone(done, data.kioskCheckIn);
    } catch (err) {
      if (errorCode(err) === 'UNAUTHENTICATED') onExpired();
      else setError(errorMessage(err, 'Check-in did not work. Please try again or ask at the front desk.'));
    }
  };

  return (
    <StepFrame title={`Hi, ${session.firstName}!`} onBack={onBack}>
      {session.bookings.length === 0 ? (
        <Box sx={{ p: 3, borderRadius: '20px', border: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>
          <Typography sx={{ fontWeight: 'fontWeightBold', fontSize: 19 }}>No bookings to check in right now</Typography>
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            You and your family have no bookings in the classes open for check-in. Book in the app, or ask at the front desk.
          </Typography>
          <Button variant="contained" size="large" onClick={onBack} sx={{ mt: 2.5, minHeight: 56, px: 4 }}>
            Done
          </Button>
        </Box>
      ) : (
        <Box sx={{ display: 'grid', gap: 2 }}>
          <Typography color="text.secondary" sx={{ fontSize: 17, mt: -1.5 }}>
            {open.length ? 'Choose who is checking in:' : 'Everyone is already checked in.'}
          </Typography>
          <Box role="group" aria-label="Bookings to check in">
            <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.25 }}>
              {session.bookings.map((b) => {
                const on = b.checkedIn || selected.includes(b.bookingId);
                return (
                  <li key={b.bookingId}>
                    <Box
                      component="label"
                      sx={{
                        display: 'flex',
                        alignItems: 'center',
                        gap: 2,
                        p: { xs: 2, sm: 2.5 },
                        minHeight: 84,
                        borderRadius: '20px',
                        border: 2,
                        borderColor: on && !b.checkedIn ? 'primary.main' : 'divider',
                        bgcolor: b.checkedIn
                          ? 'studio.surface.success'
                          : on
                            ? (t) => alpha(t.palette.primary.main, 0.05)
                            : 'background.paper',
                        cursor: b.checkedIn ? 'default' : 'pointer',
                        '&:has(input:focus-visible)': {
                          outline: (t) => `3px solid ${alpha(t.palette.primary.main, 0.45)}`,
                          outlineOffset: 2,
                        },
                      }}
                    >
                      <Box
                        component="input"
                        type="checkbox"
                        checked={on}
                        disabled={b.checkedIn || loading}
                        onChange={() =>
                          setSelected((s) => (s.includes(b.bookingId) ? s.filter((id) => id !== b.bookingId) : [...s, b.bookingId]))
                        }
                        sx={{ width: 30, height: 30, m: 0, flexShrink: 0, accentColor: (t) => t.palette.primary.main }}
                      />
                      <Box sx={{ flex: 1, minWidth: 0 }}>
                        <Typography sx={{ fontWeight: 'fontWeightExtraBold', fontSize: { xs: 19, sm: 21 } }}>
                          {b.attendeeFirstName}
                        </Typography>
                        <Typography color="text.secondary" sx={{ fontSize: 16 }}>
                          {b.className} · {b.apparatusName} · {formatTime(b.startTime)}
                        </Typography>
                      </Box>
                      {b.checkedIn && (
                        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, color: 'success.main', fontWeight: 'fontWeightBold' }}>
                          <CheckCircleRounded aria-hidden />
                          Checked in
                        </Box>
                      )}
                    </Box>
                  </li>
                );
              })}
            </Box>
          </Box>
          {error && (
            <Alert severity="error" sx={{ fontSize: 16 }}>
              {error}
            </Alert>
          )}
          {open.length > 0 ? (
            <Button
              variant="contained"
              size="large"
              disabled={selected.length === 0 || loading}
              onClick={() => void submit()}
              sx={{ minHeight: 68, fontSize: 21, borderRadius: '18px', mt: 1 }}
            >
              {loading
                ? 'Checking in…'
                : selected.length
                  ? `Check in${selected.length > 1 ? ` (${selected.length})` : ''}`
                  : 'Choose who is checking in'}
            </Button>
          ) : (
            <Button variant="contained" size="large" onClick={onBack} sx={{ minHeight: 64, fontSize: 20, borderRadius: '18px' }}>
              Done
            </Button>
          )}
        </Box>
      )}
    </StepFrame>
  );
}
