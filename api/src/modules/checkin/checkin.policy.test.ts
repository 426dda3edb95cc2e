import { judge, people, type Person, type Rule, type Verdict } from '../../../test/policy.js';
import type { TaughtClass } from '../classes/class.policy.js';
import type { Actor } from '../users/role.js';
import { assertMayKioskCheckIn, assertMayMarkAttendance, mayKioskCheckIn, mayMarkAttendance } from './checkin.policy.js';

type Marked = { classInstance: TaughtClass } | null;
const bookings = {
  "a booking in the instructor's class": { classInstance: { instructor: { id: people.instructor.id } } },
  "a booking in the teacher's class": { classInstance: { instructor: { id: people.teacher.id } } },
  'a missing booking': null,
} satisfies Record<string, Marked>;

const markAttendance: Rule<Actor, Marked> = {
  may: (a, b) => b !== null && mayMarkAttendance(a, b),
  assert: (a, b) => assertMayMarkAttendance(a, b),
};
const HIDDEN = ['NOT_FOUND', 'That booking was not found.'] as const;

it.each<[Person, keyof typeof bookings, Verdict]>([
  ['admin', "a booking in the instructor's class", 'allow'],
  ['admin', "a booking in the teacher's class", 'allow'],
  ['instructor', "a booking in the instructor's class", 'allow'],
  ['instructor', "a booking in the teacher's class", HIDDEN],
  ['teacher', "a booking in the teacher's class", 'allow'],
  ['teacher', "a booking in the instructor's class", HIDDEN],
  ['admin', 'a missing booking', HIDDEN],
])('%s, mark attendance on %s → %j', (actor, record, expected) => {
  expect(judge(markAttendance, people[actor], bookings[record])).toEqual(expected);
});

// At the kiosk the "actor" is the family's set of bookings open now (their confirmed bookings in open classes).
const OPEN = new Set(['mine', "my child's"]);
const kioskCheckIn: Rule<ReadonlySet<string>, string[]> = { may: mayKioskCheckIn, assert: assertMayKioskCheckIn };
const REFUSED = ['FORBIDDEN', "Only your family's bookings for classes open for check-in can be checked in here."] as const;

it.each<[string, string[], Verdict]>([
  ['their own booking', ['mine'], 'allow'],
  ['the whole family at once', ['mine', "my child's"], 'allow'],
  ["another family's booking", ['theirs'], REFUSED],
  ["their own and another family's", ['mine', 'theirs'], REFUSED],
  ['nobody', [], REFUSED],
])('a member at the kiosk, check in %s %j → %j', (_what, ids, expected) => {
  expect(judge(kioskCheckIn, OPEN, ids)).toEqual(expected);
});
