import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { studioClock } from '../../app/dates';
import { useNow } from '../../components/schedule/holds';

/** The kiosk's clock in the header: studio time, and the day on wider screens. */
export function Clock() {
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

/** One of the big ways to identify on the start screen. */
export function BigChoice({
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

/** A step after the start screen: a Back button and the step's title above its content. */
export function StepFrame({ title, onBack, children }: { title: string; onBack: () => void; children: ReactNode }) {
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
