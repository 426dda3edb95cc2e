import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** The green tick, title and one line that open a page confirming a finished checkout (order, invoice, membership). */
export function SuccessHeading({ title, children, lineTestId }: { title: ReactNode; children: ReactNode; lineTestId?: string }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 2 }}>
      <CheckCircleRounded color="success" fontSize="large" aria-hidden />
      <Box>
        <Typography component="h2" variant="h6">
          {title}
        </Typography>
        <Typography variant="body2" color="text.secondary" data-testid={lineTestId}>
          {children}
        </Typography>
      </Box>
    </Box>
  );
}
