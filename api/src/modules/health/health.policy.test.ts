import { judge, people, type Person, type Rule, type Verdict } from '../../../test/policy.js';
import type { TaughtClass } from '../classes/class.policy.js';
import type { Actor } from '../users/role.js';
import { assertMayEditHealth, mayEditHealth, maySeeHealth, type HealthSubject } from './health.policy.js';

const subject = (over: Partial<HealthSubject> = {}): HealthSubject => ({
  id: 'mia',
  firstName: 'Mia',
  guardian: { id: people.parent.id },
  removedAt: null,
  username: null,
  ...over,
});
const persons = {
  'their child': subject(),
  'their adult child with a login': subject({ firstName: 'Leo', username: 'leo' }),
  'a child they removed from the family': subject({ removedAt: new Date('2026-01-01') }),
  "another family's child": subject({ guardian: { id: 'someone else' } }),
  themselves: null,
} satisfies Record<string, HealthSubject | null>;
type Who = keyof typeof persons;
/** `themselves`: the actor's own record. */
const whom = (actor: Actor, who: Who): HealthSubject =>
  persons[who] ?? subject({ id: actor.id, firstName: 'Me', guardian: null, username: actor.id });

const taughtBy = (id: string): TaughtClass => ({ instructor: { id } });
const rosters = {
  'not on a roster': null,
  "on the instructor's roster": taughtBy(people.instructor.id),
  "on another instructor's roster": taughtBy('another instructor'),
} satisfies Record<string, TaughtClass | null>;

it.each<[Person | 'signed out', Who, keyof typeof rosters, boolean]>([
  ['parent', 'their child', 'not on a roster', true],
  ['parent', 'their adult child with a login', 'not on a roster', true],
  ['parent', 'a child they removed from the family', 'not on a roster', false],
  ['parent', "another family's child", 'not on a roster', false],
  ['parent', "another family's child", "on the instructor's roster", false],
  ['member', 'themselves', 'not on a roster', true],
  ['stranger', 'their child', 'not on a roster', false],
  ['stranger', 'their child', "on the instructor's roster", false],
  ['instructor', 'their child', "on the instructor's roster", true],
  ['instructor', 'their child', "on another instructor's roster", false],
  ['instructor', 'their child', 'not on a roster', false],
  ['teacher', 'their child', "on the instructor's roster", false],
  ['teacher', 'their child', 'not on a roster', false],
  ['admin', "another family's child", 'not on a roster', true],
  ['admin', 'their child', "on another instructor's roster", true],
  ['signed out', 'their child', "on the instructor's roster", false],
])('%s reads the health details of %s (%s) → %s', (viewer, who, roster, expected) => {
  const actor = viewer === 'signed out' ? null : people[viewer];
  expect(maySeeHealth(actor, whom(actor ?? people.stranger, who), rosters[roster])).toBe(expected);
});

const edit: Rule<Actor, HealthSubject> = { may: mayEditHealth, assert: assertMayEditHealth };
const MISSING = ['NOT_FOUND', 'That person was not found.'] as const;
it.each<[Person, Who, Verdict]>([
  ['parent', 'their child', 'allow'],
  ['parent', 'themselves', 'allow'],
  [
    'parent',
    'their adult child with a login',
    ['FORBIDDEN', 'Leo has a login of their own and keeps their health details up to date on their profile.'],
  ],
  ['parent', 'a child they removed from the family', MISSING],
  ['parent', "another family's child", MISSING],
  ['member', 'themselves', 'allow'],
  ['member', 'their child', MISSING],
  ['instructor', 'their child', MISSING],
  ['admin', 'their child', MISSING],
  ['instructor', 'themselves', 'allow'],
])('%s changes the health details of %s → %j', (actor, who, expected) => {
  expect(judge(edit, people[actor], whom(people[actor], who))).toEqual(expected);
});

it('answers a missing person as not found', () => {
  expect(() => assertMayEditHealth(people.parent, null)).toThrow('That person was not found.');
});
