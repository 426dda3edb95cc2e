import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { useAuth } from '../../app/session';
import { useDocumentTitle } from '../../components/PageFrame';

/** Unlisted paths: a page saying so, with a way home. */
export default function NotFoundPage() {
  useDocumentTitle('Page Not Found');
  const { pathname } = useLocation();
  const { isAuthenticated } = useAuth();
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 8, md: 14 }, textAlign: 'center' }}>
      <Typography
        aria-hidden
        sx={{
          fontSize: { xs: 88, md: 120 },
          fontWeight: 'fontWeightBlack',
          lineHeight: 1,
          letterSpacing: '-0.04em',
          background: (t) => `linear-gradient(135deg, ${t.palette.primary.main}, ${t.palette.secondary.main})`,
          WebkitBackgroundClip: 'text',
          backgroundClip: 'text',
          color: 'transparent',
        }}
      >
        404
      </Typography>
      <Typography component="h1" variant="h4" sx={{ mt: 2 }}>
        Page Not Found
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1.5, wordBreak: 'break-word' }}>
        We couldn’t find{' '}
        <Box component="code" sx={{ fontFamily: 'monospace', bgcolor: 'action.hover', px: 0.75, borderRadius: '6px' }}>
          {pathname}
        </Box>
        . It may have moved, or the link may be mistyped.
      </Typography>
      <Box sx={{ display: 'flex', gap: 1.5, justifyContent: 'center', mt: 4, flexWrap: 'wrap' }}>
        <Button variant="contained" size="large" component={RouterLink} to="/">
          Go to home
        </Button>
        {isAuthenticated && (
          <Button variant="outlined" size="large" component={RouterLink} to="/dashboard">
            Open dashboard
          </Button>
        )}
      </Box>
    </Container>
  );
}
