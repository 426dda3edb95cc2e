import AddRounded from '@mui/icons-material/AddRounded';
import VideoLibraryRounded from '@mui/icons-material/VideoLibraryRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery } from '@apollo/client/react';
import { useEffect, useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { errorMessage } from '../../../app/errors';
import { EmptyState } from '../../../components/EmptyState';
import { FormDialog } from '../../../components/FormDialog';
import { FileButton } from '../../../components/FileButton';
import { PageFrame } from '../../../components/PageFrame';
import type { VideoAccess } from '../../../graphql/types';
import {
  AdminVideosDocument,
  CreateVideoDocument,
  DeleteVideoDocument,
  RevokeVideoShareDocument,
  SetVideoSharingDocument,
  UpdateVideoDocument,
  type AdminVideoRowFragment,
} from './adminVideos.generated';
import { useRemoveVideoPoster, useUploadVideoPoster } from './useVideoPoster';
import { VideoUpload } from '../../../components/VideoUpload';
import { VideoCollections } from './VideoCollections';

const ACCESS: Record<VideoAccess, string> = {
  members: 'Members',
  plans: 'Chosen plans',
  staff: 'Staff only',
  public: 'Public',
};
const size = (bytes: number) => (bytes >= 1e9 ? `${(bytes / 1e9).toFixed(1)} GB` : `${(bytes / 1e6).toFixed(1)} MB`);

function status(video: AdminVideoRowFragment): string {
  if (video.processing === 'awaiting_upload') return 'Waiting for its file';
  if (video.processing === 'processing') return `Processing ${video.processingProgress ?? 0}% (plays as uploaded meanwhile)`;
  if (video.processing === 'failed') return 'Processing failed';
  return 'Ready';
}

interface Choices {
  apparatuses: readonly { id: string; name: string }[];
  moves: readonly { id: string; name: string }[];
  plans: readonly { id: string; name: string }[];
}

/** The poster: a frame taken after upload (where ffmpeg is installed), or an image the admin chooses. */
function PosterPicker({ video }: { video: AdminVideoRowFragment }) {
  const upload = useUploadVideoPoster();
  const [remove, removing] = useRemoveVideoPoster();
  const [posterUrl, setPosterUrl] = useState(video.posterUrl ?? null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const choose = async (file: File) => {
    setBusy(true);
    setMessage(null);
    try {
      setPosterUrl(await upload(video.id, file));
    } catch (err) {
      setMessage(err instanceof Error ? err.message : 'The poster could not be uploaded.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
      {posterUrl ? (
        <Box component="img" src={posterUrl} alt="Poster" sx={{ width: 160, aspectRatio: '16 / 9', objectFit: 'cover', borderRadius: 1 }} />
      ) : (
        <Typography variant="body2" color="text.secondary">
          No poster yet: one is taken from a frame after upload where the server has ffmpeg.
        </Typography>
      )}
      <FileButton
        variant="outlined"
        disabled={busy}
        sx={{ minHeight: 44 }}
        accept="image/jpeg,image/png,image/webp"
        inputTestId="video-poster-input"
        onFiles={([file]) => void choose(file)}
      >
        {posterUrl ? 'Replace the poster' : 'Choose a poster'}
      </FileButton>
      {posterUrl && (
        <Button
          color="error"
          disabled={removing.loading}
          onClick={() =>
            void remove({ variables: { videoId: video.id } })
              .then(() => setPosterUrl(null))
              .catch(() => setMessage('The poster could not be removed.'))
          }
        >
          Remove poster
        </Button>
      )}
      {message && (
        <Typography variant="body2" color="error" role="alert" sx={{ width: '100%' }}>
          {message}
        </Typography>
      )}
    </Box>
  );
}

function VideoDialog({ video, choices, onClose }: { video: AdminVideoRowFragment | null; choices: Choices; onClose: () => void }) {
  const [title, setTitle] = useState(video?.title ?? '');
  const [description, setDescription] = useState(video?.description ?? '');
  const [apparatusId, setApparatusId] = useState(video?.apparatus?.id ?? '');
  const [level, setLevel] = useState(video?.level ? String(video.level) : '');
  const [moveIds, setMoveIds] = useState<string[]>(video?.moveIds ?? []);
  const [access, setAccess] = useState<VideoAccess>(video?.access ?? 'members');
  const [planIds, setPlanIds] = useState<string[]>(video?.planIds ?? []);
  const [locked, setLocked] = useState(video?.unlockedByPrerequisites ?? false);
  const [created, setCreated] = useState<AdminVideoRowFragment | null>(video);
  const [create, creating] = useMutation(CreateVideoDocument, { refetchQueries: [AdminVideosDocument] });
  const [update, updating] = useMutation(UpdateVideoDocument);
  const failure = creating.error ?? updating.error;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const input = {
      title,
      description,
      apparatusId: apparatusId || null,
      level: level ? Number(level) : null,
      moveIds,
      access,
      planIds: access === 'plans' ? planIds : [],
      unlockedByPrerequisites: locked,
    };
    if (created) {
      await update({ variables: { id: created.id, input } });
      onClose();
    } else {
      const answer = await create({ variables: { input } });
      if (answer.data) setCreated(answer.data.createVideo);
    }
  };

  return (
    <FormDialog
      title={video ? `Edit “${video.title}”` : 'New video'}
      onClose={onClose}
      onSubmit={(e) => void submit(e).catch(() => undefined)}
      formError={failure ? errorMessage(failure) : null}
      busy={creating.loading || updating.loading}
      submitLabel={created ? 'Save' : 'Create and choose its file'}
    >
      <TextField
        label="Title"
        required
        value={title}
        onChange={(e) => setTitle(e.target.value)}
        slotProps={{ htmlInput: { maxLength: 150 } }}
      />
      <TextField label="Description" multiline minRows={2} value={description} onChange={(e) => setDescription(e.target.value)} />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField select label="Apparatus" value={apparatusId} onChange={(e) => setApparatusId(e.target.value)}>
          <MenuItem value="">None</MenuItem>
          {choices.apparatuses.map((a) => (
            <MenuItem key={a.id} value={a.id}>
              {a.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField select label="Level" value={level} onChange={(e) => setLevel(e.target.value)}>
          <MenuItem value="">None</MenuItem>
          {Array.from({ length: 10 }, (_, i) => (
            <MenuItem key={i} value={String(i + 1)}>
              Level {i + 1}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <TextField
        select
        label="Moves"
        value={moveIds}
        slotProps={{ select: { multiple: true }, htmlInput: { 'data-testid': 'video-moves' } }}
        onChange={(e) => setMoveIds(typeof e.target.value === 'string' ? e.target.value.split(',') : (e.target.value as string[]))}
      >
        {choices.moves.map((m) => (
          <MenuItem key={m.id} value={m.id}>
            {m.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField select label="Who may watch" value={access} onChange={(e) => setAccess(e.target.value as VideoAccess)}>
        {(Object.keys(ACCESS) as VideoAccess[]).map((a) => (
          <MenuItem key={a} value={a}>
            {ACCESS[a]}
          </MenuItem>
        ))}
      </TextField>
      {access === 'plans' && (
        <TextField
          select
          label="Plans"
          value={planIds}
          slotProps={{ select: { multiple: true } }}
          onChange={(e) => setPlanIds(typeof e.target.value === 'string' ? e.target.value.split(',') : (e.target.value as string[]))}
        >
          {choices.plans.map((p) => (
            <MenuItem key={p.id} value={p.id}>
              {p.name}
            </MenuItem>
          ))}
        </TextField>
      )}
      <FormControlLabel
        control={<Checkbox checked={locked} onChange={(e) => setLocked(e.target.checked)} />}
        label="Unlocked when its moves’ prerequisites are signed off"
      />
      {created && (
        <Box>
          <Typography variant="subtitle2" gutterBottom>
            File
          </Typography>
          <VideoUpload videoId={created.id} onDone={() => undefined} />
          <Typography variant="subtitle2" gutterBottom sx={{ mt: 2 }}>
            Poster
          </Typography>
          <PosterPicker video={created} />
        </Box>
      )}
    </FormDialog>
  );
}

function Sharing({ video }: { video: AdminVideoRowFragment }) {
  const [expires, setExpires] = useState('');
  const [share, sharing] = useMutation(SetVideoSharingDocument);
  const [revoke, revoking] = useMutation(RevokeVideoShareDocument);
  const open = video.sharing && !video.shareRevokedAt && (!video.shareExpiresAt || new Date(video.shareExpiresAt) > new Date());
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
      {open ? (
        <>
          <Link component={RouterLink} to={`/video/${video.id}`}>
            Public page
          </Link>
          <Typography variant="body2" color="text.secondary">
            {video.shareViews} views{video.shareExpiresAt ? ` · until ${new Date(video.shareExpiresAt).toLocaleDateString()}` : ''}
          </Typography>
          <Button
            size="small"
            color="error"
            disabled={revoking.loading}
            onClick={() => void revoke({ variables: { id: video.id } }).catch(() => undefined)}
          >
            Revoke
          </Button>
        </>
      ) : (
        <>
          <TextField
            size="small"
            type="date"
            label="Until"
            value={expires}
            onChange={(e) => setExpires(e.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <Button
            size="small"
            disabled={sharing.loading || video.processing !== 'ready'}
            onClick={() =>
              void share({
                variables: {
                  id: video.id,
                  input: { sharing: true, expiresAt: expires ? new Date(`${expires}T23:59:59`).toISOString() : null },
                },
              }).catch(() => undefined)
            }
          >
            Share
          </Button>
        </>
      )}
    </Box>
  );
}

/** /admin/videos: the library's videos with their state, upload, details, sharing and delete. */
export default function AdminVideosPage() {
  const { data, loading, error, refetch, startPolling, stopPolling } = useQuery(AdminVideosDocument);
  const [editing, setEditing] = useState<AdminVideoRowFragment | 'new' | null>(null);
  const [remove] = useMutation(DeleteVideoDocument, { refetchQueries: [AdminVideosDocument] });
  const choices: Choices = {
    apparatuses: data?.apparatuses ?? [],
    moves: (data?.moveCatalogue ?? []).flatMap((c) => c.moves),
    plans: data?.membershipPlans ?? [],
  };
  const videos = data?.adminVideos;
  const notEverywhere = (videos ?? []).filter(
    (v) => v.processing !== 'awaiting_upload' && v.processing !== 'processing' && v.playableEverywhere !== true,
  );
  // While a job converts a file its progress is on the row: look again every few seconds until none is processing.
  const processing = (videos ?? []).some((v) => v.processing === 'processing');
  useEffect(() => {
    if (!processing) return undefined;
    startPolling(2000);
    return () => stopPolling();
  }, [processing, startPolling, stopPolling]);

  return (
    <PageFrame
      title="Video Library"
      subtitle="Tutorials tied to moves, who may watch them, and their public pages."
      actions={
        <Button variant="contained" startIcon={<AddRounded />} onClick={() => setEditing('new')} disabled={!data}>
          New video
        </Button>
      }
    >
      {error && (
        <Alert severity="error" sx={{ mb: 2 }} action={<Button onClick={() => void refetch()}>Try again</Button>}>
          {errorMessage(error)}
        </Alert>
      )}
      {notEverywhere.length > 0 && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          These files are not known to be H.264 (or VP9 WebM) with their index first, so they may not play in every browser (without ffmpeg
          on the server they are kept as uploaded): {notEverywhere.map((v) => v.title).join(', ')}.
        </Alert>
      )}
      {loading && !videos && <Skeleton variant="rounded" height={120} />}
      {videos && videos.length === 0 && (
        <EmptyState icon={<VideoLibraryRounded />} title="No videos yet">
          Create a video, then choose its file: uploads carry on after a dropped connection.
        </EmptyState>
      )}
      {videos && videos.length > 0 && (
        <Box component="ul" aria-label="Videos" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
          {videos.map((video) => (
            <Card component="li" key={video.id} variant="outlined" sx={{ p: 2 }}>
              <Box
                sx={{
                  display: 'grid',
                  gap: { xs: 1, md: 2 },
                  alignItems: 'center',
                  gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 2fr) minmax(0, 1fr) minmax(0, 2fr) auto' },
                }}
              >
                <Box sx={{ minWidth: 0 }}>
                  <Link component={RouterLink} to={`/videos/${video.id}`} sx={{ fontWeight: 'fontWeightBold', overflowWrap: 'anywhere' }}>
                    {video.title}
                  </Link>
                  <Typography variant="body2" color="text.secondary">
                    {[video.apparatus?.name, video.level ? `Level ${video.level}` : null, video.size ? size(video.size) : null]
                      .filter(Boolean)
                      .join(' · ')}
                  </Typography>
                </Box>
                <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
                  <Chip size="small" label={ACCESS[video.access]} />
                  <Chip size="small" variant="outlined" label={status(video)} />
                  {video.unlockedByPrerequisites && <Chip size="small" variant="outlined" label="Locked by prerequisites" />}
                  {video.processing === 'processing' && (
                    <LinearProgress
                      variant="determinate"
                      value={video.processingProgress ?? 0}
                      aria-label={`Processing ${video.title}`}
                      sx={{ width: '100%' }}
                    />
                  )}
                  {video.processing === 'failed' && (
                    <Typography variant="body2" color="error" sx={{ width: '100%', overflowWrap: 'anywhere' }}>
                      {video.processingError}
                    </Typography>
                  )}
                </Box>
                <Sharing video={video} />
                <Box sx={{ display: 'flex', gap: 1 }}>
                  <Button size="small" onClick={() => setEditing(video)} aria-label={`Edit ${video.title}`}>
                    Edit
                  </Button>
                  <Button
                    size="small"
                    color="error"
                    aria-label={`Delete ${video.title}`}
                    onClick={() => {
                      if (window.confirm(`Delete “${video.title}” and its file?`))
                        void remove({ variables: { id: video.id } }).catch(() => undefined);
                    }}
                  >
                    Delete
                  </Button>
                </Box>
              </Box>
            </Card>
          ))}
        </Box>
      )}
      {videos && <VideoCollections videos={videos} />}
      {editing && (
        <VideoDialog
          video={editing === 'new' ? null : editing}
          choices={choices}
          onClose={() => {
            setEditing(null);
            void refetch();
          }}
        />
      )}
    </PageFrame>
  );
}
