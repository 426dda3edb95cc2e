import { judge, people, type Person, type Rule, type Verdict } from '../../../test/policy.js';
import type { Actor } from '../users/role.js';
import { assertMayChangeCartItem, mayChangeCartItem, productCartOf, type OwnedCartItem } from './cart.policy.js';

const items = {
  "the member's line": { owner: { id: people.member.id } },
  "the parent's line": { owner: { id: people.parent.id } },
  'a missing line': null,
} satisfies Record<string, OwnedCartItem | null>;

const change: Rule<Actor, OwnedCartItem | null> = {
  may: (a, i) => i !== null && mayChangeCartItem(a, i),
  assert: (a, i) => assertMayChangeCartItem(a, i),
};
const HIDDEN = ['NOT_FOUND', 'That cart item was not found.'] as const;

it.each<[Person, keyof typeof items, Verdict]>([
  ['member', "the member's line", 'allow'],
  ['member', "the parent's line", HIDDEN],
  ['parent', "the parent's line", 'allow'],
  ['stranger', "the member's line", HIDDEN],
  ['admin', "the member's line", HIDDEN],
  ['instructor', "the member's line", HIDDEN],
  ['member', 'a missing line', HIDDEN],
])('%s changes %s → %j', (actor, item, expected) => {
  expect(judge(change, people[actor], items[item])).toEqual(expected);
});

it('a product cart is read by its owner only', () => {
  expect(productCartOf(people.member.id)).toEqual({ owner: 'member' });
});
