import { useMutation } from '@apollo/client/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorCode, errorMessage } from '../../app/errors';
import type { MoveState } from '../../graphql/types';
import { TapMoveDocument } from './studentMoves.generated';

/** One tap on the grid: the state it set and the one it came from (for undo), under the client's operation id. */
export interface Tap {
  operationId: string;
  studentId: string;
  moveId: string;
  from: MoveState;
  to: MoveState;
  note?: string;
}

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
 * the API refuses is dropped and reported.
 */
export function useTapQueue(onApplied: (tap: Tap) => void, onRefused: (tap: Tap, message: string) => void) {
  const [pending, setPending] = useState<Tap[]>(stored);
  const [offline, setOffline] = useState(false);
  const [tap] = useMutation(TapMoveDocument);
  const sending = useRef(false);

  useEffect(() => {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(pending));
  }, [pending]);

  useEffect(() => {
    if (sending.current || pending.length === 0) return;
    const next = pending[0];
    sending.current = true;
    let retry: ReturnType<typeof setTimeout> | undefined;
    tap({
      variables: {
        input: { studentId: next.studentId, moveId: next.moveId, state: next.to, note: next.note ?? '', operationId: next.operationId },
      },
    })
      .then(() => {
        setOffline(false);
        onApplied(next);
        setPending((queue) => queue.filter((t) => t.operationId !== next.operationId));
      })
      .catch((err: unknown) => {
        if (errorCode(err)) {
          // Refused (4xx): sending it again would be refused again.
          onRefused(next, errorMessage(err));
          setPending((queue) => queue.filter((t) => t.operationId !== next.operationId));
        } else {
          setOffline(true);
          retry = setTimeout(() => setPending((queue) => [...queue]), RETRY_MS);
        }
      })
      .finally(() => {
        sending.current = false;
      });
    return () => clearTimeout(retry);
  }, [pending, tap, onApplied, onRefused]);

  const enqueue = useCallback(
    (t: Omit<Tap, 'operationId'>) => setPending((queue) => [...queue, { ...t, operationId: crypto.randomUUID() }]),
    [],
  );
  return { pending, offline, enqueue };
}
