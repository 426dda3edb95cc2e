import { kioskNameLetters } from '@studio/rules';
import BackspaceOutlined from '@mui/icons-material/BackspaceOutlined';
import MedicalInformationOutlined from '@mui/icons-material/MedicalInformationOutlined';
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import LockRounded from '@mui/icons-material/LockRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import CircularProgress from '@mui/material/CircularProgress';
import { alpha, type Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type MouseEvent } from 'react';
import { formatTime } from '../../app/dates';
import { errorCode, errorMessage } from '../../app/errors';
import { type KioskEntryFragment, type KioskSessionFragment } from './checkin.generated';
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
export function EntryTiles({
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
                <Typography
                  component="span"
                  sx={{ display: 'flex', alignItems: 'center', gap: 0.75, fontWeight: 'fontWeightExtraBold', fontSize: { xs: 21, sm: 23 } }}
                >
                  {entry.name}
                  {entry.hasHealthDetails && (
                    // Staff know to look at the roster on their own screen; nothing else is said here.
                    <MedicalInformationOutlined titleAccess="Health details on file" sx={{ fontSize: 18, color: 'text.disabled' }} />
                  )}
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
export function useScreenEnded(error: unknown, onScreenEnded: (message: string) => void): boolean {
  const ended = errorCode(error) === 'UNAUTHENTICATED';
  const message = ended ? errorMessage(error) : null;
  useEffect(() => {
    if (message) onScreenEnded(message);
  }, [message, onScreenEnded]);
  return ended;
}
