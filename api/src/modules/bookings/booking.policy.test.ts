import { bornYearsAgo, judge, people, TODAY, type Person, type Rule, type Verdict } from '../../../test/policy.js';
import type { FamilyPerson } from '../users/user.policy.js';
import type { Actor } from '../users/role.js';
import {
  assertMayBookFor,
  assertMayBookOverCapacity,
  assertMayManageBooking,
  assertMayManageWaitlistEntry,
  assertMayStaffBook,
  cancelsAsStaff,
  cartOf,
  familyScope,
  freeCancellationUntil,
  isLateCancellation,
  mayBookFor,
  mayBookOverCapacity,
  mayManageBooking,
  mayManageWaitlistEntry,
  mayStaffBook,
  type ManagedBooking,
  type ManagedWaitlistEntry,
} from './booking.policy.js';

type Named = FamilyPerson & { firstName: string; lastName: string };
const person = (id: string, age: number, extra: Partial<Named> = {}): Named => ({
  id,
  firstName: 'Mia',
  lastName: 'Reyes',
  birthday: bornYearsAgo(age),
  guardian: null,
  removedAt: null,
  ...extra,
});
const guardian = { id: people.parent.id };
const attendees = {
  themselves: null, // the actor, filled in per row
  'their 10-year-old': person('kid', 10, { guardian }),
  'their 19-year-old': person('adult-kid', 19, { guardian, firstName: 'Leo' }),
  'their child who turns 18 today': person('eighteen', 18, { guardian, firstName: 'Sam' }),
  'their child who turns 18 tomorrow': person('seventeen', 18, { guardian, firstName: 'Ava', birthday: bornYearsAgo(18, 1) }),
  'their removed 10-year-old': person('removed-kid', 10, { guardian, removedAt: new Date('2026-01-01') }),
  "another family's 10-year-old": person('other-kid', 10, { guardian: { id: 'other-parent' } }),
  'an adult stranger': person('adult', 30),
  'nobody (unknown id)': null,
};

const OUTSIDE_FAMILY = ['FORBIDDEN', 'You can book only for yourself and for children in your family.'] as const;
const adult = (name: string) => ['FORBIDDEN', `${name} is 18 or older and must book with their own account.`] as const;

it.each<[Person, keyof typeof attendees, Verdict]>([
  ['member', 'themselves', 'allow'],
  ['parent', 'themselves', 'allow'],
  ['parent', 'their 10-year-old', 'allow'],
  ['parent', 'their child who turns 18 tomorrow', 'allow'],
  ['parent', 'their child who turns 18 today', adult('Sam Reyes')],
  ['parent', 'their 19-year-old', adult('Leo Reyes')],
  ['parent', 'their removed 10-year-old', OUTSIDE_FAMILY],
  ['parent', "another family's 10-year-old", OUTSIDE_FAMILY],
  ['parent', 'an adult stranger', OUTSIDE_FAMILY],
  ['parent', 'nobody (unknown id)', OUTSIDE_FAMILY],
  ['member', 'their 10-year-old', OUTSIDE_FAMILY],
  // Staff book others through staffBookAttendee; as members they book like anyone else.
  ['admin', 'their 10-year-old', OUTSIDE_FAMILY],
  ['instructor', 'an adult stranger', OUTSIDE_FAMILY],
])('%s, book for %s → %j', (actor, who, expected) => {
  const attendee = who === 'themselves' ? person(people[actor].id, 30) : attendees[who];
  const rule: Rule<Actor, Named | null> = {
    may: (a, p) => p !== null && mayBookFor(a, p, TODAY),
    assert: (a, p) => assertMayBookFor(a, p, TODAY),
  };
  expect(judge(rule, people[actor], attendee)).toEqual(expected);
});

const NOBODY = ['NOT_FOUND', 'That person was not found.'] as const;
it.each<[Person, Person, Verdict]>([
  ['admin', 'member', 'allow'],
  ['admin', 'parent', 'allow'],
  ['admin', 'teacher', 'allow'],
  ['admin', 'instructor', 'allow'],
  ['admin', 'admin', 'allow'],
  ['instructor', 'member', 'allow'],
  ['instructor', 'parent', 'allow'],
  ['instructor', 'teacher', NOBODY],
  ['instructor', 'admin', NOBODY],
  ['teacher', 'member', 'allow'],
  ['teacher', 'instructor', NOBODY],
  ['member', 'member', NOBODY],
  ['parent', 'member', NOBODY],
])('%s books (and finds) as staff: %s → %j', (actor, who, expected) => {
  const rule: Rule<Actor, Actor> = { may: mayStaffBook, assert: assertMayStaffBook };
  expect(judge(rule, people[actor], people[who])).toEqual(expected);
});

it.each<[Person, Verdict]>([
  ['admin', 'allow'],
  ['instructor', ['FORBIDDEN', 'Only admins can book over capacity.']],
  ['teacher', ['FORBIDDEN', 'Only admins can book over capacity.']],
])('%s, book over capacity → %j', (actor, expected) => {
  expect(judge({ may: mayBookOverCapacity, assert: (a) => assertMayBookOverCapacity(a, true) }, people[actor], null)).toEqual(expected);
  expect(() => assertMayBookOverCapacity(people[actor], false)).not.toThrow();
});

// ── bookings and waitlist entries ─────────────────────────────────────────────────────────────────────────

const inInstructorsClass = { classInstance: { instructor: { id: people.instructor.id } } };
const member = { id: people.member.id, guardian: null };
const kid = { id: 'kid', guardian: { id: people.parent.id } };
const bookings = {
  'by the member for themselves': { attendee: member, bookedBy: { id: people.member.id }, ...inInstructorsClass },
  'by the parent for their child': { attendee: kid, bookedBy: { id: people.parent.id }, ...inInstructorsClass },
  "by an admin for the parent's child": { attendee: kid, bookedBy: { id: people.admin.id }, ...inInstructorsClass },
  'by the teacher (staff) for the member': { attendee: member, bookedBy: { id: people.teacher.id }, ...inInstructorsClass },
} satisfies Record<string, ManagedBooking>;
const entries = Object.fromEntries(
  Object.entries(bookings).map(([name, { bookedBy, ...rest }]) => [name, { ...rest, requestedBy: bookedBy }]),
) as Record<keyof typeof bookings, ManagedWaitlistEntry>;

const rules = {
  'cancel or claim a booking made': { may: mayManageBooking, assert: assertMayManageBooking },
  'leave a waitlist place asked for': { may: mayManageWaitlistEntry, assert: assertMayManageWaitlistEntry },
} satisfies Record<string, Rule<Actor, never>>;
const HIDDEN = {
  'cancel or claim a booking made': ['NOT_FOUND', 'That booking was not found.'],
  'leave a waitlist place asked for': ['NOT_FOUND', 'That waitlist entry was not found.'],
} as const;

describe.each(Object.keys(rules) as (keyof typeof rules)[])('%s', (action) => {
  const hidden = HIDDEN[action];
  it.each<[Person, keyof typeof bookings, Verdict]>([
    ['member', 'by the member for themselves', 'allow'],
    ['stranger', 'by the member for themselves', hidden],
    ['parent', 'by the member for themselves', hidden],
    ['teacher', 'by the member for themselves', hidden],
    ['instructor', 'by the member for themselves', 'allow'],
    ['admin', 'by the member for themselves', 'allow'],
    ['parent', 'by the parent for their child', 'allow'],
    ['member', 'by the parent for their child', hidden],
    ['parent', "by an admin for the parent's child", 'allow'],
    ['stranger', "by an admin for the parent's child", hidden],
    ['teacher', 'by the teacher (staff) for the member', 'allow'],
    ['member', 'by the teacher (staff) for the member', 'allow'],
    ['parent', 'by the teacher (staff) for the member', hidden],
  ])(`%s, ${action} %s → %j`, (actor, record, expected) => {
    const rule = rules[action] as Rule<Actor, ManagedBooking | ManagedWaitlistEntry>;
    const row = action === 'cancel or claim a booking made' ? bookings[record] : entries[record];
    expect(judge(rule, people[actor], row)).toEqual(expected);
  });

  it('answers a missing record like a hidden one', () => {
    const assert = rules[action].assert as (actor: Actor, record: null) => void;
    expect(() => assert(people.admin, null)).toThrow(hidden[1]);
  });
});

it.each<[Person, boolean]>([
  ['admin', true],
  ['instructor', true],
  ['teacher', true],
  ['parent', false],
  ['member', false],
])('%s cancels as staff (any time, never late): %s', (actor, expected) => {
  expect(cancelsAsStaff(people[actor])).toBe(expected);
});

describe('which rows a member sees (the family rule)', () => {
  const family = [{ attendee: 'p' }, { attendee: { guardian: 'p' } }];
  it('scopes bookings and waitlist entries to the viewer and their family', () => {
    expect(familyScope('p')).toEqual({ $or: family });
  });
  it("holds the cart's spots to the ones the member booked", () => {
    expect(cartOf('p')).toEqual({ bookedBy: 'p' });
  });
});

// The cancellation policy: a member's cancellation of a confirmed booking after the cutoff is late.
const START = new Date('2026-11-24T18:00:00Z');
const FREE_UNTIL = freeCancellationUntil(START, 12);
it('ends free cancellation the studio’s cutoff before the class', () => {
  expect(FREE_UNTIL.toISOString()).toBe('2026-11-24T06:00:00.000Z');
  expect(freeCancellationUntil(START, 0)).toEqual(START);
});
it.each<[Person, string, string, boolean]>([
  ['member', 'confirmed', '2026-11-24T05:59:59Z', false],
  ['member', 'confirmed', '2026-11-24T06:00:00Z', true],
  ['parent', 'confirmed', '2026-11-24T17:00:00Z', true],
  ['member', 'held', '2026-11-24T17:00:00Z', false],
  ['instructor', 'confirmed', '2026-11-24T17:00:00Z', false],
  ['admin', 'confirmed', '2026-11-24T17:00:00Z', false],
])('%s cancels a %s booking at %s: late %s', (actor, status, at, late) => {
  expect(isLateCancellation(people[actor], { status }, FREE_UNTIL, new Date(at).getTime())).toBe(late);
});
