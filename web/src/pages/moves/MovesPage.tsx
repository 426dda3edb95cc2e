import { useMutation, useQuery, useSubscription } from '@apollo/client/react';
import SportsGymnasticsRounded from '@mui/icons-material/SportsGymnasticsRounded';
import VideoLibraryRounded from '@mui/icons-material/VideoLibraryRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { formatTimestampDay } from '../../app/dates';
import { errorMessage } from '../../app/errors';
import { lazyComponent } from '../../app/lazyPage';
import { useAuth } from '../../app/session';
import { useToast } from '../../app/toast';
import { EmptyState } from '../../components/EmptyState';
import { PageFrame } from '../../components/PageFrame';
import type { MoveState } from '../../graphql/types';
import {
  MyMovesChangedDocument,
  MyMovesDocument,
  MySignOffRequestsDocument,
  RequestMoveSignOffDocument,
  SetMyMoveStateDocument,
  type SignOffRequestViewFragment,
  type StudentMoveCellFragment,
  type StudentMovesViewFragment,
} from './moves.generated';
import { SignOffRequestStatus } from './SignOffRequestStatus';
import { MovePicture } from './MovePicture';
import { clearanceLabel, MOVE_STATE_COLOR, MOVE_STATE_LABEL, MOVE_STATES } from './movesFormat';

type ApparatusView = StudentMovesViewFragment['apparatus'][number];

/** The chart code loads only here, and only once there is progress to draw. */
const MovesProgressChart = lazyComponent(() => import('./MovesProgressChart').then((m) => m.default), {
  fallback: () => <Skeleton variant="rounded" height={256} />,
  what: 'the progress chart',
});

/** The states a student sets for themselves: up to "solid" (an instructor signs off). */
const STUDENT_STATES = MOVE_STATES.filter((s) => s !== 'signed_off');

interface Requests {
  /** The latest sign-off request of a move. */
  latest: (moveId: string) => SignOffRequestViewFragment | undefined;
  reload: () => void;
}

function MoveRow({
  studentId,
  cell,
  editable,
  requests,
}: {
  studentId: string;
  cell: StudentMoveCellFragment;
  editable: boolean;
  requests: Requests;
}) {
  const { toast } = useToast();
  const [setState, { loading }] = useMutation(SetMyMoveStateDocument);
  const [askSignOff, asking] = useMutation(RequestMoveSignOffDocument);
  const clearance = clearanceLabel(cell);
  const request = requests.latest(cell.move.id);
  const change = async (state: MoveState) => {
    try {
      await setState({ variables: { input: { studentId, moveId: cell.move.id, state, operationId: crypto.randomUUID() } } });
    } catch (err) {
      toast({ title: errorMessage(err), variant: 'error' });
    }
  };
  const ask = async () => {
    try {
      await askSignOff({ variables: { studentId, moveId: cell.move.id, note: '' } });
      requests.reload();
      toast({ title: `Sign-off of ${cell.move.name} asked for: your instructor sees it at your next class.`, variant: 'success' });
    } catch (err) {
      toast({ title: errorMessage(err), variant: 'error' });
    }
  };
  return (
    <Box
      component="li"
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, py: 1.25, borderBottom: 1, borderColor: 'divider' }}
    >
      <MovePicture move={cell.move} />
      <Box sx={{ flex: '1 1 180px', minWidth: 0 }}>
        <Typography sx={{ fontWeight: 'fontWeightBold' }}>{cell.move.name}</Typography>
        <Typography variant="body2" color="text.secondary">
          {[cell.move.aliases.length ? `also ${cell.move.aliases.join(', ')}` : '', cell.move.hasSides ? 'both sides' : '', clearance]
            .filter(Boolean)
            .join(' · ')}
        </Typography>
      </Box>
      {cell.refresh && <Chip size="small" color="warning" variant="outlined" label="Refresh" />}
      {editable && cell.state !== 'signed_off' ? (
        <TextField
          select
          size="small"
          label="State"
          value={STUDENT_STATES.includes(cell.state) ? cell.state : 'not_started'}
          disabled={loading}
          onChange={(e) => void change(e.target.value as MoveState)}
          sx={{ minWidth: 150 }}
          slotProps={{ htmlInput: { 'aria-label': `State of ${cell.move.name}` } }}
        >
          {STUDENT_STATES.map((s) => (
            <MenuItem key={s} value={s}>
              {MOVE_STATE_LABEL[s]}
            </MenuItem>
          ))}
        </TextField>
      ) : (
        <Chip
          size="small"
          color={MOVE_STATE_COLOR[cell.state]}
          label={MOVE_STATE_LABEL[cell.state]}
          aria-label={`${cell.move.name}: ${MOVE_STATE_LABEL[cell.state]}`}
        />
      )}
      {editable && cell.state === 'solid' && (
        <Button size="small" onClick={() => void ask()} disabled={cell.signOffRequested || asking.loading}>
          {cell.signOffRequested ? 'Sign-off asked' : 'Ask for sign-off'}
        </Button>
      )}
      {request && <SignOffRequestStatus request={request} moveName={cell.move.name} onClipUploaded={requests.reload} />}
    </Box>
  );
}

function ApparatusPanel({
  view,
  studentId,
  editable,
  requests,
}: {
  view: ApparatusView;
  studentId: string;
  editable: boolean;
  requests: Requests;
}) {
  const levels = [...new Set(view.moves.map((m) => m.move.level))].sort((a, b) => a - b);
  const next = view.nextLevel;
  const learnNext = view.learnNext.map((id) => view.moves.find((m) => m.move.id === id)!).filter(Boolean);
  return (
    <Box>
      <Card variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Typography variant="overline" color="text.secondary">
          {view.apparatus.name}
        </Typography>
        <Typography variant="h6">{view.level ? `Level ${view.level}` : 'No level yet'}</Typography>
        {next && (
          <>
            <Typography color="text.secondary" sx={{ mt: 0.5 }}>
              {next.signedOff} of {next.required} moves for {next.name}
            </Typography>
            <LinearProgress
              variant="determinate"
              value={next.required ? (100 * next.signedOff) / next.required : 0}
              sx={{ mt: 1, height: 8, borderRadius: 4 }}
              aria-label={`Progress towards ${next.name}`}
            />
          </>
        )}
        {learnNext.length > 0 && (
          <Box sx={{ mt: 1.5, display: 'flex', flexWrap: 'wrap', gap: 0.75, alignItems: 'center' }}>
            <Typography variant="body2" sx={{ fontWeight: 'fontWeightBold' }}>
              Learn next:
            </Typography>
            {learnNext.map((m) => (
              <Chip key={m.move.id} size="small" label={m.move.name} />
            ))}
          </Box>
        )}
      </Card>
      {view.progress.length > 0 && (
        <Card variant="outlined" sx={{ p: 2, mb: 2 }}>
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 'fontWeightExtraBold' }}>
            Progress
          </Typography>
          <MovesProgressChart apparatusName={view.apparatus.name} points={view.progress} />
        </Card>
      )}
      {levels.map((level) => (
        <Box key={level} sx={{ mb: 2 }}>
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 'fontWeightExtraBold' }}>
            Level {level}
          </Typography>
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {view.moves
              .filter((m) => m.move.level === level)
              .map((m) => (
                <MoveRow key={m.move.id} studentId={studentId} cell={m} editable={editable} requests={requests} />
              ))}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

function History({ entries }: { entries: StudentMovesViewFragment['history'] }) {
  if (!entries.length) return null;
  return (
    <Box sx={{ mt: 3 }}>
      <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
        History
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {entries.slice(0, 30).map((h) => (
          <Box component="li" key={h.id} sx={{ py: 0.75, borderBottom: 1, borderColor: 'divider' }}>
            <Typography variant="body2">
              <strong>{h.moveName}</strong>
              {h.side !== 'both' ? ` (${h.side})` : ''}:{' '}
              {h.kind === 'state' && h.toState
                ? `${h.fromState ? MOVE_STATE_LABEL[h.fromState] : ''} → ${MOVE_STATE_LABEL[h.toState]}`
                : h.kind === 'attempt'
                  ? `${h.cleanReps} clean reps`
                  : h.kind === 'sign_off_request'
                    ? 'sign-off asked for'
                    : h.kind === 'placement'
                      ? 'placed'
                      : 'note'}
              {h.note ? ` — ${h.note}` : ''}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {h.byName} · {formatTimestampDay(h.at)}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}

/** My Moves: per apparatus the level, what the next one needs, the moves by level with their states, and the history. */
export default function MovesPage() {
  const { user } = useAuth();
  const [studentId, setStudentId] = useState<string | null>(null);
  const [tab, setTab] = useState(0);
  const variables = { studentId: studentId ?? undefined };
  const { data, loading, error } = useQuery(MyMovesDocument, { variables });
  // The live feed sends the moves as they are, then again after every change (a sign-off by an instructor).
  const live = useSubscription(MyMovesChangedDocument, { variables });
  const moves = live.data?.studentMovesChanged ?? data?.studentMoves;
  const asked = useQuery(MySignOffRequestsDocument, { variables });
  const { refetch: reloadRequests, startPolling, stopPolling } = asked;
  const all = asked.data?.studentSignOffRequests ?? [];
  // An instructor's answer arrives with the live moves; a clip being processed is looked at again until it is done.
  useEffect(() => {
    if (live.data) void reloadRequests();
  }, [live.data, reloadRequests]);
  const processing = all.some((r) => r.clip?.processing === 'processing');
  useEffect(() => {
    if (!processing) return;
    startPolling(5000);
    return () => stopPolling();
  }, [processing, startPolling, stopPolling]);
  const requests: Requests = { latest: (moveId) => all.find((r) => r.move.id === moveId), reload: () => void reloadRequests() };
  const children = data?.profile.familyMembers ?? [];
  const viewing = studentId ?? user?.id ?? '';
  const editable = !studentId || studentId === user?.id;
  const shown = moves?.apparatus.filter((a) => a.moves.length > 0) ?? [];
  const current = shown[Math.min(tab, shown.length - 1)];

  return (
    <PageFrame
      title="My Moves"
      subtitle="Your level on each apparatus, what the next level needs, and every move you are learning."
      maxWidth="md"
      actions={
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          {/* The navigation's links are fixed; the tutorials for these moves are one step from here. */}
          <Button component={RouterLink} to="/videos" variant="outlined" startIcon={<VideoLibraryRounded />} sx={{ minHeight: 40 }}>
            Video library
          </Button>
          {children.length > 0 && (
            <TextField
              select
              size="small"
              label="Whose moves"
              value={studentId ?? ''}
              onChange={(e) => {
                setStudentId(e.target.value || null);
                setTab(0);
              }}
              sx={{ minWidth: 180 }}
            >
              <MenuItem value="">My own</MenuItem>
              {children.map((c) => (
                <MenuItem key={c.id} value={c.id}>
                  {c.firstName} {c.lastName}
                </MenuItem>
              ))}
            </TextField>
          )}
        </Box>
      }
    >
      {error && <Alert severity="error">{errorMessage(error)}</Alert>}
      {loading && !moves && <Skeleton variant="rounded" height={240} />}
      {moves && shown.length === 0 && (
        <EmptyState icon={<SportsGymnasticsRounded />} title="No moves yet">
          The studio has not added its moves yet.
        </EmptyState>
      )}
      {moves && current && (
        <>
          {studentId && (
            <Alert severity="info" sx={{ mb: 2 }}>
              {moves.studentName}'s moves: you follow them here; their instructor signs them off.
            </Alert>
          )}
          <Tabs
            value={shown.indexOf(current)}
            onChange={(_, v: number) => setTab(v)}
            variant="scrollable"
            allowScrollButtonsMobile
            sx={{ mb: 2 }}
          >
            {shown.map((a) => (
              <Tab key={a.apparatus.id} label={a.apparatus.name} />
            ))}
          </Tabs>
          <ApparatusPanel view={current} studentId={viewing} editable={editable} requests={requests} />
          <History entries={moves.history} />
        </>
      )}
    </PageFrame>
  );
}
