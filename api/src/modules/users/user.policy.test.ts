import { judge, people, type Person, type Rule, type Verdict } from '../../../test/policy.js';
import { Role, type Actor, type Ref } from './role.js';
import { assertMaySetActive, assertMaySetRole, maySeeFamilyMembers, maySetActive, maySetRole } from './user.policy.js';

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
