import type { MoveState } from '../../graphql/types';

/** The states in the order a tap moves them on. */
export const MOVE_STATES: MoveState[] = ['not_started', 'learning', 'needs_spot', 'solid', 'signed_off'];

export const MOVE_STATE_LABEL: Record<MoveState, string> = {
  not_started: 'Not started',
  learning: 'Learning',
  needs_spot: 'Needs a spot',
  solid: 'Solid',
  signed_off: 'Signed off',
};

export const MOVE_STATE_COLOR: Record<MoveState, 'default' | 'info' | 'warning' | 'primary' | 'success'> = {
  not_started: 'default',
  learning: 'info',
  needs_spot: 'warning',
  solid: 'primary',
  signed_off: 'success',
};

/** The state one tap leads to: the next one, up to "signed off" (taking a sign-off back is an undo, with a reason). */
export function nextState(state: MoveState): MoveState {
  return MOVE_STATES[Math.min(MOVE_STATES.indexOf(state) + 1, MOVE_STATES.length - 1)];
}

/** "2 of 3 days" for a move cleared over several days; empty for one sign-off. */
export function clearanceLabel(move: { cleanDays: number; sides: { daysCleared: number }[] }): string {
  if (move.cleanDays <= 1) return '';
  const done = Math.min(move.cleanDays, ...move.sides.map((s) => s.daysCleared));
  return `${done} of ${move.cleanDays} days`;
}
