import { useQuery } from '@apollo/client/react';
import CloseRounded from '@mui/icons-material/CloseRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useState, type ChangeEvent, type MouseEvent } from 'react';
import { errorMessage } from '../../app/errors';
import { visuallyHidden } from '../../components/ui';
import { useDebounced } from '../../components/useDebounced';
import { KioskFindDocument } from './checkin.generated';
import { EntryTiles, LetterPad, lookupLetters, typedLetters, useScreenEnded, type TapHandlers } from './NameFinder';

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
