import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery } from '@apollo/client/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import { errorMessage } from '../../app/errors';
import { PageFrame } from '../../components/PageFrame';
import type { MoveState } from '../../graphql/types';
import { MarkMoveLearningDocument, SaveVideoPositionDocument, VideoPlayerDocument } from './videos.generated';

/** One frame at 30 frames a second: what the frame-step keys move by. */
const FRAME = 1 / 30;
const SPEEDS = [0.5, 0.75, 1] as const;
const SAVE_EVERY_MS = 5000;
const STATE_NAMES: Record<MoveState, string> = {
  not_started: 'Not started',
  learning: 'Learning',
  needs_spot: 'Needs a spot',
  solid: 'Solid',
  signed_off: 'Signed off',
};

const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(Math.floor(seconds % 60)).padStart(2, '0')}`;

/**
 * /videos/:id: the player made for learning a move: mirror, slow speeds, an A–B loop, frame steps and keyboard
 * shortcuts (space, ←/→, m, [, ], l, comma/period), large controls for a phone on the studio floor; the linked moves
 * with the viewer's state on each; the position saved every few seconds and offered back.
 */
export default function VideoPlayerPage() {
  const { id = '' } = useParams();
  const { data, loading, error, refetch } = useQuery(VideoPlayerDocument, { variables: { id } });
  const [savePosition] = useMutation(SaveVideoPositionDocument);
  const [markLearning] = useMutation(MarkMoveLearningDocument);
  const video = useRef<HTMLVideoElement>(null);
  const [mirrored, setMirrored] = useState(false);
  const [speed, setSpeed] = useState<number>(1);
  const [loopA, setLoopA] = useState<number | null>(null);
  const [loopB, setLoopB] = useState<number | null>(null);
  const [looping, setLooping] = useState(false);
  const [resumeOffered, setResumeOffered] = useState(true);
  const view = data?.video;

  const el = () => video.current;
  const step = useCallback((by: number) => {
    const v = el();
    if (!v) return;
    v.pause();
    v.currentTime = Math.max(0, v.currentTime + by);
  }, []);
  const seek = useCallback((by: number) => {
    const v = el();
    if (v) v.currentTime = Math.max(0, v.currentTime + by);
  }, []);
  const toggle = useCallback(() => {
    const v = el();
    if (v) void (v.paused ? v.play().catch(() => undefined) : v.pause());
  }, []);

  useEffect(() => {
    if (video.current) video.current.playbackRate = speed;
  }, [speed]);

  // The A–B loop: past B, back to A.
  useEffect(() => {
    const v = video.current;
    if (!v || !looping || loopA === null || loopB === null || loopB <= loopA) return;
    const onTime = () => {
      if (v.currentTime >= loopB) v.currentTime = loopA;
    };
    v.addEventListener('timeupdate', onTime);
    return () => v.removeEventListener('timeupdate', onTime);
  }, [looping, loopA, loopB]);

  // The position, every few seconds while playing and when leaving.
  useEffect(() => {
    if (!view?.playbackUrl) return;
    let last = -1;
    const save = () => {
      const v = video.current;
      if (!v || Math.abs(v.currentTime - last) < 1) return;
      last = v.currentTime;
      void savePosition({ variables: { videoId: id, seconds: v.currentTime } }).catch(() => undefined);
    };
    const timer = window.setInterval(() => {
      if (video.current && !video.current.paused) save();
    }, SAVE_EVERY_MS);
    return () => {
      window.clearInterval(timer);
      save();
    };
  }, [id, view?.playbackUrl, savePosition]);

  // Keyboard shortcuts, except while typing in a field.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (target && ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)) return;
      const v = video.current;
      const actions: Record<string, () => void> = {
        ' ': toggle,
        ArrowLeft: () => seek(-5),
        ArrowRight: () => seek(5),
        m: () => setMirrored((m) => !m),
        '[': () => v && setLoopA(v.currentTime),
        ']': () => v && setLoopB(v.currentTime),
        l: () => setLooping((l) => !l),
        ',': () => step(-FRAME),
        '.': () => step(FRAME),
      };
      const action = actions[e.key];
      if (!action) return;
      e.preventDefault();
      action();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [seek, step, toggle]);

  // A signed address lasts minutes: when one stops working mid-video, ask for a new one and carry on from there.
  const onError = async () => {
    const at = video.current?.currentTime ?? 0;
    const answer = await refetch().catch(() => null);
    const v = video.current;
    if (answer?.data?.video.playbackUrl && v) {
      v.src = answer.data.video.playbackUrl;
      v.currentTime = at;
    }
  };

  const big = { minHeight: 48, minWidth: 48 };
  return (
    <PageFrame title={view?.video.title ?? 'Video'}>
      {error && <Alert severity="error">{errorMessage(error)}</Alert>}
      {loading && !view && <Skeleton variant="rounded" sx={{ aspectRatio: '16 / 9', width: '100%' }} />}
      {view && (
        <Box sx={{ display: 'grid', gap: 2, maxWidth: 960 }}>
          {view.locked ? (
            <Alert severity="info" data-testid="video-locked">
              This video unlocks when these moves are signed off for you: {view.unlockedBy.map((m) => m.name).join(', ')}.
            </Alert>
          ) : view.playbackUrl ? (
            <>
              {resumeOffered && view.positionSeconds !== null && view.positionSeconds > 5 && (
                <Alert
                  severity="info"
                  action={
                    <>
                      <Button
                        onClick={() => {
                          if (video.current) video.current.currentTime = view.positionSeconds ?? 0;
                          setResumeOffered(false);
                        }}
                      >
                        Resume at {clock(view.positionSeconds)}
                      </Button>
                      <Button color="inherit" onClick={() => setResumeOffered(false)}>
                        From the start
                      </Button>
                    </>
                  }
                >
                  You stopped at {clock(view.positionSeconds)}.
                </Alert>
              )}
              <Box
                component="video"
                ref={video}
                src={view.playbackUrl}
                poster={view.posterUrl ?? undefined}
                controls
                playsInline
                preload="metadata"
                onError={() => void onError()}
                aria-label={view.video.title}
                sx={{ width: '100%', borderRadius: 2, bgcolor: 'common.black', transform: mirrored ? 'scaleX(-1)' : 'none' }}
              />
              {view.video.processing === 'processing' && (
                <Alert severity="info">This video is being processed to play in every browser; meanwhile it plays as uploaded.</Alert>
              )}
              {view.video.playableEverywhere === false && view.video.processing !== 'processing' && (
                <Alert severity="warning">This file may not play in every browser (it is not H.264 with its index first).</Alert>
              )}
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }} role="toolbar" aria-label="Learning controls">
                <ToggleButton value="mirror" selected={mirrored} onChange={() => setMirrored((m) => !m)} sx={big} aria-label="Mirror (m)">
                  Mirror
                </ToggleButton>
                <ToggleButtonGroup value={speed} exclusive onChange={(_e, v: number | null) => v && setSpeed(v)} aria-label="Speed">
                  {SPEEDS.map((s) => (
                    <ToggleButton key={s} value={s} sx={big}>
                      {s}×
                    </ToggleButton>
                  ))}
                </ToggleButtonGroup>
                <Button variant="outlined" sx={big} onClick={() => step(-FRAME)} aria-label="Previous frame (,)">
                  ‹ Frame
                </Button>
                <Button variant="outlined" sx={big} onClick={() => step(FRAME)} aria-label="Next frame (.)">
                  Frame ›
                </Button>
                <Button variant="outlined" sx={big} onClick={() => video.current && setLoopA(video.current.currentTime)}>
                  A{loopA !== null ? ` ${clock(loopA)}` : ''}
                </Button>
                <Button variant="outlined" sx={big} onClick={() => video.current && setLoopB(video.current.currentTime)}>
                  B{loopB !== null ? ` ${clock(loopB)}` : ''}
                </Button>
                <ToggleButton
                  value="loop"
                  selected={looping}
                  disabled={loopA === null || loopB === null || loopB <= loopA}
                  onChange={() => setLooping((l) => !l)}
                  sx={big}
                  aria-label="Loop A to B (l)"
                >
                  Loop
                </ToggleButton>
              </Box>
              <Typography variant="caption" color="text.secondary">
                Keys: space play/pause · ←/→ 5 s · m mirror · [ and ] set A and B · l loop · , and . one frame
              </Typography>
            </>
          ) : (
            <Alert severity="info">This video is not ready to play yet.</Alert>
          )}
          {view.video.description && <Typography sx={{ whiteSpace: 'pre-line' }}>{view.video.description}</Typography>}
          {view.moves.length > 0 && (
            <Box>
              <Typography variant="h6" component="h2" gutterBottom>
                Moves in this video
              </Typography>
              <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
                {view.moves.map((m) => (
                  <Box component="li" key={m.move.id} sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                    <Typography sx={{ fontWeight: 'fontWeightSemiBold' }}>{m.move.name}</Typography>
                    <Chip size="small" label={STATE_NAMES[m.state]} />
                    {m.state === 'not_started' && data?.me && (
                      <Button
                        size="small"
                        sx={big}
                        onClick={() =>
                          void markLearning({
                            variables: { input: { moveId: m.move.id, studentId: data.me.id, state: 'learning' } },
                          })
                            .then(() => refetch())
                            .catch(() => undefined)
                        }
                      >
                        Mark as learning
                      </Button>
                    )}
                  </Box>
                ))}
              </Box>
            </Box>
          )}
        </Box>
      )}
    </PageFrame>
  );
}
