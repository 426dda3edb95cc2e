import { bornYearsAgo, judge, people, TODAY, type Person, type Rule, type Verdict } from '../../../test/policy.js';
import type { Actor } from '../users/role.js';
import { FamilyInviteStatus } from './family-invite.entity.js';
import {
  assertMayAcceptInvite,
  assertMayEditFamilyMember,
  assertMayInviteToOwnLogin,
  assertMayManageFamily,
  familyMembersOf,
  INVALID_INVITE,
  inviteStatus,
  mayAcceptInvite,
  mayEditFamilyMember,
  mayInviteToOwnLogin,
  maySeeInvite,
  mayManageFamily,
  type AcceptedInvite,
  type InvitedMember,
} from './family.policy.js';

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

// ── an adult family member's own login ───────────────────────────────────────────────────────────────────

const inFamily = (over: Partial<InvitedMember> = {}): InvitedMember => ({
  id: 'leo',
  firstName: 'Leo',
  guardian: { id: people.parent.id },
  removedAt: null,
  birthday: bornYearsAgo(19),
  username: null,
  isActive: true,
  ...over,
});
const members = {
  'an adult in their family without a login': inFamily(),
  'someone turning 18 today': inFamily({ birthday: bornYearsAgo(18) }),
  'someone turning 18 tomorrow': inFamily({ birthday: bornYearsAgo(18, 1) }),
  'a child in their family': inFamily({ firstName: 'Mia', birthday: bornYearsAgo(10) }),
  'an adult who already has a login': inFamily({ username: 'leo' }),
  'an adult they removed from the family': inFamily({ removedAt: new Date('2026-01-01') }),
  "another family's adult": inFamily({ guardian: { id: 'someone else' } }),
  'a deactivated adult': inFamily({ isActive: false }),
  'nobody (no such member)': null,
} satisfies Record<string, InvitedMember | null>;

const invite: Rule<Actor, InvitedMember | null> = {
  may: (a, m) => m !== null && mayInviteToOwnLogin(a, m, TODAY),
  assert: (a, m) => assertMayInviteToOwnLogin(a, m, TODAY),
};
const NOT_PARENT = ['FORBIDDEN', 'Only parents and guardians can manage family members.'] as const;
const MISSING = ['NOT_FOUND', 'That family member was not found.'] as const;

it.each<[Person, keyof typeof members, Verdict]>([
  ['parent', 'an adult in their family without a login', 'allow'],
  ['parent', 'someone turning 18 today', 'allow'],
  ['parent', 'someone turning 18 tomorrow', ['FORBIDDEN', 'Leo is under 18: you sign and book for Leo from your account.']],
  ['parent', 'a child in their family', ['FORBIDDEN', 'Mia is under 18: you sign and book for Mia from your account.']],
  ['parent', 'an adult who already has a login', ['CONFLICT', 'Leo already signs in with a login of their own.']],
  ['parent', 'an adult they removed from the family', MISSING],
  ['parent', "another family's adult", MISSING],
  ['parent', 'a deactivated adult', MISSING],
  ['parent', 'nobody (no such member)', MISSING],
  ['member', 'an adult in their family without a login', NOT_PARENT],
  ['admin', 'an adult in their family without a login', NOT_PARENT],
])('%s, invite %s to a login of their own → %j', (actor, member, expected) => {
  expect(judge(invite, people[actor], members[member])).toEqual(expected);
});

const NOW = new Date(`${TODAY}T12:00:00Z`);
const link = (over: Partial<AcceptedInvite> = {}, member: Partial<InvitedMember> = {}): AcceptedInvite => ({
  acceptedAt: null,
  expiresAt: new Date(NOW.getTime() + 3600_000),
  invitedBy: { id: people.parent.id },
  member: inFamily(member),
  ...over,
});
const links = {
  'a fresh link': link(),
  'a link used already': link({ acceptedAt: new Date(NOW.getTime() - 60_000) }),
  'an expired link': link({ expiresAt: new Date(NOW.getTime() - 1) }),
  'a link for someone removed from the family since': link({}, { removedAt: NOW }),
  'a link for someone who made a login meanwhile': link({}, { username: 'leo' }),
  'a link for someone now in another family': link({}, { guardian: { id: 'someone else' } }),
  'a link for someone deactivated': link({}, { isActive: false }),
  'no link at all': null,
} satisfies Record<string, AcceptedInvite | null>;
const accept: Rule<Date, AcceptedInvite | null> = {
  may: (now, i) => mayAcceptInvite(i, now),
  assert: (now, i) => assertMayAcceptInvite(i, now),
};
it.each<[keyof typeof links, Verdict]>([
  ['a fresh link', 'allow'],
  ['a link used already', ['BAD_USER_INPUT', INVALID_INVITE]],
  ['an expired link', ['BAD_USER_INPUT', INVALID_INVITE]],
  ['a link for someone removed from the family since', ['BAD_USER_INPUT', INVALID_INVITE]],
  ['a link for someone who made a login meanwhile', ['BAD_USER_INPUT', INVALID_INVITE]],
  ['a link for someone now in another family', ['BAD_USER_INPUT', INVALID_INVITE]],
  ['a link for someone deactivated', ['BAD_USER_INPUT', INVALID_INVITE]],
  ['no link at all', ['BAD_USER_INPUT', INVALID_INVITE]],
])('accepting %s → %j', (which, expected) => {
  expect(judge(accept, NOW, links[which])).toEqual(expected);
});

it.each([
  [link(), FamilyInviteStatus.pending],
  [link({ expiresAt: NOW }), FamilyInviteStatus.expired],
  [link({ acceptedAt: NOW, expiresAt: new Date(0) }), FamilyInviteStatus.accepted],
])('an invite %# is %s', (i, status) => {
  expect(inviteStatus(i, NOW)).toBe(status);
});

const edit: Rule<Actor, { firstName: string; username: string | null }> = {
  may: mayEditFamilyMember,
  assert: assertMayEditFamilyMember,
};
it.each<[Person, string | null, Verdict]>([
  ['parent', null, 'allow'],
  ['parent', 'leo', ['FORBIDDEN', 'Leo has a login of their own and keeps their details up to date on their profile.']],
  ['member', null, NOT_PARENT],
])('%s, edit a family member whose username is %s → %j', (actor, username, expected) => {
  expect(judge(edit, people[actor], { firstName: 'Leo', username })).toEqual(expected);
});

it.each<[Person | 'signed out', boolean]>([
  ['parent', true],
  ['admin', false],
  ['member', false],
  ['signed out', false],
])("%s sees the invite of the parent's family member → %s", (viewer, expected) => {
  expect(maySeeInvite(viewer === 'signed out' ? null : people[viewer], { guardian: { id: people.parent.id } })).toBe(expected);
});
