import { useMutation } from '@apollo/client/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorCode, errorMessage, graphQLErrorsOf } from '../../app/errors';
import type { MoveSide, MoveState } from '../../graphql/types';
import { RecordAttemptDocument, TapMoveDocument, type GridCellFragment } from './studentMoves.generated';

/** A tap that steps a state on (or back, for undo): the state it set and the one it came from. */
export interface StateTap {
  kind?: 'state';
  studentId: string;
  moveId: string;
  from: MoveState;
  to: MoveState;
  note?: string;
}

/** Clean reps staff saw today, towards the move's clearance rule. */
export interface AttemptTap {
  kind: 'attempt';
  studentId: string;
  moveId: string;
  side: MoveSide;
  cleanReps: number;
}

/** One operation from the mat under the client's operation id (taps queued before attempts existed have no kind). */
export type Tap = (StateTap | AttemptTap) & { operationId: string };

const STORAGE_KEY = 'studio.moveTaps';
const RETRY_MS = 3000;

function stored(): Tap[] {
  try {
    return JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '[]') as Tap[];
  } catch {
    return [];
  }
}

/**
 * Taps on the mat are never lost: each is queued (kept in localStorage, so a reload keeps them too) and sent in
 * order; a tap whose answer never came is sent again with the same operation id, which the API applies once. A tap
 * the API refuses is dropped and reported; one over the flood limit waits and is sent again. `onApplied` gets the move as the API then has it.
 */
export function useTapQueue(onApplied: (tap: Tap, cell: GridCellFragment) => void, onRefused: (tap: Tap, message: string) => void) {
  const [pending, setPending] = useState<Tap[]>(stored);
  const [offline, setOffline] = useState(false);
  const [tap] = useMutation(TapMoveDocument);
  const [attempt] = useMutation(RecordAttemptDocument);
  const sending = useRef(false);

  useEffect(() => {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(pending));
  }, [pending]);

  useEffect(() => {
    if (sending.current || pending.length === 0) return;
    const next = pending[0];
    sending.current = true;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const { studentId, moveId, operationId } = next;
    const sent: Promise<GridCellFragment | undefined> =
      next.kind === 'attempt'
        ? attempt({ variables: { input: { studentId, moveId, side: next.side, cleanReps: next.cleanReps, operationId } } }).then(
            (r) => r.data?.recordMoveAttempt.move,
          )
        : tap({ variables: { input: { studentId, moveId, state: next.to, note: next.note ?? '', operationId } } }).then(
            (r) => r.data?.setMoveState.move,
          );
    sent
      .then((cell) => {
        setOffline(false);
        if (cell) onApplied(next, cell);
        setPending((queue) => queue.filter((t) => t.operationId !== operationId));
      })
      .catch((err: unknown) => {
        const code = errorCode(err);
        if (code === 'RATE_LIMITED') {
          // Too many at once: the same tap again once the quota has room.
          const seconds = Number(graphQLErrorsOf(err)[0]?.extensions?.retryAfterSeconds) || RETRY_MS / 1000;
          retry = setTimeout(() => setPending((queue) => [...queue]), seconds * 1000);
        } else if (code) {
          // Refused (4xx): sending it again would be refused again.
          onRefused(next, errorMessage(err));
          setPending((queue) => queue.filter((t) => t.operationId !== operationId));
        } else {
          setOffline(true);
          retry = setTimeout(() => setPending((queue) => [...queue]), RETRY_MS);
        }
      })
      .finally(() => {
        sending.current = false;
      });
    return () => clearTimeout(retry);
  }, [pending, tap, attempt, onApplied, onRefused]);

  /** Queues an operation and returns it with its operation id. */
  const enqueue = useCallback((t: StateTap | AttemptTap): Tap => {
    const queued = { ...t, operationId: crypto.randomUUID() };
    setPending((queue) => [...queue, queued]);
    return queued;
  }, []);
  return { pending, offline, enqueue };
}
