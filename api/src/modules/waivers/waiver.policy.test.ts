import { bornYearsAgo, judge, people, TODAY, type Person, type Rule, type Verdict } from '../../../test/policy.js';
import type { FamilyPerson } from '../users/user.policy.js';
import type { Actor, Ref } from '../users/role.js';
import {
  assertMayPublishWaiverVersion,
  assertMayReadWaiverSignature,
  assertMaySignWaiverFor,
  mayReadWaiverSignature,
  maySignWaiverFor,
  type SignatureParties,
  waiverVersionDateProblem,
} from './waiver.policy.js';

type Signee = FamilyPerson & { firstName: string; lastName: string };
const person = (id: string, age: number, extra: Partial<Signee> = {}): Signee => ({
  id,
  firstName: 'Mia',
  lastName: 'Reyes',
  birthday: bornYearsAgo(age),
  guardian: null,
  removedAt: null,
  ...extra,
});
const guardian = { id: people.parent.id };
const signees = {
  themselves: null, // the actor, filled in per row
  'their 10-year-old': person('kid', 10, { guardian }),
  'their child who turns 18 tomorrow': person('seventeen', 18, { guardian, birthday: bornYearsAgo(18, 1) }),
  'their 19-year-old': person('adult-kid', 19, { guardian, firstName: 'Leo' }),
  // Refused by name as before (the family page offers only active members, so a parent meets this only by crafting a request).
  'their removed 10-year-old': person('removed-kid', 10, { guardian, firstName: 'Ben', removedAt: new Date('2026-01-01') }),
  "another family's 10-year-old": person('other-kid', 10, { guardian: { id: 'other-parent' } }),
  'an adult stranger': person('adult', 30),
  'nobody (unknown id)': undefined,
};

const OUTSIDE_FAMILY = ['FORBIDDEN', 'You can only sign the waiver for yourself and for children under 18 in your family.'] as const;
const adult = (name: string) => ['FORBIDDEN', `${name} is 18 or older and must sign the waiver with their own account.`] as const;

const rule: Rule<Ref, Signee | undefined> = {
  may: (signer, p) => p !== undefined && maySignWaiverFor(signer, p, TODAY),
  assert: (signer, p) => assertMaySignWaiverFor(signer, p, TODAY),
};

it.each<[Person, keyof typeof signees, Verdict]>([
  ['member', 'themselves', 'allow'],
  ['parent', 'themselves', 'allow'],
  ['admin', 'themselves', 'allow'],
  ['parent', 'their 10-year-old', 'allow'],
  ['parent', 'their child who turns 18 tomorrow', 'allow'],
  ['parent', 'their 19-year-old', adult('Leo Reyes')],
  ['parent', 'their removed 10-year-old', adult('Ben Reyes')],
  ['parent', "another family's 10-year-old", OUTSIDE_FAMILY],
  ['parent', 'an adult stranger', OUTSIDE_FAMILY],
  ['parent', 'nobody (unknown id)', OUTSIDE_FAMILY],
  ['member', 'their 10-year-old', OUTSIDE_FAMILY],
  ['admin', 'their 10-year-old', OUTSIDE_FAMILY],
])('%s, sign the waiver for %s → %j', (actor, who, expected) => {
  const signee = who === 'themselves' ? person(people[actor].id, 30) : signees[who];
  expect(judge(rule, people[actor], signee)).toEqual(expected);
});

describe('reading a signature and its PDF copy', () => {
  const NOT_FOUND = ['NOT_FOUND', 'That waiver signature was not found.'] as const;
  const parent = { id: people.parent.id };
  const signatures: Record<string, SignatureParties | null> = {
    "the parent's own": { signedBy: parent, signedFor: { id: people.parent.id, guardian: null } },
    "the parent's for their child": { signedBy: parent, signedFor: { id: 'kid', guardian: parent } },
    // The child turned 18 and signed again with their own login: still their guardian's family record.
    "their grown child's own": { signedBy: { id: 'adult-kid' }, signedFor: { id: 'adult-kid', guardian: parent } },
    "the member's own": { signedBy: { id: people.member.id }, signedFor: { id: people.member.id, guardian: null } },
    "a former guardian's for the member": { signedBy: { id: 'old-guardian' }, signedFor: { id: people.member.id, guardian: null } },
    'none (unknown id)': null,
  };
  const rule: Rule<Actor, SignatureParties | null> = {
    may: (actor, s) => s !== null && mayReadWaiverSignature(actor, s),
    assert: (actor, s) => assertMayReadWaiverSignature(actor, s),
  };

  it.each<[Person, string, Verdict]>([
    ['parent', "the parent's own", 'allow'],
    ['parent', "the parent's for their child", 'allow'],
    ['parent', "their grown child's own", 'allow'],
    ['member', "the member's own", 'allow'],
    ['member', "a former guardian's for the member", 'allow'],
    ['admin', "the parent's for their child", 'allow'],
    ['admin', "the member's own", 'allow'],
    ['member', "the parent's for their child", NOT_FOUND],
    ['stranger', "the parent's own", NOT_FOUND],
    ['stranger', "the member's own", NOT_FOUND],
    ['instructor', "the parent's for their child", NOT_FOUND],
    ['teacher', "the member's own", NOT_FOUND],
    ['parent', "the member's own", NOT_FOUND],
    ['admin', 'none (unknown id)', NOT_FOUND],
  ])('%s reads %s signature → %j', (actor, which, expected) => {
    expect(judge(rule, people[actor], signatures[which])).toEqual(expected);
  });
});

describe("a new version's date", () => {
  const current = { lastUpdated: '2025-05-01' };
  it.each<[string, string | null]>([
    ['2025-05-01', null],
    ['2025-09-30', null],
    [TODAY, null],
    ['2025-04-30', "The date cannot be earlier than the current version's (2025-05-01)."],
    ['2999-01-01', 'The date cannot be in the future: a new version applies as soon as it is published.'],
  ])('%s → %j', (lastUpdated, problem) => {
    expect(waiverVersionDateProblem(current, lastUpdated, TODAY)).toBe(problem);
    if (problem) expect(() => assertMayPublishWaiverVersion(current, lastUpdated, TODAY)).toThrow(problem);
    else expect(() => assertMayPublishWaiverVersion(current, lastUpdated, TODAY)).not.toThrow();
  });
});
