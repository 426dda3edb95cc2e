import { judge, people, type Person, type Rule, type Verdict } from '../../../test/policy.js';
import type { TaughtClass } from '../classes/class.policy.js';
import type { Actor } from '../users/role.js';
import {
  assertMayKioskCheckIn,
  assertMayKioskTapIn,
  assertMayMarkAttendance,
  assertMayUseKioskScreen,
  kioskAccountOf,
  kioskName,
  mayKioskCheckIn,
  mayKioskTapIn,
  mayMarkAttendance,
  mayUseKioskScreen,
  type KioskPinCheck,
} from './checkin.policy.js';

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

// A kiosk screen lists names only while whoever set it up is staff.
const SCREEN_REFUSED = ['FORBIDDEN', 'Only staff can set up the check-in kiosk.'] as const;
it.each<[Person, Verdict]>([
  ['admin', 'allow'],
  ['instructor', 'allow'],
  ['teacher', 'allow'],
  ['parent', SCREEN_REFUSED],
  ['member', SCREEN_REFUSED],
])('%s, set up a screen as the kiosk → %j', (actor, expected) => {
  expect(judge({ may: mayUseKioskScreen, assert: assertMayUseKioskScreen }, people[actor], null)).toEqual(expected);
});

it.each([
  [{ firstName: 'Mia', lastName: 'Reyes' }, 'Mia R.'],
  [{ firstName: 'Leo', lastName: 'de la Cruz' }, 'Leo D.'],
  [{ firstName: 'Zoë', lastName: 'Ødegaard' }, 'Zoë Ø.'],
  [{ firstName: 'Kai', lastName: ' ' }, 'Kai'],
])('the kiosk shows %j as %s', (person, shown) => {
  expect(kioskName(person)).toBe(shown);
});

type Attendee = { id: string; username: string | null; guardian: Attendee | null };
const paula: Attendee = { id: 'paula', username: 'paula', guardian: null };
it.each<[string, Attendee, string | undefined]>([
  ['a member with a login answers for themselves', paula, 'paula'],
  ['a child without a login: their parent', { id: 'mia', username: null, guardian: paula }, 'paula'],
  ['an adult in a family with a login of their own: themselves', { id: 'leo', username: 'leo', guardian: paula }, 'leo'],
  ['nobody, for someone with neither', { id: 'x', username: null, guardian: null }, undefined],
])('at the kiosk, %s', (_what, attendee, account) => {
  expect(kioskAccountOf(attendee)?.id).toBe(account);
});

// A tap on a name: the booking must be open now; a family that set a PIN gives it.
const tapIn: Rule<boolean, KioskPinCheck> = { may: mayKioskTapIn, assert: assertMayKioskTapIn };
it.each<[boolean, KioskPinCheck, Verdict]>([
  [true, 'no PIN set', 'allow'],
  [true, 'right', 'allow'],
  [true, 'missing', ['UNAUTHENTICATED', "Enter your family's 4-digit check-in PIN."]],
  [true, 'wrong', ['UNAUTHENTICATED', 'That PIN is not right. Try again, or ask at the front desk.']],
  [false, 'no PIN set', ['NOT_FOUND', 'That check-in was not found.']],
  [false, 'right', ['NOT_FOUND', 'That check-in was not found.']],
])('a tap on a name, booking open now: %s, PIN: %s → %j', (open, pin, expected) => {
  expect(judge(tapIn, open, pin)).toEqual(expected);
});
