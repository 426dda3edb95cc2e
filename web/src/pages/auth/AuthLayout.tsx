import { alpha } from '@mui/material/styles';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { BrandMark } from '../../components/Brand';
import { useDocumentTitle } from '../../components/PageFrame';

/** The sign-in pages: a focused card on a soft brand backdrop. */
export function AuthLayout({
  title,
  subtitle,
  children,
  footer,
  wide = false,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  wide?: boolean;
}) {
  useDocumentTitle(title);
  return (
    <Box
      sx={{
        minHeight: 'calc(100vh - 68px)',
        display: 'flex',
        alignItems: { xs: 'flex-start', sm: 'center' },
        justifyContent: 'center',
        px: 2,
        py: { xs: 3, sm: 6 },
        background: (t) =>
          `radial-gradient(circle at 15% 0%, ${alpha(t.palette.primary.main, 0.12)}, transparent 40%), radial-gradient(circle at 100% 100%, ${alpha(t.palette.secondary.main, 0.1)}, transparent 40%)`,
      }}
    >
      <Box sx={{ width: '100%', maxWidth: wide ? 560 : 440 }}>
        <Card sx={{ p: { xs: 3, sm: 4.5 }, boxShadow: '0 24px 48px rgba(31, 27, 45, 0.08)' }}>
          <Box sx={{ display: 'flex', justifyContent: 'center', mb: 2.5 }}>
            <BrandMark size={44} />
          </Box>
          <Typography
            component="h1"
            variant="h5"
            sx={{ textAlign: 'center', fontWeight: 'fontWeightExtraBold', fontSize: { xs: '1.45rem', sm: '1.6rem' } }}
          >
            {title}
          </Typography>
          {subtitle && (
            <Typography color="text.secondary" sx={{ textAlign: 'center', mt: 1, mb: 1 }}>
              {subtitle}
            </Typography>
          )}
          <Box sx={{ mt: 3 }}>{children}</Box>
        </Card>
        {footer && <Box sx={{ textAlign: 'center', mt: 3, color: 'text.secondary' }}>{footer}</Box>}
      </Box>
    </Box>
  );
}
