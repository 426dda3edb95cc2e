import { bornYearsAgo, judge, people, TODAY, type Person, type Verdict } from '../../../test/policy.js';
import {
  assertMayManageFamily,
  familyMembersOf,
  familyTie,
  mayActFor,
  mayManageFamily,
  type FamilyPerson,
  type FamilyTie,
} from './family.policy.js';

const REFUSED = ['FORBIDDEN', 'Only parents and guardians can manage family members.'] as const;

it.each<[Person, Verdict]>([
  ['parent', 'allow'],
  ['member', REFUSED],
  ['admin', REFUSED],
  ['instructor', REFUSED],
  ['teacher', REFUSED],
])('%s, add, edit or remove family members → %j', (actor, expected) => {
  expect(judge({ may: mayManageFamily, assert: assertMayManageFamily }, people[actor], null)).toEqual(expected);
});

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

it("scopes a parent's family to its active members", () => {
  expect(familyMembersOf('p')).toEqual({ guardian: 'p', removedAt: null });
});
