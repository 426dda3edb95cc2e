import { judge, people, type Person, type Rule, type Verdict } from '../../../test/policy.js';
import type { PgBossJobState } from '../../jobs/job-queues.js';
import type { Actor } from '../users/role.js';
import {
  assertMayCancelJob,
  assertMayControlSchedule,
  assertMayRetryJob,
  mayCancelJob,
  mayControlSchedule,
  mayRetryJob,
  type JobRecord,
} from './jobs.policy.js';

const retry: Rule<Actor, JobRecord> = { may: mayRetryJob, assert: assertMayRetryJob };
const cancel: Rule<Actor, JobRecord> = { may: mayCancelJob, assert: assertMayCancelJob };
const HIDDEN = ['NOT_FOUND', 'That job was not found.'] as const;
const notRetried = (words: string) => ['CONFLICT', `Only a failed job can be retried: this one is ${words}.`] as const;
const notCancelled = (words: string) => ['CONFLICT', `Only a job waiting in the queue can be cancelled: this one is ${words}.`] as const;

it.each<[Person, PgBossJobState, Verdict, Verdict]>([
  ['admin', 'failed', 'allow', notCancelled('failed')],
  ['admin', 'created', notRetried('waiting in the queue'), 'allow'],
  ['admin', 'retry', notRetried('waiting to be tried again'), 'allow'],
  ['admin', 'active', notRetried('running'), notCancelled('running')],
  ['admin', 'completed', notRetried('completed'), notCancelled('completed')],
  ['admin', 'cancelled', notRetried('cancelled'), notCancelled('cancelled')],
  ['instructor', 'failed', HIDDEN, HIDDEN],
  ['teacher', 'created', HIDDEN, HIDDEN],
  ['member', 'failed', HIDDEN, HIDDEN],
])('%s, a %s job → retry %j, cancel %j', (actor, state, retried, cancelled) => {
  expect(judge(retry, people[actor], { state })).toEqual(retried);
  expect(judge(cancel, people[actor], { state })).toEqual(cancelled);
});

const schedule: Rule<Actor, { name: string; cron: string | null }> = { may: mayControlSchedule, assert: assertMayControlSchedule };
it.each<[Person, string | null, Verdict]>([
  ['admin', '* * * * *', 'allow'],
  ['admin', null, ['BAD_USER_INPUT', 'q has no schedule: it runs once for each job the app sends it.']],
  ['instructor', '* * * * *', ['NOT_FOUND', 'That queue was not found.']],
  ['parent', '* * * * *', ['NOT_FOUND', 'That queue was not found.']],
])('%s, run now / pause / resume a queue with cron %j → %j', (actor, cron, expected) => {
  expect(judge(schedule, people[actor], { name: 'q', cron })).toEqual(expected);
});
