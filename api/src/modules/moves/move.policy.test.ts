import { judge, people, type Person, type Rule, type Verdict } from '../../../test/policy.js';
import type { Actor } from '../users/role.js';
import { MoveState } from './move-progress.entity.js';
import {
  assertMayCoachMoves,
  assertMayFollowMoves,
  assertMayManageMoves,
  assertMayRequestSignOff,
  assertMaySetMoveState,
  mayCoachMoves,
  mayFollowMoves,
  mayManageMoves,
  mayRequestSignOff,
  maySetMoveState,
  type MoveStudent,
  type StateChange,
} from './move.policy.js';

const students = {
  themselves: null, // the actor, filled in per row
  'their child': { id: 'kid', guardian: { id: people.parent.id }, removedAt: null },
  'their removed child': { id: 'removed-kid', guardian: { id: people.parent.id }, removedAt: new Date('2026-01-01') },
  "another family's child": { id: 'other-kid', guardian: { id: 'other-parent' }, removedAt: null },
  'another student': { id: people.stranger.id, guardian: null, removedAt: null },
} satisfies Record<string, MoveStudent | null>;
type Who = keyof typeof students;
const studentFor = (actor: Person, who: Who): MoveStudent => students[who] ?? { id: people[actor].id, guardian: null, removedAt: null };

const SEE_OWN = ['FORBIDDEN', "You can see only your own moves and your children's."] as const;
it.each<[Person, Who, Verdict]>([
  ['member', 'themselves', 'allow'],
  ['parent', 'their child', 'allow'],
  ['parent', 'their removed child', SEE_OWN],
  ['parent', "another family's child", SEE_OWN],
  ['member', 'another student', SEE_OWN],
  ['member', 'their child', SEE_OWN],
  ['instructor', 'another student', 'allow'],
  ['teacher', "another family's child", 'allow'],
  ['admin', 'their child', 'allow'],
])('%s follows the moves of %s → %j', (actor, who, expected) => {
  const rule: Rule<Actor, MoveStudent> = { may: mayFollowMoves, assert: assertMayFollowMoves };
  expect(judge(rule, people[actor], studentFor(actor, who))).toEqual(expected);
});

const { not_started, learning, needs_spot, solid, signed_off } = MoveState;
const CHANGE_OWN = ['FORBIDDEN', "You can change only your own moves and your children's."] as const;
const STAFF_SIGN_OFF = ['FORBIDDEN', 'Only an instructor signs a move off or takes a sign-off back.'] as const;
const PARENT_READ_ONLY = ['FORBIDDEN', "Parents follow their children's moves; only the student and staff change them."] as const;
const PARENT_LEARNING = ['FORBIDDEN', 'Parents can mark a move as learning only.'] as const;
it.each<[Person, Who, StateChange, boolean, Verdict]>([
  // Students, for themselves, up to "solid" and back down, never to or from a sign-off.
  ['member', 'themselves', { from: not_started, to: learning }, false, 'allow'],
  ['member', 'themselves', { from: learning, to: needs_spot }, false, 'allow'],
  ['member', 'themselves', { from: needs_spot, to: solid }, false, 'allow'],
  ['member', 'themselves', { from: solid, to: learning }, false, 'allow'],
  ['member', 'themselves', { from: solid, to: signed_off }, false, STAFF_SIGN_OFF],
  ['member', 'themselves', { from: signed_off, to: solid }, false, STAFF_SIGN_OFF],
  ['member', 'another student', { from: not_started, to: learning }, false, CHANGE_OWN],
  ['member', 'their child', { from: not_started, to: learning }, false, CHANGE_OWN],
  // Parents read only, unless the studio lets them mark "learning".
  ['parent', 'their child', { from: not_started, to: learning }, false, PARENT_READ_ONLY],
  ['parent', 'their child', { from: not_started, to: learning }, true, 'allow'],
  ['parent', 'their child', { from: learning, to: solid }, true, PARENT_LEARNING],
  ['parent', 'their child', { from: solid, to: signed_off }, true, STAFF_SIGN_OFF],
  ['parent', "another family's child", { from: not_started, to: learning }, true, CHANGE_OWN],
  ['parent', 'their removed child', { from: not_started, to: learning }, true, CHANGE_OWN],
  // Staff sign off and take back; admins do everything.
  ['instructor', 'another student', { from: solid, to: signed_off }, false, 'allow'],
  ['instructor', 'another student', { from: signed_off, to: learning }, false, 'allow'],
  ['teacher', 'their child', { from: not_started, to: signed_off }, false, 'allow'],
  ['admin', "another family's child", { from: signed_off, to: not_started }, false, 'allow'],
])('%s changes a move of %s %j (parents may mark learning: %s) → %j', (actor, who, change, parentsMayMarkLearning, expected) => {
  const settings = { parentsMayMarkLearning };
  const rule: Rule<Actor, MoveStudent> = {
    may: (a, s) => maySetMoveState(a, s, change, settings),
    assert: (a, s) => assertMaySetMoveState(a, s, change, settings),
  };
  expect(judge(rule, people[actor], studentFor(actor, who))).toEqual(expected);
});

const COACH = ['FORBIDDEN', 'Only instructors, teachers and admins can do that.'] as const;
const MANAGE = ['FORBIDDEN', 'Only admins can change the moves catalogue, levels and placements.'] as const;
it.each<[Person, Verdict, Verdict]>([
  ['admin', 'allow', 'allow'],
  ['instructor', 'allow', MANAGE],
  ['teacher', 'allow', MANAGE],
  ['parent', COACH, MANAGE],
  ['member', COACH, MANAGE],
])('%s records attempts and overrides → %j; edits the catalogue and places students → %j', (actor, coach, manage) => {
  expect(judge<Actor, null>({ may: (a) => mayCoachMoves(a), assert: (a) => assertMayCoachMoves(a) }, people[actor], null)).toEqual(coach);
  expect(judge<Actor, null>({ may: (a) => mayManageMoves(a), assert: (a) => assertMayManageMoves(a) }, people[actor], null)).toEqual(
    manage,
  );
});

const ASK = ['FORBIDDEN', 'Only the student or their parent can ask for a sign-off.'] as const;
it.each<[Person, Who, Verdict]>([
  ['member', 'themselves', 'allow'],
  ['parent', 'their child', 'allow'],
  ['parent', "another family's child", ASK],
  ['member', 'another student', ASK],
  ['instructor', 'another student', ASK],
])('%s asks for a sign-off for %s → %j', (actor, who, expected) => {
  const rule: Rule<Actor, MoveStudent> = { may: mayRequestSignOff, assert: assertMayRequestSignOff };
  expect(judge(rule, people[actor], studentFor(actor, who))).toEqual(expected);
});
