import { forbidden } from '../../graphql/errors.js';
import { isGuardianOf } from '../users/user.policy.js';
import { isAdmin, isStaff, type Actor, type Ref } from '../users/role.js';
import { MoveState } from './move-progress.entity.js';

/** A student as the moves rules need them. */
export interface MoveStudent extends Ref {
  guardian: Ref | null;
  removedAt: Date | null;
}

/** A change of one move's state, from and to. */
export interface StateChange {
  from: MoveState;
  to: MoveState;
}

/** The studio's settings the rules read. */
export interface MoveRuleSettings {
  parentsMayMarkLearning: boolean;
}

const isParentOf = (actor: Actor, student: MoveStudent): boolean => isGuardianOf(actor, student) && !student.removedAt;

// ── following a student's moves ──────────────────────────────────────────────────────────────────────────

/** The student themselves, their parent, and staff see a student's moves, history and notes. */
export function mayFollowMoves(actor: Actor, student: MoveStudent): boolean {
  return actor.id === student.id || isParentOf(actor, student) || isStaff(actor);
}

export function assertMayFollowMoves<S extends MoveStudent>(actor: Actor, student: S | null): asserts student is S {
  if (!student || !mayFollowMoves(actor, student)) throw forbidden("You can see only your own moves and your children's.");
}

// ── changing a state ─────────────────────────────────────────────────────────────────────────────────────

/**
 * Students move their own states up to "solid"; only staff sign a move off or take a sign-off back; parents follow
 * their children read only, unless the studio lets them mark a move "learning"; admins do everything.
 */
export function maySetMoveState(actor: Actor, student: MoveStudent, change: StateChange, settings: MoveRuleSettings): boolean {
  if (!mayFollowMoves(actor, student)) return false;
  if (isStaff(actor)) return true;
  if (change.from === MoveState.signed_off || change.to === MoveState.signed_off) return false;
  if (actor.id === student.id) return true;
  return settings.parentsMayMarkLearning && change.to === MoveState.learning;
}

export function assertMaySetMoveState(actor: Actor, student: MoveStudent, change: StateChange, settings: MoveRuleSettings): void {
  if (maySetMoveState(actor, student, change, settings)) return;
  if (!mayFollowMoves(actor, student)) throw forbidden("You can change only your own moves and your children's.");
  if (change.from === MoveState.signed_off || change.to === MoveState.signed_off)
    throw forbidden('Only an instructor signs a move off or takes a sign-off back.');
  if (!settings.parentsMayMarkLearning) throw forbidden("Parents follow their children's moves; only the student and staff change them.");
  throw forbidden('Parents can mark a move as learning only.');
}

// ── staff and admin work ─────────────────────────────────────────────────────────────────────────────────

/** Instructors, teachers and admins record attempts, sign off, see the class grid and let attendees into classes. */
export function mayCoachMoves(actor: Actor): boolean {
  return isStaff(actor);
}

export function assertMayCoachMoves(actor: Actor): void {
  if (!mayCoachMoves(actor)) throw forbidden('Only instructors, teachers and admins can do that.');
}

/** Admins edit the catalogue, levels, class requirements and the studio's settings, and place students at a level. */
export function mayManageMoves(actor: Actor): boolean {
  return isAdmin(actor);
}

export function assertMayManageMoves(actor: Actor): void {
  if (!mayManageMoves(actor)) throw forbidden('Only admins can change the moves catalogue, levels and placements.');
}

/** A student asks for a sign-off of their own moves; a parent for their child's. */
export function mayRequestSignOff(actor: Actor, student: MoveStudent): boolean {
  return actor.id === student.id || isParentOf(actor, student);
}

export function assertMayRequestSignOff(actor: Actor, student: MoveStudent): void {
  if (!mayRequestSignOff(actor, student)) throw forbidden('Only the student or their parent can ask for a sign-off.');
}
