import CheckroomRounded from '@mui/icons-material/CheckroomRounded';
import LocalCafeRounded from '@mui/icons-material/LocalCafeRounded';
import Box from '@mui/material/Box';

/**
 * A product's square thumbnail (its cover picture), or its category's icon when it has none. Decorative: the
 * product's name is always written beside it.
 */
export function ProductThumb({
  url,
  category,
  size = 44,
  radius = 2,
}: {
  url: string | null | undefined;
  category: string;
  size?: number | { xs: number; sm: number };
  radius?: number;
}) {
  const Icon = category === 'snacks' ? LocalCafeRounded : CheckroomRounded;
  return (
    <Box
      aria-hidden
      sx={{
        width: size,
        height: size,
        borderRadius: radius,
        flexShrink: 0,
        overflow: 'hidden',
        display: 'grid',
        placeItems: 'center',
        bgcolor: 'action.hover',
        color: 'primary.main',
      }}
    >
      {url ? (
        <Box component="img" src={url} alt="" loading="lazy" decoding="async" sx={{ width: '100%', height: '100%', objectFit: 'cover' }} />
      ) : (
        <Icon />
      )}
    </Box>
  );
}
