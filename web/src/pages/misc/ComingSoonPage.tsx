import AutoAwesomeRounded from '@mui/icons-material/AutoAwesomeRounded';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import { Link as RouterLink } from 'react-router-dom';
import { useAuth } from '../../app/session';
import { EmptyState } from '../../components/EmptyState';
import { PageFrame } from '../../components/PageFrame';
import { COMING_SOON_LINES } from './comingSoonCopy';

/** The frame of a page whose feature arrives with a later issue: its title and a short line, never a blank screen. */
export function ComingSoonPage({ path, title }: { path: string; title: string }) {
  const line = COMING_SOON_LINES[path] ?? 'This part of the studio app is coming soon.';
  const { isAuthenticated } = useAuth();
  return (
    <PageFrame title={title}>
      <Card sx={{ bgcolor: 'background.paper' }}>
        <EmptyState
          icon={<AutoAwesomeRounded />}
          title="Coming soon"
          action={
            <Button variant="outlined" component={RouterLink} to={isAuthenticated ? '/dashboard' : '/'}>
              {isAuthenticated ? 'Back to dashboard' : 'Back to home'}
            </Button>
          }
        >
          {line}
        </EmptyState>
      </Card>
    </PageFrame>
  );
}

export default ComingSoonPage;
