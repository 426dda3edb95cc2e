import { alpha } from '@mui/material/styles';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import { useQuery, useSubscription } from '@apollo/client/react';
import { useAuth } from '../../app/session';
import { useDocumentTitle } from '../../components/documentTitle';
import { LandingPageChangedDocument, LandingPageDocument } from './landing.generated';
import { FALLBACK_LANDING } from './fallback';
import { LandingView } from './LandingView';

export default function LandingPage() {
  useDocumentTitle('');
  const { isAuthenticated } = useAuth();
  const { data, error } = useQuery(LandingPageDocument);
  // An admin's save reaches every open landing page at once; the result lands in the same cached record.
  useSubscription(LandingPageChangedDocument);

  const config = data?.landingPageConfig ?? (error ? FALLBACK_LANDING : null);
  if (!config) {
    return (
      <Box role="status" aria-busy="true" aria-label="Loading the landing page">
        <Box
          sx={{
            height: { xs: 480, md: 560 },
            background: (t) => `linear-gradient(135deg, ${alpha(t.palette.primary.main, 0.2)}, ${alpha(t.palette.secondary.main, 0.13)})`,
          }}
        />
        <Container maxWidth="lg" sx={{ py: 8, display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'repeat(4, 1fr)' } }}>
          {[0, 1, 2, 3].map((i) => (
            <Box key={i} sx={{ height: 180, borderRadius: '18px', bgcolor: 'action.hover' }} />
          ))}
        </Container>
      </Box>
    );
  }
  return <LandingView config={config} signedIn={isAuthenticated} />;
}
