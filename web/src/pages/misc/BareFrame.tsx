import { alpha } from '@mui/material/styles';
import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { BrandMark, STUDIO_NAME } from '../../components/Brand';
import { EmptyState } from '../../components/EmptyState';
import { useDocumentTitle } from '../../components/PageFrame';

/** Kiosk-style frame for the pages without the navigation bar (/calendar, /check-in). */
export function BareFrame({ title, icon, line }: { title: string; icon: ReactNode; line: string }) {
  useDocumentTitle(title);
  return (
    <Box sx={{ minHeight: '100vh', background: (t) => `linear-gradient(160deg, ${alpha(t.palette.primary.main, 0.08)}, transparent 55%)` }}>
      <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: { xs: 4, md: 6 }, gap: 2 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25 }}>
            <BrandMark />
            <Typography sx={{ fontWeight: 800 }}>{STUDIO_NAME}</Typography>
          </Box>
          <Button component={RouterLink} to="/" startIcon={<ArrowBackRounded />}>
            Home
          </Button>
        </Box>
        <Typography component="h1" variant="h3" sx={{ fontSize: { xs: '2rem', md: '2.75rem' }, mb: 3 }}>
          {title}
        </Typography>
        <Card>
          <EmptyState icon={icon} title="Coming soon">
            {line}
          </EmptyState>
        </Card>
      </Container>
    </Box>
  );
}
