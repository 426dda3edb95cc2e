import { MoveSide } from './move-progress.entity.js';

/** "N clean reps per side on M different days": what a move is signed off by (default: one sign-off). */
export interface ClearanceRule {
  cleanReps: number;
  cleanDays: number;
}

export const ONE_SIGN_OFF: ClearanceRule = { cleanReps: 1, cleanDays: 1 };

export interface SeenAttempt {
  side: MoveSide;
  /** The studio's date, YYYY-MM-DD. */
  day: string;
  cleanReps: number;
}

/** The sides a move is learned on: left and right, or the one `both`. */
export const sidesOf = (move: { hasSides: boolean }): MoveSide[] => (move.hasSides ? [MoveSide.left, MoveSide.right] : [MoveSide.both]);

/**
 * The different days on which a side had at least the rule's clean reps (the reps of one day add up; a day counts
 * once however many attempts it had).
 */
export function clearedDays(attempts: readonly SeenAttempt[], side: MoveSide, rule: ClearanceRule): number {
  const repsByDay = new Map<string, number>();
  for (const a of attempts) if (a.side === side) repsByDay.set(a.day, (repsByDay.get(a.day) ?? 0) + a.cleanReps);
  return [...repsByDay.values()].filter((reps) => reps >= rule.cleanReps).length;
}

/** Whether every side has met the rule. */
export function clearanceMet(attempts: readonly SeenAttempt[], sides: readonly MoveSide[], rule: ClearanceRule): boolean {
  return sides.every((side) => clearedDays(attempts, side, rule) >= rule.cleanDays);
}

/** The rule a move is cleared by: its own where it has one, else its level's, else one sign-off. */
export function ruleFor(move: { cleanReps: number | null; cleanDays: number | null }, level: ClearanceRule | undefined): ClearanceRule {
  return { cleanReps: move.cleanReps ?? level?.cleanReps ?? 1, cleanDays: move.cleanDays ?? level?.cleanDays ?? 1 };
}

const DAY = 24 * 3600_000;

/**
 * A signed-off move is in refresh when the student has neither been signed off on it nor attended a class on its
 * apparatus for `refreshDays` days (students lose tricks after a break).
 */
export function inRefresh(signedOffAt: Date, lastAttended: Date | null, refreshDays: number, now = new Date()): boolean {
  const lastActive = Math.max(signedOffAt.getTime(), lastAttended?.getTime() ?? 0);
  return now.getTime() - lastActive > refreshDays * DAY;
}
