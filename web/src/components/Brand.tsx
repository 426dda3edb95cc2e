import { alpha } from '@mui/material/styles';
import Box from '@mui/material/Box';
import { Link as RouterLink } from 'react-router-dom';
import { STUDIO_NAME } from './documentTitle';

export { STUDIO_NAME };

/** The studio mark: a silks loop in the brand gradient. */
export function BrandMark({ size = 32 }: { size?: number }) {
  return (
    <Box
      aria-hidden
      sx={{
        width: size,
        height: size,
        borderRadius: `${size / 3.5}px`,
        background: (t) => `linear-gradient(135deg, ${t.palette.primary.main}, ${t.palette.secondary.main})`,
        display: 'grid',
        placeItems: 'center',
        flexShrink: 0,
        color: 'common.white',
        boxShadow: (t) => `0 4px 12px ${alpha(t.palette.primary.main, 0.25)}`,
      }}
    >
      <svg
        width={size * 0.62}
        height={size * 0.62}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.2"
        strokeLinecap="round"
      >
        <path d="M7 2c0 6 3 8 5 11s-1 6-1 6M17 2c0 6-3 8-5 11" />
        <circle cx="12" cy="20" r="1.6" fill="currentColor" stroke="none" />
      </svg>
    </Box>
  );
}

export function Brand({ compact = false }: { compact?: boolean }) {
  return (
    <Box
      component={RouterLink}
      to="/"
      aria-label={`${STUDIO_NAME} home`}
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 1.25,
        color: 'text.primary',
        textDecoration: 'none',
        borderRadius: '8px',
        py: 0.5,
        pr: 1,
      }}
    >
      <BrandMark />
      {!compact && (
        <Box component="span" sx={{ fontWeight: 'fontWeightExtraBold', fontSize: 18, letterSpacing: '-0.01em', whiteSpace: 'nowrap' }}>
          {STUDIO_NAME}
        </Box>
      )}
    </Box>
  );
}
