import { judge, people, type Person, type Rule, type Verdict } from '../../../test/policy.js';
import type { Actor } from '../users/role.js';
import {
  assertMayAdministerMembership,
  assertMayChangeRenewal,
  mayAdministerMembership,
  mayChangeRenewal,
  maySeeMembership,
  type Held,
} from './memberships.policy.js';

const records = {
  "the member's membership": { holderId: people.member.id, comp: false },
  "the member's comp membership": { holderId: people.member.id, comp: true },
  "the parent's membership": { holderId: people.parent.id, comp: false },
  'a missing membership': null,
} satisfies Record<string, (Held & { comp: boolean }) | null>;
type Record_ = keyof typeof records;
type Action = 'see' | 'cancel or resume' | 'administer';

const rules: Record<Action, Rule<Actor, (Held & { comp: boolean }) | null>> = {
  see: { may: (a, r) => r !== null && maySeeMembership(a, r) },
  'cancel or resume': { may: (a, r) => r !== null && mayChangeRenewal(a, r), assert: (a, r) => assertMayChangeRenewal(a, r) },
  administer: { may: (a, r) => r !== null && mayAdministerMembership(a, r), assert: (a, r) => assertMayAdministerMembership(a, r) },
};
const HIDDEN = ['NOT_FOUND', 'That membership was not found.'] as const;
const STUDIO_ONLY = ['FORBIDDEN', 'A complimentary membership is changed by the studio: ask at the front desk.'] as const;

it.each<[Person, Record_, Action, Verdict]>([
  ['member', "the member's membership", 'see', 'allow'],
  ['member', "the parent's membership", 'see', 'deny'],
  ['stranger', "the member's membership", 'see', 'deny'],
  ['instructor', "the member's membership", 'see', 'deny'],
  ['admin', "the member's membership", 'see', 'allow'],
  ['member', "the member's membership", 'cancel or resume', 'allow'],
  ['member', "the member's comp membership", 'cancel or resume', STUDIO_ONLY],
  ['member', "the parent's membership", 'cancel or resume', HIDDEN],
  ['parent', "the member's membership", 'cancel or resume', HIDDEN],
  ['teacher', "the member's membership", 'cancel or resume', HIDDEN],
  ['admin', "the member's comp membership", 'cancel or resume', 'allow'],
  ['admin', 'a missing membership', 'cancel or resume', HIDDEN],
  ['member', "the member's membership", 'administer', HIDDEN],
  ['instructor', "the member's membership", 'administer', HIDDEN],
  ['admin', "the member's membership", 'administer', 'allow'],
  ['admin', 'a missing membership', 'administer', HIDDEN],
])('%s: %s, %s → %j', (actor, record, action, expected) => {
  expect(judge(rules[action], people[actor], records[record])).toEqual(expected);
});
