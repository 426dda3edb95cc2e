import { useQuery } from '@apollo/client/react';
import { kioskNameLetters } from '@studio/rules';
import BackspaceOutlined from '@mui/icons-material/BackspaceOutlined';
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import CloseRounded from '@mui/icons-material/CloseRounded';
import LockRounded from '@mui/icons-material/LockRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import { alpha, type Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type ChangeEvent, type MouseEvent } from 'react';
import { formatTime } from '../../app/dates';
import { errorCode, errorMessage } from '../../app/errors';
import { useZodForm } from '../../app/forms';
import { visuallyHidden } from '../../components/ui';
import { useDebounced } from '../../components/useDebounced';
import { Controller } from 'react-hook-form';
import { z } from 'zod';
import { PinKeypad, typedPin } from './PinKeypad';
import { KioskFindDocument, KioskRosterDocument, type KioskEntryFragment, type KioskSessionFragment } from './checkin.generated';
import { useKioskTapIn } from './useKioskTapIn';

/** What the kiosk does with a tapped name: ask for the family's PIN, or open their check-in at once. */
export interface TapHandlers {
  deviceToken: string;
  /** The family's check-in opened for the tapped person. */
  onIdentified: (session: KioskSessionFragment, entry: KioskEntryFragment) => void;
  /** The family set a check-in PIN: ask for it first. */
  onNeedsPin: (entry: KioskEntryFragment) => void;
  /** The server no longer takes this screen as the kiosk (its set-up ended), with its words. */
  onScreenEnded: (message: string) => void;
}

/** Letters as typed (what the on-screen pad and a keyboard add), cut to what a lookup takes. */
export function typedLetters(text: string): string {
  return text
    .replace(/[^\p{L}\p{M}' .-]/gu, '')
    .replace(/\s+/g, ' ')
    .trimStart()
    .slice(0, 40);
}

/** The letters worth a lookup (the shared rule), or null while there is nothing to look up. */
export function lookupLetters(text: string): string | null {
  const parsed = kioskNameLetters.safeParse(text);
  return parsed.success ? parsed.data : null;
}

const ROWS = ['QWERTYUIOP', 'ASDFGHJKL', 'ZXCVBNM'] as const;

const keySx = {
  height: { xs: 48, sm: 60 },
  borderRadius: { xs: '10px', sm: '14px' },
  fontFamily: 'inherit',
  fontSize: { xs: 19, sm: 24 },
  fontWeight: 'fontWeightBold',
  color: 'text.primary',
  bgcolor: 'background.paper',
  border: 1,
  borderColor: 'divider',
  boxShadow: '0 1px 2px rgba(31, 27, 45, 0.06)',
  '&:active': { transform: 'scale(0.95)' },
  '&:hover': { bgcolor: (t: Theme) => alpha(t.palette.primary.main, 0.06) },
  '&.Mui-focusVisible': { outline: (t: Theme) => `3px solid ${alpha(t.palette.primary.main, 0.45)}` },
  '& svg': { fontSize: 26 },
} as const;

/** A large on-screen keyboard in the familiar QWERTY rows (the tablet's own keyboard would cover the names). */
export function LetterPad({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  // Keeps the focus (and a hardware keyboard) in the text field while the pad is tapped.
  const keepFocus = (e: MouseEvent) => e.preventDefault();
  // A name starts with a capital: the first letter, and the first after a space.
  const add = (letter: string) => onChange(typedLetters(value + (value === '' || value.endsWith(' ') ? letter : letter.toLowerCase())));
  return (
    <Box role="group" aria-label="Letters" sx={{ display: 'grid', gap: { xs: 0.75, sm: 1 }, maxWidth: 760, mx: 'auto', width: '100%' }}>
      {ROWS.map((row, i) => (
        <Box key={row} sx={{ display: 'grid', gridTemplateColumns: 'repeat(10, 1fr)', gap: { xs: 0.5, sm: 1 } }}>
          {i === 2 && <Box aria-hidden />}
          {[...row].map((letter) => (
            <ButtonBase key={letter} aria-label={`Letter ${letter}`} onMouseDown={keepFocus} onClick={() => add(letter)} sx={keySx}>
              {letter}
            </ButtonBase>
          ))}
          {i === 1 && (
            <ButtonBase aria-label="Delete last letter" onMouseDown={keepFocus} onClick={() => onChange(value.slice(0, -1))} sx={keySx}>
              <BackspaceOutlined />
            </ButtonBase>
          )}
          {i === 2 && (
            <ButtonBase
              aria-label="Space"
              onMouseDown={keepFocus}
              onClick={() => onChange(typedLetters(`${value} `))}
              sx={{ ...keySx, gridColumn: 'span 2', fontSize: { xs: 14, sm: 17 }, fontWeight: 'fontWeightSemiBold' }}
            >
              space
            </ButtonBase>
          )}
        </Box>
      ))}
    </Box>
  );
}

/** Names as big tiles: tapping one opens that family's check-in (after their PIN, when they set one). */
function EntryTiles({
  entries,
  label,
  handlers,
  showClass,
}: {
  entries: readonly KioskEntryFragment[];
  label: string;
  handlers: TapHandlers;
  showClass: boolean;
}) {
  const [tapIn] = useKioskTapIn();
  const [pending, setPending] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const tap = async (entry: KioskEntryFragment) => {
    setError(null);
    if (entry.needsPin) return handlers.onNeedsPin(entry);
    setPending(entry.bookingId);
    try {
      const { data } = await tapIn({ variables: { deviceToken: handlers.deviceToken, bookingId: entry.bookingId } });
      if (data) handlers.onIdentified(data.kioskTapIn, entry);
    } catch (err) {
      if (errorCode(err) === 'UNAUTHENTICATED') handlers.onScreenEnded(errorMessage(err));
      else setError(errorMessage(err, 'That did not work. Please try again or ask at the front desk.'));
    } finally {
      setPending(null);
    }
  };

  return (
    <Box>
      {error && (
        <Alert severity="error" sx={{ mb: 1.5, fontSize: 16 }}>
          {error}
        </Alert>
      )}
      <Box
        component="ul"
        aria-label={label}
        sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.25, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
      >
        {entries.map((entry) => (
          <li key={entry.bookingId}>
            <ButtonBase
              onClick={() => void tap(entry)}
              disabled={pending !== null}
              data-testid="kiosk-name"
              sx={{
                width: '100%',
                minHeight: 80,
                display: 'flex',
                alignItems: 'center',
                justifyContent: 'flex-start',
                gap: 1.5,
                textAlign: 'left',
                font: 'inherit',
                px: 2.25,
                py: 1.5,
                borderRadius: '18px',
                border: 2,
                borderColor: 'divider',
                bgcolor: entry.checkedIn ? 'studio.surface.success' : 'background.paper',
                '&:hover': { borderColor: 'primary.main' },
                '&:active': { transform: 'scale(0.99)' },
                '&.Mui-focusVisible': { outline: (t) => `3px solid ${alpha(t.palette.primary.main, 0.45)}`, outlineOffset: 2 },
              }}
            >
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography component="span" sx={{ display: 'block', fontWeight: 'fontWeightExtraBold', fontSize: { xs: 21, sm: 23 } }}>
                  {entry.name}
                </Typography>
                {showClass && (
                  <Typography component="span" color="text.secondary" sx={{ display: 'block', fontSize: 15 }}>
                    {entry.className} · {formatTime(entry.startTime)}
                  </Typography>
                )}
              </Box>
              {pending === entry.bookingId ? (
                <CircularProgress size={26} aria-label="Opening" />
              ) : entry.checkedIn ? (
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, color: 'success.main', fontWeight: 'fontWeightBold' }}>
                  <CheckCircleRounded aria-hidden />
                  Checked in
                </Box>
              ) : entry.needsPin ? (
                <LockRounded aria-label="PIN needed" sx={{ color: 'text.secondary' }} />
              ) : null}
            </ButtonBase>
          </li>
        ))}
      </Box>
    </Box>
  );
}

/** A lookup refused because this screen is no longer the kiosk hands over to the start screen (with the server's words). */
function useScreenEnded(error: unknown, onScreenEnded: (message: string) => void): boolean {
  const ended = errorCode(error) === 'UNAUTHENTICATED';
  const message = ended ? errorMessage(error) : null;
  useEffect(() => {
    if (message) onScreenEnded(message);
  }, [message, onScreenEnded]);
  return ended;
}

/** First letters of a first or last name (or both: "mia r"), then a tap on the name. */
export function FindStep({ handlers, onUsePin }: { handlers: TapHandlers; onUsePin: () => void }) {
  const [text, setText] = useState('');
  const letters = lookupLetters(useDebounced(text));
  const { data, previousData, loading, error } = useQuery(KioskFindDocument, {
    variables: { deviceToken: handlers.deviceToken, letters: letters ?? '' },
    skip: !letters,
    // Names are never kept once the kiosk moves on.
    fetchPolicy: 'no-cache',
  });
  const entries = (data ?? previousData)?.kioskFind ?? [];
  const ended = useScreenEnded(error, handlers.onScreenEnded);

  return (
    <Box sx={{ display: 'grid', gap: { xs: 2, sm: 2.5 } }}>
      <Box sx={{ position: 'relative' }}>
        <Box
          component="input"
          value={text}
          onChange={(e: ChangeEvent<HTMLInputElement>) => setText(typedLetters(e.target.value))}
          aria-label="First letters of your name"
          placeholder="Type the first letters of your name"
          autoComplete="off"
          autoCapitalize="words"
          spellCheck={false}
          inputMode="none"
          autoFocus
          sx={{
            width: '100%',
            boxSizing: 'border-box',
            font: 'inherit',
            fontSize: { xs: 24, sm: 30 },
            fontWeight: 'fontWeightBold',
            pl: 2.5,
            pr: 8,
            py: { xs: 1.5, sm: 2 },
            borderRadius: '18px',
            border: 2,
            borderColor: 'primary.main',
            bgcolor: 'background.paper',
            color: 'text.primary',
            outline: 'none',
            '&::placeholder': { color: 'text.secondary', fontWeight: 'fontWeightRegular', fontSize: { xs: 18, sm: 22 }, opacity: 1 },
            '&:focus-visible': { boxShadow: (t) => `0 0 0 4px ${alpha(t.palette.primary.main, 0.25)}` },
          }}
        />
        {text && (
          <IconButton
            aria-label="Clear the letters"
            onMouseDown={(e: MouseEvent) => e.preventDefault()}
            onClick={() => setText('')}
            sx={{ position: 'absolute', right: 10, top: '50%', transform: 'translateY(-50%)', width: 52, height: 52 }}
          >
            <CloseRounded />
          </IconButton>
        )}
      </Box>
      <Box sx={{ minHeight: { xs: 180, sm: 200 } }}>
        {error && !ended ? (
          <Alert severity="error" sx={{ fontSize: 16 }}>
            {errorMessage(error, 'Names could not be looked up. Please try again or use your PIN.')}
          </Alert>
        ) : !letters ? (
          <Typography color="text.secondary" sx={{ fontSize: 18, textAlign: 'center', py: 3 }}>
            Only people booked into a class open for check-in now are listed.
          </Typography>
        ) : loading && entries.length === 0 ? (
          <Skeleton variant="rounded" height={80} sx={{ borderRadius: '18px' }} />
        ) : entries.length === 0 ? (
          <Box sx={{ textAlign: 'center', py: 2 }}>
            <Typography role="status" sx={{ fontWeight: 'fontWeightBold', fontSize: 19 }}>
              No one booked into a class open now matches “{letters}”.
            </Typography>
            <Typography color="text.secondary" sx={{ mt: 0.5 }}>
              Check the spelling, try your last name, or check in with your PIN.
            </Typography>
          </Box>
        ) : (
          <>
            <Typography role="status" sx={visuallyHidden}>
              {entries.length === 1 ? '1 name found' : `${entries.length} names found`}
            </Typography>
            <EntryTiles entries={entries} label="Matching names" handlers={handlers} showClass />
          </>
        )}
      </Box>
      <LetterPad value={text} onChange={setText} />
      <Box sx={{ textAlign: 'center' }}>
        <Button onClick={onUsePin} size="large" sx={{ minHeight: 48 }}>
          Can’t find your name? Check in with your PIN
        </Button>
      </Box>
    </Box>
  );
}

/** The roster of one class open now: everyone booked, by first name; tap yours. */
export function RosterStep({ classInstanceId, handlers }: { classInstanceId: string; handlers: TapHandlers }) {
  const { data, loading, error } = useQuery(KioskRosterDocument, {
    variables: { deviceToken: handlers.deviceToken, classInstanceId },
    fetchPolicy: 'no-cache',
  });
  const ended = useScreenEnded(error, handlers.onScreenEnded);
  const entries = data?.kioskRoster ?? [];
  if (error && !ended) return <Alert severity="error">{errorMessage(error, 'The class list could not be loaded.')}</Alert>;
  if (loading || !data) return <Skeleton variant="rounded" height={80} sx={{ borderRadius: '18px' }} />;
  if (entries.length === 0) {
    return (
      <Typography sx={{ fontSize: 18 }} color="text.secondary">
        Nobody is booked into this class yet. Ask at the front desk to join it.
      </Typography>
    );
  }
  return <EntryTiles entries={entries} label="Booked into this class" handlers={handlers} showClass={false} />;
}

const tapPinForm = z.object({ pin: typedPin });

/** A family that set a check-in PIN gives it after tapping a name (wrong PINs count towards the kiosk lock). */
export function TapPinStep({ entry, handlers }: { entry: KioskEntryFragment; handlers: TapHandlers }) {
  const { control, handleSubmit, setValue, setError, formState } = useZodForm(tapPinForm, { defaultValues: { pin: '' } });
  const [tapIn, { loading }] = useKioskTapIn();
  const pinError = formState.errors.pin?.message;

  const submit = handleSubmit(async ({ pin }) => {
    try {
      const { data } = await tapIn({ variables: { deviceToken: handlers.deviceToken, bookingId: entry.bookingId, pin } });
      if (data) handlers.onIdentified(data.kioskTapIn, entry);
    } catch (err) {
      setValue('pin', '');
      setError('pin', { type: 'server', message: errorMessage(err, 'That did not work. Please try again or ask at the front desk.') });
    }
  });

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 3, maxWidth: 460, mx: 'auto' }}>
      <Typography id="tap-pin-label" sx={{ fontWeight: 'fontWeightBold', textAlign: 'center', fontSize: 18 }}>
        Your family’s 4-digit check-in PIN
      </Typography>
      <Controller
        control={control}
        name="pin"
        render={({ field }) => (
          <PinKeypad
            value={field.value}
            onChange={field.onChange}
            disabled={loading}
            describedBy={pinError ? 'tap-pin-error' : 'tap-pin-label'}
          />
        )}
      />
      {pinError && (
        <Typography id="tap-pin-error" role="alert" color="error" sx={{ textAlign: 'center', fontWeight: 'fontWeightSemiBold' }}>
          {pinError}
        </Typography>
      )}
      <Button type="submit" variant="contained" size="large" disabled={loading} sx={{ minHeight: 64, fontSize: 20, borderRadius: '18px' }}>
        {loading ? 'Checking…' : 'Continue'}
      </Button>
    </Box>
  );
}
