import { judge, people, type Person, type Rule, type Verdict } from '../../../test/policy.js';
import type { Actor } from '../users/role.js';
import { assertMaySeeRoster, mayTeach, teachingScope, type TaughtClass } from './class.policy.js';

const classes = {
  "the instructor's class": { instructor: { id: people.instructor.id } },
  "the teacher's class": { instructor: { id: people.teacher.id } },
} satisfies Record<string, TaughtClass>;

const rules = {
  'see the roster of': { may: mayTeach, assert: assertMaySeeRoster },
} satisfies Record<string, Rule<Actor, TaughtClass>>;

const REFUSED = ['FORBIDDEN', 'Only the class instructor or an admin can see this roster.'] as const;

it.each<[Person, keyof typeof rules, keyof typeof classes, Verdict]>([
  ['admin', 'see the roster of', "the instructor's class", 'allow'],
  ['admin', 'see the roster of', "the teacher's class", 'allow'],
  ['instructor', 'see the roster of', "the instructor's class", 'allow'],
  ['instructor', 'see the roster of', "the teacher's class", REFUSED],
  ['teacher', 'see the roster of', "the teacher's class", 'allow'],
  ['teacher', 'see the roster of', "the instructor's class", REFUSED],
  ['member', 'see the roster of', "the instructor's class", REFUSED],
  ['parent', 'see the roster of', "the teacher's class", REFUSED],
])('%s, %s %s → %j', (actor, action, record, expected) => {
  expect(judge(rules[action], people[actor], classes[record])).toEqual(expected);
});

it.each<[Person, object]>([
  ['admin', {}],
  ['instructor', { instructorIds: [people.instructor.id] }],
  ['teacher', { instructorIds: [people.teacher.id] }],
])("%s's classes to teach are scoped to %j", (actor, scope) => {
  expect(teachingScope(people[actor])).toEqual(scope);
});
