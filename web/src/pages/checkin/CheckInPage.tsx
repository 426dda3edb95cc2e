import { useQuery } from '@apollo/client/react';
import { loginUsername } from '@studio/rules';
import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import DialpadRounded from '@mui/icons-material/DialpadRounded';
import ChevronRightRounded from '@mui/icons-material/ChevronRightRounded';
import EventBusyRounded from '@mui/icons-material/EventBusyRounded';
import PersonSearchRounded from '@mui/icons-material/PersonSearchRounded';
import QrCodeScannerRounded from '@mui/icons-material/QrCodeScannerRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Controller } from 'react-hook-form';
import { z } from 'zod';
import { errorCode, errorMessage } from '../../app/errors';
import { FormTextField, setServerErrors, useZodForm } from '../../app/forms';
import { BrandMark, STUDIO_NAME } from '../../components/Brand';
import { useDocumentTitle } from '../../components/PageFrame';
import { apparatusColor, levelLabel } from '../../components/schedule/classLabels';
import { useNow } from '../../components/schedule/holds';
import { KioskClassesDocument, type KioskClassesQuery, type KioskEntryFragment, type KioskSessionFragment } from './checkin.generated';
import { KioskScreenSetup } from './KioskScreenSetup';
import { FindStep, RosterStep, TapPinStep, type TapHandlers } from './NameFinder';
import { PinKeypad, typedPin } from './PinKeypad';
import { QrScanner } from './QrScanner';
import { formatTime, studioClock } from '../../app/dates';
import { useKioskCheckIn } from './useKioskCheckIn';
import { useKioskSignIn } from './useKioskSignIn';
import { useKioskScreen } from './useKioskScreen';
import { useKioskSignInWithCode } from './useKioskSignInWithCode';

/** After a check-in the kiosk returns to the start on its own; any other screen after a minute without a tap. */
export const DONE_RESET_MS = 20_000;
export const IDLE_RESET_MS = 60_000;

type OpenClass = KioskClassesQuery['kioskClasses'][number];

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

/**
 * Bookings chosen at first: after a PIN or QR code, everyone not yet checked in; after a tap on a name, only that
 * person (the rest of the family may not be here).
 */
export function defaultSelection(session: KioskSessionFragment, tapped?: string): string[] {
  return session.bookings.filter((b) => !b.checkedIn && (tapped === undefined || b.bookingId === tapped)).map((b) => b.bookingId);
}

function Clock() {
  const now = useNow(15_000);
  const { time, day } = studioClock(now);
  return (
    <Box sx={{ textAlign: 'right' }}>
      <Typography
        sx={{ fontWeight: 'fontWeightExtraBold', fontSize: { xs: 22, sm: 30 }, lineHeight: 1.1, fontVariantNumeric: 'tabular-nums' }}
      >
        {time}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ display: { xs: 'none', sm: 'block' } }}>
        {day}
      </Typography>
    </Box>
  );
}

function BigChoice({
  icon,
  title,
  line,
  onClick,
  quiet = false,
}: {
  icon: ReactNode;
  title: string;
  line: string;
  onClick: () => void;
  /** A second choice next to the main one: outlined, not filled. */
  quiet?: boolean;
}) {
  return (
    <ButtonBase
      onClick={onClick}
      sx={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'flex-start',
        gap: 2.5,
        textAlign: 'left',
        font: 'inherit',
        p: { xs: 2.5, sm: 3.5 },
        borderRadius: '24px',
        bgcolor: quiet ? 'background.paper' : 'primary.main',
        color: quiet ? 'primary.main' : 'primary.contrastText',
        border: quiet ? 2 : 0,
        borderColor: (t) => alpha(t.palette.primary.main, 0.35),
        boxShadow: (t) => (quiet ? 'none' : `0 10px 30px ${alpha(t.palette.primary.main, 0.3)}`),
        minHeight: quiet ? 96 : 112,
        width: '100%',
        '&:hover': { bgcolor: quiet ? (t) => alpha(t.palette.primary.main, 0.06) : 'primary.dark' },
        '&:active': { transform: 'scale(0.99)' },
        '&.Mui-focusVisible': { outline: (t) => `4px solid ${alpha(t.palette.primary.main, 0.45)}`, outlineOffset: 3 },
      }}
    >
      <Box
        aria-hidden
        sx={{
          width: 64,
          height: 64,
          borderRadius: '18px',
          bgcolor: (t) => (quiet ? alpha(t.palette.primary.main, 0.1) : alpha(t.palette.common.white, 0.16)),
          display: 'grid',
          placeItems: 'center',
          flexShrink: 0,
          '& svg': { fontSize: 36 },
        }}
      >
        {icon}
      </Box>
      <Box>
        <Box component="span" sx={{ display: 'block', fontSize: { xs: 21, sm: 25 }, fontWeight: 'fontWeightExtraBold' }}>
          {title}
        </Box>
        <Box
          component="span"
          sx={{ display: 'block', fontSize: { xs: 15, sm: 17 }, opacity: 0.92, mt: 0.25, color: quiet ? 'text.secondary' : undefined }}
        >
          {line}
        </Box>
      </Box>
    </ButtonBase>
  );
}

/**
 * Today's classes open for check-in: class, time, apparatus, instructor — never who booked. On a screen staff set up
 * as the kiosk, a class opens its roster (`onOpen`).
 */
function OpenClasses({ onOpen }: { onOpen?: (c: OpenClass) => void }) {
  // Refreshed each time the kiosk returns to its start screen (this remounts), never by polling.
  const { data, loading, error } = useQuery(KioskClassesDocument, { fetchPolicy: 'cache-and-network', nextFetchPolicy: 'cache-first' });
  const classes = data?.kioskClasses ?? [];
  return (
    <Box component="section" aria-labelledby="open-classes-title">
      <Typography id="open-classes-title" component="h2" sx={{ fontWeight: 'fontWeightExtraBold', fontSize: { xs: 19, sm: 22 }, mb: 0.5 }}>
        Open for check-in now
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1.5, fontSize: 16 }}>
        {onOpen && classes.length > 0 ? 'Tap your class, then your name.' : '\u00a0'}
      </Typography>
      {error && !data ? (
        <Alert severity="error">{errorMessage(error, 'The class list could not be loaded.')}</Alert>
      ) : loading && !data ? (
        <Skeleton variant="rounded" height={88} sx={{ borderRadius: '18px' }} />
      ) : classes.length === 0 ? (
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 2,
            p: 2.5,
            borderRadius: '18px',
            border: 1,
            borderColor: 'divider',
            bgcolor: 'background.paper',
          }}
        >
          <EventBusyRounded aria-hidden sx={{ fontSize: 36, color: 'text.secondary' }} />
          <Box>
            <Typography sx={{ fontWeight: 'fontWeightBold' }}>No classes are open for check-in right now</Typography>
            <Typography variant="body2" color="text.secondary">
              Check-in opens 30 minutes before class and closes 15 minutes after it starts.
            </Typography>
          </Box>
        </Box>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.25 }}>
          {classes.map((c) => {
            const color = apparatusColor(c.blueprint.apparatus.name);
            return (
              <Box
                component="li"
                key={c.id}
                data-testid="kiosk-class"
                sx={{
                  borderRadius: '18px',
                  border: 1,
                  borderColor: 'divider',
                  borderLeft: `6px solid ${color}`,
                  bgcolor: 'background.paper',
                }}
              >
                <Box
                  {...(onOpen ? { component: ButtonBase, onClick: () => onOpen(c) } : {})}
                  sx={{
                    display: 'flex',
                    alignItems: 'center',
                    gap: 2,
                    p: 2,
                    width: '100%',
                    minHeight: 80,
                    font: 'inherit',
                    textAlign: 'left',
                    justifyContent: 'flex-start',
                    borderRadius: '17px',
                  }}
                >
                  <Box sx={{ minWidth: 92 }}>
                    <Typography sx={{ fontWeight: 'fontWeightExtraBold', fontSize: 20, fontVariantNumeric: 'tabular-nums' }}>
                      {formatTime(c.startTime)}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      until {formatTime(c.endTime)}
                    </Typography>
                  </Box>
                  <Box sx={{ minWidth: 0, flex: 1 }}>
                    <Typography sx={{ fontWeight: 'fontWeightExtraBold', fontSize: 18 }}>{c.blueprint.name}</Typography>
                    <Typography variant="body2" color="text.secondary">
                      {c.blueprint.apparatus.name} · {levelLabel(c.blueprint.level)} · with {c.instructor.name}
                    </Typography>
                  </Box>
                  {onOpen && <ChevronRightRounded aria-hidden sx={{ color: 'text.secondary', fontSize: 32 }} />}
                </Box>
              </Box>
            );
          })}
        </Box>
      )}
    </Box>
  );
}

function StepFrame({ title, onBack, children }: { title: string; onBack: () => void; children: ReactNode }) {
  return (
    <Box>
      <Button onClick={onBack} startIcon={<ArrowBackRounded />} size="large" sx={{ mb: 2, ml: -1, minHeight: 48 }}>
        Back
      </Button>
      <Typography component="h2" sx={{ fontWeight: 'fontWeightExtraBold', fontSize: { xs: 26, sm: 32 }, mb: 3 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

const pinSignInForm = z.object({ username: z.string().trim().pipe(loginUsername), pin: typedPin });

function PinStep({ onIdentified, onBack }: { onIdentified: (s: KioskSessionFragment) => void; onBack: () => void }) {
  const { control, handleSubmit, setError, setValue, formState } = useZodForm(pinSignInForm, { defaultValues: { username: '', pin: '' } });
  const [formError, setFormError] = useState<string | null>(null);
  const [signIn, { loading }] = useKioskSignIn();
  const pinError = formState.errors.pin?.message;

  const submit = handleSubmit(async ({ username, pin }) => {
    setFormError(null);
    try {
      const { data } = await signIn({ variables: { username, pin } });
      if (data) onIdentified(data.kioskSignIn);
    } catch (error) {
      setValue('pin', '');
      const fields = setServerErrors(error, setError);
      if (!fields.pin && !fields.username) setFormError(errorMessage(error, 'Could not check you in. Please try again.'));
    }
  });

  return (
    <StepFrame title="Check in with your PIN" onBack={onBack}>
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 3, maxWidth: 460, mx: 'auto' }}>
        {formError && (
          <Alert severity="error" role="alert" sx={{ fontSize: 16 }}>
            {formError}
          </Alert>
        )}
        <FormTextField
          control={control}
          name="username"
          label="Username"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          slotProps={{ htmlInput: { style: { fontSize: 22, paddingBlock: 18 } } }}
          required
        />
        <Box>
          <Typography id="pin-label" sx={{ fontWeight: 'fontWeightBold', textAlign: 'center', mb: 1.5, fontSize: 17 }}>
            Your 4-digit check-in PIN
          </Typography>
          <Controller
            control={control}
            name="pin"
            render={({ field }) => (
              <PinKeypad
                value={field.value}
                onChange={field.onChange}
                disabled={loading}
                describedBy={pinError ? 'pin-error' : 'pin-label'}
              />
            )}
          />
          {pinError && (
            <Typography id="pin-error" role="alert" color="error" sx={{ textAlign: 'center', mt: 1.5, fontWeight: 'fontWeightSemiBold' }}>
              {pinError}
            </Typography>
          )}
        </Box>
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={loading}
          sx={{ minHeight: 64, fontSize: 20, borderRadius: '18px' }}
        >
          {loading ? 'Checking…' : 'Continue'}
        </Button>
        <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
          Set or change your PIN on your profile page in the app.
        </Typography>
      </Box>
    </StepFrame>
  );
}

function ScanStep({
  onIdentified,
  onBack,
  onUsePin,
}: {
  onIdentified: (s: KioskSessionFragment) => void;
  onBack: () => void;
  onUsePin: () => void;
}) {
  const [signIn, { loading }] = useKioskSignInWithCode();
  const [error, setError] = useState<string | null>(null);
  const onCode = useCallback(
    async (code: string) => {
      setError(null);
      try {
        const { data } = await signIn({ variables: { code } });
        if (data) onIdentified(data.kioskSignInWithCode);
      } catch (err) {
        setError(errorMessage(err, 'That code could not be read. Please try again or use your PIN.'));
      }
    },
    [signIn, onIdentified],
  );
  return (
    <StepFrame title="Scan your QR code" onBack={onBack}>
      <Box sx={{ display: 'grid', gap: 2.5, maxWidth: 560, mx: 'auto' }}>
        <Typography color="text.secondary" sx={{ fontSize: 17 }}>
          Open your dashboard in the studio app and hold your check-in code up to the camera.
        </Typography>
        {error && (
          <Alert severity="error" sx={{ fontSize: 16 }}>
            {error}
          </Alert>
        )}
        <QrScanner onCode={(code) => void onCode(code)} paused={loading} />
        <Button
          variant="outlined"
          size="large"
          startIcon={<DialpadRounded />}
          onClick={onUsePin}
          sx={{ minHeight: 56, borderRadius: '16px' }}
        >
          Use my PIN instead
        </Button>
      </Box>
    </StepFrame>
  );
}

function BookingsStep({
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

function DoneStep({
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
          <Box sx={{ display: 'grid', gap: { xs: 4, sm: 5 } }}>
            <Box>
              <Typography
                component="p"
                sx={{ fontWeight: 'fontWeightExtraBold', fontSize: { xs: 30, sm: 44 }, lineHeight: 1.1, letterSpacing: '-0.02em', mb: 1 }}
              >
                Welcome! Ready to fly?
              </Typography>
              <Typography color="text.secondary" sx={{ fontSize: { xs: 17, sm: 20 } }}>
                Check yourself and your family in for today’s class.
              </Typography>
            </Box>
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: tapHandlers ? '1fr 1fr' : '1fr', md: '1fr 1fr' } }}>
              {tapHandlers && (
                <Box sx={{ gridColumn: '1 / -1' }}>
                  <BigChoice
                    icon={<PersonSearchRounded />}
                    title="Find my name"
                    line="Type the first letters, then tap your name"
                    onClick={() => setScreen({ kind: 'find' })}
                  />
                </Box>
              )}
              <BigChoice
                icon={<DialpadRounded />}
                title="Check in with PIN"
                line="Your username and 4-digit PIN"
                onClick={() => setScreen({ kind: 'pin' })}
                quiet={Boolean(tapHandlers)}
              />
              <BigChoice
                icon={<QrCodeScannerRounded />}
                title="Scan my QR code"
                line="From your dashboard in the app"
                onClick={() => setScreen({ kind: 'scan' })}
                quiet={Boolean(tapHandlers)}
              />
            </Box>
            <OpenClasses onOpen={tapHandlers ? (openClass) => setScreen({ kind: 'roster', openClass }) : undefined} />
            <KioskScreenSetup screen={kiosk} />
          </Box>
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
