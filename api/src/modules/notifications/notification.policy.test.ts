import { judge, people, type Person, type Rule, type Verdict } from '../../../test/policy.js';
import type { Actor } from '../users/role.js';
import { NotificationAudience } from './notification.entity.js';
import {
  assertMayReadNotification,
  assertMayUseFeed,
  mayReadNotification,
  mayUseFeed,
  type AddressedNotification,
} from './notification.policy.js';
import { NotificationFeed } from './notification.types.js';

const { admin: ADMIN, user: USER } = NotificationFeed;
const ADMIN_ONLY = ['FORBIDDEN', 'The studio notification feed is for admins.'] as const;
const NOT_FOR_ADMINS = ['FORBIDDEN', 'Admins read their notifications in the admin feed (/api/notifications).'] as const;
const HIDDEN = ['NOT_FOUND', 'That notification was not found.'] as const;

const useFeed: Rule<Actor, NotificationFeed> = { may: mayUseFeed, assert: assertMayUseFeed };

it.each<[Person, NotificationFeed, Verdict]>([
  ['admin', ADMIN, 'allow'],
  ['admin', USER, NOT_FOR_ADMINS],
  ['instructor', ADMIN, ADMIN_ONLY],
  ['instructor', USER, 'allow'],
  ['teacher', ADMIN, ADMIN_ONLY],
  ['teacher', USER, 'allow'],
  ['parent', ADMIN, ADMIN_ONLY],
  ['parent', USER, 'allow'],
  ['member', ADMIN, ADMIN_ONLY],
  ['member', USER, 'allow'],
])('%s uses the %s feed → %j', (actor, feed, expected) => {
  expect(judge(useFeed, people[actor], feed)).toEqual(expected);
});

const notifications = {
  "the member's own": { user: { id: people.member.id }, audience: NotificationAudience.personal },
  "the parent's own": { user: { id: people.parent.id }, audience: NotificationAudience.personal },
  "the admin's own": { user: { id: people.admin.id }, audience: NotificationAudience.personal },
  "the admin's studio-wide copy": { user: { id: people.admin.id }, audience: NotificationAudience.studio },
  "another admin's studio-wide copy": { user: { id: 'other-admin' }, audience: NotificationAudience.studio },
  // Kept by someone who was an admin once: studio notifications stay out of the user feed.
  "the member's studio-wide copy": { user: { id: people.member.id }, audience: NotificationAudience.studio },
  'a missing one': null,
} satisfies Record<string, AddressedNotification | null>;

const read = (feed: NotificationFeed): Rule<Actor, AddressedNotification | null> => ({
  may: (a, n) => n !== null && mayReadNotification(a, feed, n),
  assert: (a, n) => assertMayReadNotification(a, feed, n),
});

it.each<[Person, NotificationFeed, keyof typeof notifications, Verdict]>([
  ['member', USER, "the member's own", 'allow'],
  ['member', USER, "the parent's own", HIDDEN],
  ['member', USER, "the member's studio-wide copy", HIDDEN],
  ['member', ADMIN, "the member's own", ADMIN_ONLY],
  ['member', USER, 'a missing one', HIDDEN],
  ['parent', USER, "the parent's own", 'allow'],
  ['parent', USER, "the member's own", HIDDEN],
  ['instructor', USER, "the member's own", HIDDEN],
  ['teacher', USER, "the member's own", HIDDEN],
  ['admin', ADMIN, "the admin's own", 'allow'],
  ['admin', ADMIN, "the admin's studio-wide copy", 'allow'],
  ['admin', ADMIN, "another admin's studio-wide copy", HIDDEN],
  ['admin', ADMIN, "the member's own", HIDDEN],
  ['admin', USER, "the admin's own", NOT_FOR_ADMINS],
])('%s reads through the %s feed %s → %j', (actor, feed, notification, expected) => {
  expect(judge(read(feed), people[actor], notifications[notification])).toEqual(expected);
});
