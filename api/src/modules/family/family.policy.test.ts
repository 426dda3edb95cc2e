import { judge, people, type Person, type Verdict } from '../../../test/policy.js';
import { assertMayManageFamily, familyMembersOf, mayManageFamily } from './family.policy.js';

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

it("scopes a parent's family to its active members", () => {
  expect(familyMembersOf('p')).toEqual({ guardian: 'p', removedAt: null });
});
