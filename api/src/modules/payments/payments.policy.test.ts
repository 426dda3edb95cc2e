import { judge, people, type Person, type Rule, type Verdict } from '../../../test/policy.js';
import type { Actor } from '../users/role.js';
import { assertMayViewOrder, mayRefund, mayViewOrder, type OwnedOrder } from './payments.policy.js';

const orders = {
  "the member's order": { owner: { id: people.member.id } },
  "the parent's order": { owner: { id: people.parent.id } },
  'a missing order': null,
} satisfies Record<string, OwnedOrder | null>;

const view: Rule<Actor, OwnedOrder | null> = {
  may: (a, o) => o !== null && mayViewOrder(a, o),
  assert: (a, o) => assertMayViewOrder(a, o),
};
const HIDDEN = ['NOT_FOUND', 'That order was not found.'] as const;

it.each<[Person, keyof typeof orders, Verdict]>([
  ['member', "the member's order", 'allow'],
  ['member', "the parent's order", HIDDEN],
  ['parent', "the parent's order", 'allow'],
  ['stranger', "the member's order", HIDDEN],
  ['instructor', "the member's order", HIDDEN],
  ['teacher', "the member's order", HIDDEN],
  ['admin', "the member's order", 'allow'],
  ['admin', 'a missing order', HIDDEN],
])('%s views %s → %j', (actor, order, expected) => {
  expect(judge(view, people[actor], orders[order])).toEqual(expected);
});

it.each<[Person, boolean]>([
  ['admin', true],
  ['instructor', false],
  ['teacher', false],
  ['parent', false],
  ['member', false],
])('%s may refund → %s', (actor, expected) => {
  expect(mayRefund(people[actor])).toBe(expected);
});
