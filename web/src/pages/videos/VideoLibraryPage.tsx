import LockRounded from '@mui/icons-material/LockRounded';
import VideoLibraryRounded from '@mui/icons-material/VideoLibraryRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@apollo/client/react';
import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { errorMessage } from '../../app/errors';
import { EmptyState } from '../../components/EmptyState';
import { PageFrame } from '../../components/PageFrame';
import { VideoLibraryDocument, type VideoCardFieldsFragment } from './videos.generated';

const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(Math.floor(seconds % 60)).padStart(2, '0')}`;

function VideoTile({ card }: { card: VideoCardFieldsFragment }) {
  const { video } = card;
  return (
    <Card component="li" variant="outlined" sx={{ listStyle: 'none' }}>
      <CardActionArea component={RouterLink} to={`/videos/${video.id}`} sx={{ height: '100%', display: 'grid', alignContent: 'start' }}>
        <Box
          sx={{
            aspectRatio: '16 / 9',
            bgcolor: 'grey.900',
            backgroundImage: card.posterUrl ? `url("${card.posterUrl}")` : undefined,
            backgroundSize: 'cover',
            backgroundPosition: 'center',
            display: 'grid',
            placeItems: 'center',
            color: 'common.white',
          }}
        >
          {card.locked ? <LockRounded aria-label="Locked" /> : !card.posterUrl && <VideoLibraryRounded />}
        </Box>
        <Box sx={{ p: 1.5 }}>
          <Typography sx={{ fontWeight: 'fontWeightSemiBold', overflowWrap: 'anywhere' }}>{video.title}</Typography>
          <Typography variant="body2" color="text.secondary">
            {[
              video.apparatus?.name,
              video.level ? `Level ${video.level}` : null,
              video.durationSeconds ? clock(video.durationSeconds) : null,
            ]
              .filter(Boolean)
              .join(' · ')}
          </Typography>
          {card.locked && (
            <Typography variant="body2" color="text.secondary">
              Unlocks with its prerequisite moves
            </Typography>
          )}
        </Box>
      </CardActionArea>
    </Card>
  );
}

function Row({ title, cards }: { title: string; cards: readonly VideoCardFieldsFragment[] }) {
  return (
    <Box component="section" aria-label={title} sx={{ mb: 4 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      <Box
        component="ul"
        sx={{ p: 0, m: 0, display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 240px), 1fr))' }}
      >
        {cards.map((card) => (
          <VideoTile key={card.video.id} card={card} />
        ))}
      </Box>
    </Box>
  );
}

/** /videos: the library, filtered by apparatus, level, move and words; continue watching; the collections. */
export default function VideoLibraryPage() {
  const [apparatusId, setApparatusId] = useState('');
  const [level, setLevel] = useState('');
  const [moveId, setMoveId] = useState('');
  const [search, setSearch] = useState('');
  const { data, previousData, loading, error } = useQuery(VideoLibraryDocument, {
    variables: {
      apparatusId: apparatusId || null,
      level: level ? Number(level) : null,
      moveId: moveId || null,
      search: search.trim() || null,
    },
  });
  const answer = data ?? previousData;
  const library = answer?.videoLibrary;
  const moves = useMemo(
    () => [...new Map((library?.videos ?? []).flatMap((c) => c.video.moves).map((m) => [m.id, m])).values()],
    [library],
  );
  const filtered = Boolean(apparatusId || level || moveId || search.trim());

  return (
    <PageFrame title="Videos" subtitle="Tutorials for the moves you learn, series to follow, and clips of shows.">
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: '2fr 1fr 1fr 1fr' }, mb: 3 }}>
        <TextField
          label="Search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 100 } }}
        />
        <TextField select label="Apparatus" value={apparatusId} onChange={(e) => setApparatusId(e.target.value)}>
          <MenuItem value="">Any</MenuItem>
          {(answer?.apparatuses ?? []).map((a) => (
            <MenuItem key={a.id} value={a.id}>
              {a.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField select label="Level" value={level} onChange={(e) => setLevel(e.target.value)}>
          <MenuItem value="">Any</MenuItem>
          {Array.from({ length: 10 }, (_, i) => (
            <MenuItem key={i + 1} value={String(i + 1)}>
              Level {i + 1}
            </MenuItem>
          ))}
        </TextField>
        <TextField select label="Move" value={moveId} onChange={(e) => setMoveId(e.target.value)}>
          <MenuItem value="">Any</MenuItem>
          {moves.map((m) => (
            <MenuItem key={m.id} value={m.id}>
              {m.name}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      {error && <Alert severity="error">{errorMessage(error)}</Alert>}
      {loading && !library && <Skeleton variant="rounded" height={200} />}
      {library && (
        <>
          {!filtered && library.continueWatching.length > 0 && <Row title="Continue watching" cards={library.continueWatching} />}
          {!filtered && library.collections.map((c) => <Row key={c.id} title={c.title} cards={c.videos} />)}
          {library.videos.length ? (
            <Row title={filtered ? 'Matching videos' : 'All videos'} cards={library.videos} />
          ) : (
            <EmptyState icon={<VideoLibraryRounded />} title={filtered ? 'No videos match' : 'No videos yet'}>
              {filtered ? 'Try fewer filters.' : 'The studio’s tutorials will show here.'}
            </EmptyState>
          )}
        </>
      )}
    </PageFrame>
  );
}
