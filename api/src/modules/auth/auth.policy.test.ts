import { judge, people, type Person, type Verdict } from '../../../test/policy.js';
import type { Actor } from '../users/role.js';
import { assertMayEndSession, maySeeSession, type SessionRecord } from './auth.policy.js';

const rules = {
  see: { may: (actor: Actor | null, s: SessionRecord) => maySeeSession(actor, s) },
  end: {
    may: (actor: Actor, s: SessionRecord) => maySeeSession(actor, s),
    assert: (actor: Actor, s: SessionRecord) => assertMayEndSession(actor, s),
  },
};

const NOT_FOUND = ['NOT_FOUND', 'That session was not found.'] as const;

// The fields are @Authorized() (any signed-in user); this is the record rule: one's own sessions only, admins included.
it.each<[Person | 'nobody signed in', keyof typeof rules, Person, Verdict]>([
  ['member', 'see', 'member', 'allow'],
  ['member', 'end', 'member', 'allow'],
  ['member', 'see', 'stranger', 'deny'],
  ['member', 'end', 'stranger', NOT_FOUND],
  ['parent', 'end', 'member', NOT_FOUND],
  ['admin', 'see', 'member', 'deny'],
  ['admin', 'end', 'member', NOT_FOUND],
  ['admin', 'end', 'admin', 'allow'],
  ['instructor', 'end', 'member', NOT_FOUND],
  ['nobody signed in', 'see', 'member', 'deny'],
])('%s may %s a session of %s: %s', (actor, action, owner, verdict) => {
  const who = actor === 'nobody signed in' ? null : people[actor];
  const session = { user: { id: people[owner].id } };
  expect(judge(rules[action] as never, who as never, session)).toEqual(verdict);
});

it('answers NOT_FOUND for a session that does not exist', () => {
  expect(() => assertMayEndSession(people.member, null)).toThrow('That session was not found.');
});
