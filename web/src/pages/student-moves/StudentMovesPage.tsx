import { useQuery } from '@apollo/client/react';
import SportsGymnasticsRounded from '@mui/icons-material/SportsGymnasticsRounded';
import UndoRounded from '@mui/icons-material/UndoRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import { useCallback, useMemo, useState } from 'react';
import { addDays, formatDay, formatTime, todayIso } from '../../app/dates';
import { errorMessage } from '../../app/errors';
import { useToast } from '../../app/toast';
import { EmptyState } from '../../components/EmptyState';
import { PageFrame } from '../../components/PageFrame';
import type { MoveSide, MoveState } from '../../graphql/types';
import { nextState } from '../moves/movesFormat';
import { clearedByAttempts, MoveCell, type RenderCell } from './MoveCell';
import { SignOffRequestsPanel } from './SignOffRequestsPanel';
import { StudentSheet, type PickedStudent } from './StudentSheet';
import { ClassMoveGridDocument, MoveClassesDocument, type GridCellFragment } from './studentMoves.generated';
import { useTapQueue, type StateTap, type Tap } from './useTapQueue';

const cellKey = (studentId: string, moveId: string) => `${studentId}:${moveId}`;

/**
 * Student Moves (instructors, teachers, admins): pick a class, today's first, and tap through its students × the
 * moves of its level, or pick a student and tap through their moves. One tap moves a state on (up to signed off;
 * a move with a clearance rule up to solid, then today's clean reps are recorded); undo steps back. Taps are queued
 * and replayed, never lost, each applied once.
 */
export default function StudentMovesPage() {
  const { toast } = useToast();
  const today = todayIso();
  const [mode, setMode] = useState<'class' | 'student'>('class');
  const [student, setStudent] = useState<PickedStudent | null>(null);
  const classes = useQuery(MoveClassesDocument, { variables: { from: today, to: addDays(today, 6) } });
  const list = useMemo(() => classes.data?.myTeachingClasses.filter((c) => c.status !== 'cancelled') ?? [], [classes.data]);
  const [chosen, setChosen] = useState<string | null>(null);
  const classId = chosen ?? list[0]?.id ?? null;
  const grid = useQuery(ClassMoveGridDocument, { variables: { classInstanceId: classId ?? '' }, skip: !classId || mode !== 'class' });
  const [done, setDone] = useState<(StateTap & { operationId: string })[]>([]);
  const onRefused = useCallback(
    (tap: Tap, message: string) => {
      setDone((taps) => taps.filter((t) => t.operationId !== tap.operationId));
      toast({ title: 'That change was not saved', description: message, variant: 'error' });
    },
    [toast],
  );
  // Moves as the API answered since the grid was read (its answers carry no ids to update the cache by).
  const [applied, setApplied] = useState<Map<string, GridCellFragment>>(new Map());
  const onApplied = useCallback(
    (tap: Tap, cell: GridCellFragment) => setApplied((map) => new Map(map).set(cellKey(tap.studentId, tap.moveId), cell)),
    [],
  );
  const { pending, offline, enqueue } = useTapQueue(onApplied, onRefused);

  /** A cell as it stands now: the API's latest answer over the grid's, the state of taps not answered yet over that. */
  const current = (studentId: string, cell: GridCellFragment): { cell: GridCellFragment; state: MoveState } => {
    const latest = applied.get(cellKey(studentId, cell.move.id)) ?? cell;
    const waiting = pending.filter((t) => t.kind !== 'attempt' && t.studentId === studentId && t.moveId === cell.move.id).at(-1);
    return { cell: latest, state: waiting && waiting.kind !== 'attempt' ? waiting.to : latest.state };
  };

  const tapCell = (studentId: string, cell: GridCellFragment, from: MoveState) => {
    const to = nextState(from);
    if (to === from) return;
    if (to === 'signed_off' && clearedByAttempts(cell)) {
      toast({
        title: `${cell.move.name} is signed off by its clearance rule`,
        description: `Record ${cell.cleanReps} clean reps per side on ${cell.cleanDays} different days with the button beside it.`,
      });
      return;
    }
    const tap = enqueue({ studentId, moveId: cell.move.id, from, to });
    setDone((taps) => [...taps, tap as StateTap & { operationId: string }]);
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
  const attempt = (studentId: string, cell: GridCellFragment, side: MoveSide, cleanReps: number) =>
    enqueue({ kind: 'attempt', studentId, moveId: cell.move.id, side, cleanReps });

  const renderCell: RenderCell = (who, cell, asked = false) => {
    const now = current(who.studentId, cell);
    return (
      <MoveCell
        who={who.name}
        cell={now.cell}
        state={now.state}
        asked={asked}
        onTap={() => tapCell(who.studentId, now.cell, now.state)}
        onAttempt={(side, reps) => attempt(who.studentId, now.cell, side, reps)}
      />
    );
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
      {offline && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          No connection: {pending.length} change{pending.length === 1 ? '' : 's'} waiting, sent as soon as it is back.
        </Alert>
      )}
      <Tabs value={mode} onChange={(_, v: 'class' | 'student') => setMode(v)} sx={{ mb: 2 }}>
        <Tab value="class" label="By class" />
        <Tab value="student" label="By student" />
      </Tabs>
      {mode === 'student' && <StudentSheet student={student} onPick={setStudent} renderCell={renderCell} />}
      {mode === 'class' && (
        <>
          {classes.error && <Alert severity="error">{errorMessage(classes.error)}</Alert>}
          {classes.loading && <Skeleton variant="rounded" height={56} />}
          {!classes.loading && list.length === 0 && (
            <EmptyState icon={<SportsGymnasticsRounded />} title="No classes this week">
              Your classes of the next seven days appear here. Pick a student instead under By student.
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
                sx={{
                  borderCollapse: 'separate',
                  borderSpacing: 4,
                  '& th': { textAlign: 'left', fontWeight: 'fontWeightBold', fontSize: 14 },
                }}
              >
                <thead>
                  <tr>
                    <th scope="col">Student</th>
                    {data.moves.map((m) => (
                      <Box component="th" scope="col" key={m.id} sx={{ minWidth: 120 }}>
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
                      {s.moves.map((cell) => (
                        <td key={cell.move.id}>
                          {renderCell(
                            s,
                            cell,
                            data.requests.some((r) => r.studentId === s.studentId && r.move.id === cell.move.id),
                          )}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </Box>
            </Box>
          )}
        </>
      )}
      <SignOffRequestsPanel />
    </PageFrame>
  );
}
