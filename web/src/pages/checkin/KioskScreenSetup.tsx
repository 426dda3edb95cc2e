import StorefrontRounded from '@mui/icons-material/StorefrontRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { formatTimestampDay } from '../../app/dates';
import { errorMessage } from '../../app/errors';
import { loginPathFor } from '../../app/returnTo';
import { useAuth } from '../../app/session';
import type { KioskScreenState } from './useKioskScreen';
import { useSetUpKioskScreen } from './useSetUpKioskScreen';

const STAFF = new Set(['admin', 'instructor', 'teacher']);

/**
 * The kiosk's footer for staff: set this screen up as the studio's kiosk (so members can find their name here), or
 * stop. Members see at most a hint that staff can do this.
 */
export function KioskScreenSetup({ screen }: { screen: KioskScreenState }) {
  const { user } = useAuth();
  const [setUp, { loading }] = useSetUpKioskScreen();
  const [error, setError] = useState<string | null>(null);
  const isStaff = Boolean(user && STAFF.has(user.role));
  if (screen.info && !isStaff) return null;

  const start = async () => {
    setError(null);
    try {
      const { data } = await setUp();
      if (data) screen.remember(data.setUpKioskScreen.deviceToken);
    } catch (err) {
      setError(errorMessage(err, 'This screen could not be set up. Please try again.'));
    }
  };

  return (
    <Box
      component="section"
      aria-label="Kiosk set-up"
      sx={{ display: 'flex', alignItems: 'flex-start', gap: 1.5, pt: 2.5, borderTop: 1, borderColor: 'divider', color: 'text.secondary' }}
    >
      <StorefrontRounded aria-hidden sx={{ mt: 0.25 }} />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        {!isStaff ? (
          <Typography variant="body2">
            Staff can set up this screen so members find their name here.{' '}
            <Link component={RouterLink} to={loginPathFor('/check-in')} sx={{ fontWeight: 'fontWeightBold' }}>
              Staff sign-in
            </Link>
          </Typography>
        ) : screen.info ? (
          <>
            <Typography variant="body2">
              This screen is the studio’s check-in kiosk, set up by {screen.info.setUpBy} until {formatTimestampDay(screen.info.expiresAt)}.
              Members can find their name here. Sign out of your own account on this screen when you are done: the kiosk keeps working.
            </Typography>
            <Button size="small" color="inherit" onClick={screen.forget} sx={{ mt: 1, ml: -0.75, fontWeight: 'fontWeightBold' }}>
              Stop using this screen as the kiosk
            </Button>
          </>
        ) : (
          <>
            <Typography variant="body2">
              Let members find their name here (only people booked into a class open now are listed, as first name and last initial). Set up
              the studio’s front-desk screen only.
            </Typography>
            <Button variant="outlined" size="small" onClick={() => void start()} disabled={loading} sx={{ mt: 1 }}>
              {loading ? 'Setting up…' : 'Set up this screen as the kiosk'}
            </Button>
            {error && (
              <Typography variant="body2" color="error" role="alert" sx={{ mt: 1 }}>
                {error}
              </Typography>
            )}
          </>
        )}
      </Box>
    </Box>
  );
}
