import { alpha } from '@mui/material/styles';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A friendly placeholder: an icon in a soft circle, a title, a line and an optional action. */
export function EmptyState({
  icon,
  title,
  children,
  action,
  dense = false,
}: {
  icon: ReactNode;
  title: string;
  children?: ReactNode;
  action?: ReactNode;
  dense?: boolean;
}) {
  return (
    <Box sx={{ textAlign: 'center', py: dense ? 3 : 6, px: 2, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1 }}>
      <Box
        aria-hidden
        sx={{
          width: dense ? 48 : 64,
          height: dense ? 48 : 64,
          borderRadius: '50%',
          display: 'grid',
          placeItems: 'center',
          bgcolor: (t) => `${alpha(t.palette.primary.main, 0.08)}`,
          color: 'primary.main',
          mb: 0.5,
          '& svg': { fontSize: dense ? 26 : 32 },
        }}
      >
        {icon}
      </Box>
      <Typography component="p" variant={dense ? 'subtitle1' : 'h6'}>
        {title}
      </Typography>
      {children && (
        <Typography color="text.secondary" variant="body2" sx={{ maxWidth: 360 }}>
          {children}
        </Typography>
      )}
      {action && <Box sx={{ mt: 1.5 }}>{action}</Box>}
    </Box>
  );
}
