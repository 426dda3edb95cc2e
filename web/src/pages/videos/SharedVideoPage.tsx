import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useQuery } from '@apollo/client/react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { useAuth } from '../../app/session';
import { PageFrame } from '../../components/PageFrame';
import NotFoundPage from '../misc/NotFoundPage';
import { SharedVideoDocument } from './sharedVideo.generated';

/**
 * /video/:id: a shared video for anyone, signed in or not, with a call to book an intro class. A video whose sharing
 * is off, expired or revoked is 'Page Not Found', with nothing about it in the page or its data.
 */
export default function SharedVideoPage() {
  const { id = '' } = useParams();
  const { isAuthenticated } = useAuth();
  const { data, loading, error } = useQuery(SharedVideoDocument, { variables: { id }, fetchPolicy: 'network-only' });
  if (loading && !data) return <Skeleton variant="rounded" sx={{ m: 3, aspectRatio: '16 / 9', maxWidth: 960 }} />;
  const video = data?.sharedVideo;
  if (!video || error) return <NotFoundPage />;
  return (
    <PageFrame title={video.title} maxWidth="md">
      <Box sx={{ display: 'grid', gap: 2 }}>
        <Box
          component="video"
          src={video.playbackUrl}
          poster={video.posterUrl ?? undefined}
          controls
          playsInline
          preload="metadata"
          aria-label={video.title}
          sx={{ width: '100%', borderRadius: 2, bgcolor: 'common.black' }}
        />
        {video.description && <Typography sx={{ whiteSpace: 'pre-line' }}>{video.description}</Typography>}
        <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
          <Button variant="contained" size="large" component={RouterLink} to={isAuthenticated ? '/classes' : '/register'}>
            Book an intro class
          </Button>
          <Button variant="outlined" size="large" component={RouterLink} to="/calendar">
            See the schedule
          </Button>
        </Box>
      </Box>
    </PageFrame>
  );
}
