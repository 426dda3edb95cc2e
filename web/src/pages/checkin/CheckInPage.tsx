import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { formatTime } from '../../app/dates';
import { BrandMark, STUDIO_NAME } from '../../components/Brand';
import { useDocumentTitle } from '../../components/PageFrame';
import { BookingsStep } from './BookingsStep';
import type { KioskEntryFragment, KioskSessionFragment } from './checkin.generated';
import { DONE_RESET_MS, DoneStep } from './DoneStep';
import { FindStep } from './FindStep';
import { Clock, StepFrame } from './KioskFrame';
import type { TapHandlers } from './NameFinder';
import type { OpenClass } from './OpenClasses';
import { PinStep } from './PinStep';
import { RosterStep } from './RosterStep';
import { ScanStep } from './ScanStep';
import { StartStep } from './StartStep';
import { TapPinStep } from './TapPinStep';
import { useKioskScreen } from './useKioskScreen';

/** Any screen but the done one returns to the start after a minute without a tap. */
export const IDLE_RESET_MS = 60_000;

type Screen =
  | { kind: 'start' }
  | { kind: 'pin' }
  | { kind: 'scan' }
  | { kind: 'find' }
  | { kind: 'roster'; openClass: OpenClass }
  | { kind: 'tap-pin'; entry: KioskEntryFragment }
  /** `tapped`: the booking whose name was tapped, the only one chosen at first. */
  | { kind: 'bookings'; session: KioskSessionFragment; tapped?: string }
  | { kind: 'done'; session: KioskSessionFragment; checkedIn: KioskSessionFragment['bookings'] };

/** The front-desk kiosk (public, no navigation bar): open classes, then identify by PIN or QR, then check in. */
export default function CheckInPage() {
  useDocumentTitle('Check-In');
  const [screen, setScreen] = useState<Screen>({ kind: 'start' });
  const [notice, setNotice] = useState<string | null>(null);
  const reset = useCallback(() => setScreen({ kind: 'start' }), []);

  // Names never stay on screen: back to the start after a check-in, or after a minute without a tap.
  useEffect(() => {
    if (screen.kind === 'start') return;
    const ms = screen.kind === 'done' ? DONE_RESET_MS : IDLE_RESET_MS;
    let timer = setTimeout(reset, ms);
    const restart = () => {
      clearTimeout(timer);
      timer = setTimeout(reset, ms);
    };
    const events = screen.kind === 'done' ? [] : ['pointerdown', 'keydown'];
    events.forEach((e) => document.addEventListener(e, restart));
    return () => {
      clearTimeout(timer);
      events.forEach((e) => document.removeEventListener(e, restart));
    };
  }, [screen, reset]);

  const identified = useCallback((session: KioskSessionFragment) => {
    setNotice(null);
    setScreen({ kind: 'bookings', session });
  }, []);

  const kiosk = useKioskScreen();
  const { deviceToken, forget } = kiosk;
  const tapHandlers = useMemo<TapHandlers | null>(
    () =>
      deviceToken
        ? {
            deviceToken,
            onIdentified: (session, entry) => {
              setNotice(null);
              setScreen({ kind: 'bookings', session, tapped: entry.bookingId });
            },
            onNeedsPin: (entry) => setScreen({ kind: 'tap-pin', entry }),
            onScreenEnded: (message) => {
              forget();
              setNotice(message);
              setScreen({ kind: 'start' });
            },
          }
        : null,
    [deviceToken, forget],
  );

  return (
    <Box
      sx={{ minHeight: '100vh', background: (t) => `linear-gradient(170deg, ${alpha(t.palette.primary.main, 0.1)}, transparent 420px)` }}
    >
      <Container maxWidth="md" sx={{ py: { xs: 2.5, sm: 4 }, px: { xs: 2, sm: 4 } }}>
        <Box
          component="header"
          sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, mb: { xs: 3, sm: 5 } }}
        >
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
            <BrandMark size={44} />
            <Box>
              <Typography sx={{ fontWeight: 'fontWeightExtraBold', fontSize: { xs: 17, sm: 20 } }}>{STUDIO_NAME}</Typography>
              <Typography component="h1" sx={{ fontWeight: 'fontWeightBold', fontSize: { xs: 14, sm: 16 }, color: 'primary.main' }}>
                Check-In
              </Typography>
            </Box>
          </Box>
          <Clock />
        </Box>

        {notice && (
          <Alert severity="info" onClose={() => setNotice(null)} sx={{ mb: 3, fontSize: 16 }}>
            {notice}
          </Alert>
        )}

        {screen.kind === 'start' && (
          <StartStep
            kiosk={kiosk}
            canTap={Boolean(tapHandlers)}
            onChoose={(kind) => setScreen({ kind })}
            onOpenClass={(openClass) => setScreen({ kind: 'roster', openClass })}
          />
        )}
        {screen.kind === 'find' && tapHandlers && (
          <StepFrame title="Find your name" onBack={reset}>
            <FindStep handlers={tapHandlers} onUsePin={() => setScreen({ kind: 'pin' })} />
          </StepFrame>
        )}
        {screen.kind === 'roster' && tapHandlers && (
          <StepFrame title={`${screen.openClass.blueprint.name} · ${formatTime(screen.openClass.startTime)}`} onBack={reset}>
            <Typography color="text.secondary" sx={{ fontSize: 17, mt: -2, mb: 2.5 }}>
              With {screen.openClass.instructor.name}. Tap your name.
            </Typography>
            <RosterStep classInstanceId={screen.openClass.id} handlers={tapHandlers} />
          </StepFrame>
        )}
        {screen.kind === 'tap-pin' && tapHandlers && (
          <StepFrame title={`Hi, ${screen.entry.name}`} onBack={reset}>
            <TapPinStep entry={screen.entry} handlers={tapHandlers} />
          </StepFrame>
        )}
        {screen.kind === 'pin' && <PinStep onIdentified={identified} onBack={reset} />}
        {screen.kind === 'scan' && <ScanStep onIdentified={identified} onBack={reset} onUsePin={() => setScreen({ kind: 'pin' })} />}
        {screen.kind === 'bookings' && (
          <BookingsStep
            session={screen.session}
            tapped={screen.tapped}
            onBack={reset}
            onExpired={() => {
              setNotice('Your check-in session timed out. Please identify yourself again.');
              reset();
            }}
            // The greeting stays the one the kiosk opened with (the person whose name was tapped).
            onDone={(checkedIn, session) =>
              setScreen({ kind: 'done', session: { ...session, firstName: screen.session.firstName }, checkedIn })
            }
          />
        )}
        {screen.kind === 'done' && <DoneStep session={screen.session} checkedIn={screen.checkedIn} onDone={reset} />}
      </Container>
    </Box>
  );
}
