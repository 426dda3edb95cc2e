import { bornYearsAgo, judge, people, TODAY, type Person, type Rule, type Verdict } from '../../../test/policy.js';
import { Role, type Actor, type Ref } from './role.js';
import {
  assertMayEditInstructorProfile,
  assertMaySetActive,
  isProfilePublic,
  mayEditInstructorProfile,
  assertMaySetRole,
  familyTie,
  mayActFor,
  maySeeFamilyMembers,
  maySetActive,
  maySetRole,
  type FamilyPerson,
  type FamilyTie,
  type ProfilePerson,
} from './user.policy.js';

type Change = { user: Ref; role?: Role; active?: boolean };
const rules = {
  'see the family members of': { may: (viewer: Actor | null, c: Change) => maySeeFamilyMembers(viewer, c.user) },
  'set the role to instructor for': {
    may: (a: Actor, c: Change) => maySetRole(a, c.user, Role.instructor),
    assert: (a: Actor, c: Change) => assertMaySetRole(a, c.user, Role.instructor),
  },
  'set the role to admin for': {
    may: (a: Actor, c: Change) => maySetRole(a, c.user, Role.admin),
    assert: (a: Actor, c: Change) => assertMaySetRole(a, c.user, Role.admin),
  },
  deactivate: {
    may: (a: Actor, c: Change) => maySetActive(a, c.user, false),
    assert: (a: Actor, c: Change) => assertMaySetActive(a, c.user, false),
  },
  reactivate: {
    may: (a: Actor, c: Change) => maySetActive(a, c.user, true),
    assert: (a: Actor, c: Change) => assertMaySetActive(a, c.user, true),
  },
} satisfies Record<string, Rule<never, Change>>;

const OWN_ADMIN_ROLE = ['FORBIDDEN', 'You cannot remove your own admin role. Ask another admin.'] as const;
const OWN_ACCOUNT = ['FORBIDDEN', 'You cannot deactivate your own account.'] as const;

// Changing roles and activity is admin-only at the field (@Authorized(Role.admin)); these are the record rules on top.
it.each<[Person | 'nobody signed in', keyof typeof rules, Person | 'themselves', Verdict]>([
  ['parent', 'see the family members of', 'themselves', 'allow'],
  ['admin', 'see the family members of', 'parent', 'allow'],
  ['member', 'see the family members of', 'parent', 'deny'],
  ['instructor', 'see the family members of', 'parent', 'deny'],
  ['nobody signed in', 'see the family members of', 'parent', 'deny'],
  ['admin', 'set the role to instructor for', 'member', 'allow'],
  ['admin', 'set the role to instructor for', 'themselves', OWN_ADMIN_ROLE],
  ['admin', 'set the role to admin for', 'themselves', 'allow'],
  ['admin', 'set the role to admin for', 'teacher', 'allow'],
  ['admin', 'deactivate', 'member', 'allow'],
  ['admin', 'deactivate', 'themselves', OWN_ACCOUNT],
  ['admin', 'reactivate', 'themselves', 'allow'],
  ['admin', 'reactivate', 'member', 'allow'],
])('%s, %s %s → %j', (actor, action, target, expected) => {
  const viewer = actor === 'nobody signed in' ? null : people[actor];
  const user = target === 'themselves' ? viewer! : people[target];
  expect(judge(rules[action] as Rule<Actor | null, Change>, viewer, { user })).toEqual(expected);
});

// The family rule behind booking and signing for someone (booking.policy, waiver.policy).
const guardian = { id: people.parent.id };
const member = (age: number, extra: Partial<FamilyPerson> = {}): FamilyPerson => ({
  id: `p${age}`,
  birthday: bornYearsAgo(age),
  guardian,
  removedAt: null,
  ...extra,
});
const others = {
  themselves: { id: people.parent.id, birthday: bornYearsAgo(40), guardian: null, removedAt: null },
  'their 10-year-old': member(10),
  'their child who turns 18 tomorrow': member(18, { birthday: bornYearsAgo(18, 1) }),
  'their child who turns 18 today': member(18),
  'their 19-year-old': member(19),
  'their removed 10-year-old': member(10, { removedAt: new Date('2026-01-01') }),
  "another family's 10-year-old": member(10, { guardian: { id: 'other-parent' } }),
  'an adult stranger': member(30, { guardian: null }),
};

it.each<[keyof typeof others, FamilyTie, boolean]>([
  ['themselves', 'self', true],
  ['their 10-year-old', 'minor', true],
  ['their child who turns 18 tomorrow', 'minor', true],
  ['their child who turns 18 today', 'adult', false],
  ['their 19-year-old', 'adult', false],
  ['their removed 10-year-old', 'none', false],
  ["another family's 10-year-old", 'none', false],
  ['an adult stranger', 'none', false],
])('a parent and %s: %s, may act (sign, book) for them: %s', (who, tie, mayAct) => {
  expect(familyTie(people.parent, others[who], TODAY)).toBe(tie);
  expect(mayActFor(people.parent, others[who], TODAY)).toBe(mayAct);
});

// Instructor profiles (photo, bio, apparatus): changing them needs a staff role at the field
// (@Authorized(admin, instructor, teacher)); these are the record rules on top.
const profileOf = (who: Person, isActive = true): ProfilePerson => ({ ...people[who], isActive });
const editProfile = {
  may: (a: Actor, p: ProfilePerson) => mayEditInstructorProfile(a, p),
  assert: (a: Actor, p: ProfilePerson | null) => assertMayEditInstructorProfile(a, p),
} satisfies Rule<Actor, ProfilePerson>;
const NO_INSTRUCTOR = ['NOT_FOUND', 'That instructor was not found.'] as const;
const NOT_YOURS = ['FORBIDDEN', 'You can change only your own instructor profile.'] as const;

it.each<[Person, Person | 'themselves', Verdict]>([
  ['instructor', 'themselves', 'allow'],
  ['teacher', 'themselves', 'allow'],
  ['admin', 'themselves', 'allow'],
  ['admin', 'instructor', 'allow'],
  ['admin', 'teacher', 'allow'],
  ['instructor', 'teacher', NOT_YOURS],
  ['teacher', 'instructor', NOT_YOURS],
  ['instructor', 'admin', NOT_YOURS],
  ['admin', 'member', NO_INSTRUCTOR],
  ['admin', 'parent', NO_INSTRUCTOR],
  ['member', 'themselves', NO_INSTRUCTOR],
  ['member', 'instructor', NOT_YOURS],
])('%s edits the instructor profile of %s → %j', (actor, target, expected) => {
  const person = profileOf(target === 'themselves' ? actor : target);
  expect(judge(editProfile, people[actor], person)).toEqual(expected);
});

it('shows the profile of active staff only', () => {
  expect(isProfilePublic(profileOf('instructor'))).toBe(true);
  expect(isProfilePublic(profileOf('admin'))).toBe(true);
  expect(isProfilePublic(profileOf('instructor', false))).toBe(false);
  expect(isProfilePublic(profileOf('member'))).toBe(false);
});
