import { useQuery } from '@apollo/client/react';
import UndoRounded from '@mui/icons-material/UndoRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useCallback, useMemo, useState } from 'react';
import { addDays, formatDay, formatTime, todayIso } from '../../app/dates';
import { errorMessage } from '../../app/errors';
import { useToast } from '../../app/toast';
import { EmptyState } from '../../components/EmptyState';
import { PageFrame } from '../../components/PageFrame';
import type { MoveState } from '../../graphql/types';
import { clearanceLabel, MOVE_STATE_COLOR, MOVE_STATE_LABEL, nextState } from '../moves/movesFormat';
import { ClassMoveGridDocument, MoveClassesDocument } from './studentMoves.generated';
import { useTapQueue, type Tap } from './useTapQueue';
import SportsGymnasticsRounded from '@mui/icons-material/SportsGymnasticsRounded';

const cellKey = (studentId: string, moveId: string) => `${studentId}:${moveId}`;

/**
 * Student Moves (instructors, teachers, admins): pick a class, today's first, and tap through its students × the
 * moves of its level. One tap moves a state on (up to signed off); undo steps back. Taps are queued and replayed,
 * never lost, each applied once.
 */
export default function StudentMovesPage() {
  const { toast } = useToast();
  const today = todayIso();
  const classes = useQuery(MoveClassesDocument, { variables: { from: today, to: addDays(today, 6) } });
  const list = useMemo(() => classes.data?.myTeachingClasses.filter((c) => c.status !== 'cancelled') ?? [], [classes.data]);
  const [chosen, setChosen] = useState<string | null>(null);
  const classId = chosen ?? list[0]?.id ?? null;
  const grid = useQuery(ClassMoveGridDocument, { variables: { classInstanceId: classId ?? '' }, skip: !classId });
  const [done, setDone] = useState<Tap[]>([]);
  const onRefused = useCallback(
    (tap: Tap, message: string) => {
      setDone((taps) => taps.filter((t) => t.operationId !== tap.operationId));
      toast({ title: 'That change was not saved', description: message, variant: 'error' });
    },
    [toast],
  );
  // States the API has confirmed since the grid was read (its answers carry no ids to update the cache by).
  const [applied, setApplied] = useState<Map<string, MoveState>>(new Map());
  const onApplied = useCallback((tap: Tap) => setApplied((map) => new Map(map).set(cellKey(tap.studentId, tap.moveId), tap.to)), []);
  const { pending, offline, enqueue } = useTapQueue(onApplied, onRefused);

  // What the grid shows: the server's states with the taps not answered yet laid over them.
  const shown = useMemo(() => {
    const states = new Map<string, MoveState>();
    for (const s of grid.data?.classMoveGrid.students ?? []) for (const m of s.moves) states.set(cellKey(s.studentId, m.move.id), m.state);
    for (const [key, state] of applied) states.set(key, state);
    for (const t of pending) states.set(cellKey(t.studentId, t.moveId), t.to);
    return states;
  }, [grid.data, applied, pending]);

  const tapCell = (studentId: string, moveId: string) => {
    const from = shown.get(cellKey(studentId, moveId)) ?? 'not_started';
    const to = nextState(from);
    if (to === from) return;
    const tap = { studentId, moveId, from, to };
    enqueue(tap);
    setDone((taps) => [...taps, { ...tap, operationId: '' }]);
  };
  const undo = () => {
    const last = done[done.length - 1];
    if (!last) return;
    setDone((taps) => taps.slice(0, -1));
    enqueue({
      studentId: last.studentId,
      moveId: last.moveId,
      from: last.to,
      to: last.from,
      note: last.to === 'signed_off' ? 'Undone on the mat.' : '',
    });
  };

  const data = grid.data?.classMoveGrid;
  return (
    <PageFrame
      title="Student Moves"
      subtitle="Tap a move to step it on: learning, needs a spot, solid, signed off."
      actions={
        <Button startIcon={<UndoRounded />} onClick={undo} disabled={done.length === 0}>
          Undo
        </Button>
      }
    >
      {classes.error && <Alert severity="error">{errorMessage(classes.error)}</Alert>}
      {offline && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          No connection: {pending.length} change{pending.length === 1 ? '' : 's'} waiting, sent as soon as it is back.
        </Alert>
      )}
      {classes.loading && <Skeleton variant="rounded" height={56} />}
      {!classes.loading && list.length === 0 && (
        <EmptyState icon={<SportsGymnasticsRounded />} title="No classes this week">
          Your classes of the next seven days appear here.
        </EmptyState>
      )}
      {list.length > 0 && (
        <TextField
          select
          fullWidth
          label="Class"
          value={classId ?? ''}
          onChange={(e) => setChosen(e.target.value)}
          sx={{ mb: 2, maxWidth: 520 }}
        >
          {list.map((c) => (
            <MenuItem key={c.id} value={c.id}>
              {c.date === today ? 'Today' : formatDay(c.date)} {formatTime(c.startTime)} · {c.blueprint.name}
            </MenuItem>
          ))}
        </TextField>
      )}
      {grid.error && <Alert severity="error">{errorMessage(grid.error)}</Alert>}
      {data && data.students.length === 0 && <Alert severity="info">Nobody is booked in {data.className} yet.</Alert>}
      {data && data.moves.length === 0 && <Alert severity="info">The level of {data.className} has no moves yet.</Alert>}
      {data && data.students.length > 0 && data.moves.length > 0 && (
        <Box sx={{ overflowX: 'auto' }}>
          <Box
            component="table"
            sx={{ borderCollapse: 'separate', borderSpacing: 4, '& th': { textAlign: 'left', fontWeight: 'fontWeightBold', fontSize: 14 } }}
          >
            <thead>
              <tr>
                <th scope="col">Student</th>
                {data.moves.map((m) => (
                  <Box component="th" scope="col" key={m.id} sx={{ minWidth: 110 }}>
                    {m.name}
                  </Box>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.students.map((s) => (
                <tr key={s.studentId}>
                  <Box component="th" scope="row" sx={{ whiteSpace: 'nowrap', pr: 1 }}>
                    {s.name}
                  </Box>
                  {s.moves.map((cell) => {
                    const state = shown.get(cellKey(s.studentId, cell.move.id)) ?? cell.state;
                    const asked = data.requests.some((r) => r.studentId === s.studentId && r.move.id === cell.move.id);
                    const clearance = clearanceLabel(cell);
                    return (
                      <td key={cell.move.id}>
                        <ButtonBase
                          onClick={() => tapCell(s.studentId, cell.move.id)}
                          aria-label={`${s.name}, ${cell.move.name}: ${MOVE_STATE_LABEL[state]}`}
                          sx={{ width: '100%', minHeight: 48, borderRadius: 2, display: 'flex', flexDirection: 'column', p: 0.5 }}
                        >
                          <Chip
                            size="small"
                            color={MOVE_STATE_COLOR[state]}
                            label={MOVE_STATE_LABEL[state]}
                            sx={{ pointerEvents: 'none' }}
                          />
                          {(asked || clearance || cell.refresh) && (
                            <Typography variant="caption" color="text.secondary">
                              {[asked ? 'asked' : '', clearance, cell.refresh ? 'refresh' : ''].filter(Boolean).join(' · ')}
                            </Typography>
                          )}
                        </ButtonBase>
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </Box>
        </Box>
      )}
    </PageFrame>
  );
}
