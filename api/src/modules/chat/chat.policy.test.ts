import { judge, people, type Person, type Rule, type Verdict } from '../../../test/policy.js';
import type { Actor } from '../users/role.js';
import { ConversationKind } from './chat.entity.js';
import {
  assertMayDeleteMessage,
  assertMayEditMessage,
  assertMayMessageFamilies,
  assertMayReadConversation,
  assertMayStartDirect,
  assertMayStartFamily,
  assertMayUseChat,
  mayDeleteMessage,
  mayEditMessage,
  mayMessageFamilies,
  mayReadConversation,
  mayStartDirect,
  mayStartFamily,
  mayUseChat,
  type ConversationRecord,
  type MessageRecord,
} from './chat.policy.js';

const HIDDEN = ['NOT_FOUND', 'That conversation was not found.'] as const;

it.each<[Person, Verdict]>([
  ['admin', 'allow'],
  ['instructor', 'allow'],
  ['teacher', 'allow'],
  ['parent', 'allow'],
  ['member', ['FORBIDDEN', 'Staff chat is for staff and parents.']],
])('%s uses the staff chat → %j', (actor, expected) => {
  expect(judge<Actor, null>({ may: (a) => mayUseChat(a), assert: (a) => assertMayUseChat(a) }, people[actor], null)).toEqual(expected);
});

const conversations = {
  'the staff room': { kind: ConversationKind.staff_room, familyId: null, memberIds: [] },
  'the Feedback thread': { kind: ConversationKind.feedback, familyId: null, memberIds: [] },
  "the parent's family thread": { kind: ConversationKind.family, familyId: people.parent.id, memberIds: [] },
  "another family's thread": { kind: ConversationKind.family, familyId: 'other-parent', memberIds: [] },
  "a member's (once a parent) family thread": { kind: ConversationKind.family, familyId: people.member.id, memberIds: [] },
  'a DM between the instructor and the teacher': {
    kind: ConversationKind.direct,
    familyId: null,
    memberIds: [people.instructor.id, people.teacher.id],
  },
  'a missing one': null,
} satisfies Record<string, ConversationRecord | null>;

const read: Rule<Actor, ConversationRecord | null> = {
  may: (a, c) => c !== null && mayReadConversation(a, c),
  assert: (a, c) => assertMayReadConversation(a, c),
};

it.each<[Person, keyof typeof conversations, Verdict]>([
  ['admin', 'the staff room', 'allow'],
  ['instructor', 'the staff room', 'allow'],
  ['teacher', 'the staff room', 'allow'],
  ['parent', 'the staff room', HIDDEN],
  ['member', 'the staff room', HIDDEN],
  ['admin', 'the Feedback thread', 'allow'],
  ['teacher', 'the Feedback thread', 'allow'],
  ['parent', 'the Feedback thread', HIDDEN],
  ['member', 'the Feedback thread', HIDDEN],
  ['parent', "the parent's family thread", 'allow'],
  ['parent', "another family's thread", HIDDEN],
  ['member', "a member's (once a parent) family thread", HIDDEN],
  ['instructor', "the parent's family thread", 'allow'],
  ['teacher', "another family's thread", 'allow'],
  ['admin', "the parent's family thread", 'allow'],
  ['member', "the parent's family thread", HIDDEN],
  ['instructor', 'a DM between the instructor and the teacher', 'allow'],
  ['teacher', 'a DM between the instructor and the teacher', 'allow'],
  ['admin', 'a DM between the instructor and the teacher', HIDDEN],
  ['parent', 'a DM between the instructor and the teacher', HIDDEN],
  ['admin', 'a missing one', HIDDEN],
])('%s reads %s → %j', (actor, conversation, expected) => {
  expect(judge(read, people[actor], conversations[conversation])).toEqual(expected);
});

const direct: Rule<Actor, Actor | null> = {
  may: (a, o) => o !== null && mayStartDirect(a, o),
  assert: (a, o) => assertMayStartDirect(a, o),
};
it.each<[Person, Person | null, Verdict]>([
  ['instructor', 'teacher', 'allow'],
  ['admin', 'instructor', 'allow'],
  ['instructor', 'instructor', ['FORBIDDEN', 'Choose someone other than yourself.']],
  ['instructor', 'parent', ['NOT_FOUND', 'That staff member was not found.']],
  ['instructor', null, ['NOT_FOUND', 'That staff member was not found.']],
  ['parent', 'instructor', ['FORBIDDEN', 'Direct messages are between staff members.']],
])('%s starts a DM with %s → %j', (actor, other, expected) => {
  expect(judge(direct, people[actor], other ? people[other] : null)).toEqual(expected);
});

it.each<[Person, Verdict]>([
  ['admin', 'allow'],
  ['instructor', 'allow'],
  ['teacher', 'allow'],
  ['parent', ['FORBIDDEN', 'Only staff can message a family.']],
  ['member', ['FORBIDDEN', 'Only staff can message a family.']],
])('%s lists the families to message → %j', (actor, expected) => {
  expect(
    judge<Actor, null>({ may: (a) => mayMessageFamilies(a), assert: (a) => assertMayMessageFamilies(a) }, people[actor], null),
  ).toEqual(expected);
});

const family: Rule<Actor, Actor | null> = {
  may: (a, p) => p !== null && mayStartFamily(a, p),
  assert: (a, p) => assertMayStartFamily(a, p),
};
const NOT_A_FAMILY = ['NOT_FOUND', 'That family was not found.'] as const;
const STAFF_ONLY = ['FORBIDDEN', 'Only staff can message a family.'] as const;
const anotherParent: Actor = { id: 'other-parent', role: people.parent.role };
it.each<[Person, Person | 'another parent' | null, Verdict]>([
  ['admin', 'parent', 'allow'],
  ['instructor', 'parent', 'allow'],
  ['teacher', 'parent', 'allow'],
  ['instructor', 'teacher', NOT_A_FAMILY],
  ['admin', 'member', NOT_A_FAMILY],
  ['teacher', null, NOT_A_FAMILY],
  ['parent', 'another parent', STAFF_ONLY],
  ['parent', 'parent', STAFF_ONLY],
  ['member', 'parent', STAFF_ONLY],
])('%s opens the family thread of %s → %j', (actor, parent, expected) => {
  const other = parent === null ? null : parent === 'another parent' ? anotherParent : people[parent];
  expect(judge(family, people[actor], other)).toEqual(expected);
});

const NOW = new Date('2026-11-23T12:00:00Z');
const ago = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000);
const messages = {
  'own, 1 minute old': { authorId: people.instructor.id, createdAt: ago(1), deletedAt: null },
  'own, exactly 5 minutes old': { authorId: people.instructor.id, createdAt: ago(5), deletedAt: null },
  'own, 6 minutes old': { authorId: people.instructor.id, createdAt: ago(6), deletedAt: null },
  "the parent's, 1 minute old": { authorId: people.parent.id, createdAt: ago(1), deletedAt: null },
  "the parent's, an hour old": { authorId: people.parent.id, createdAt: ago(60), deletedAt: null },
  'own, deleted': { authorId: people.instructor.id, createdAt: ago(1), deletedAt: ago(0) },
  'a feedback post (no author)': { authorId: null, createdAt: ago(1), deletedAt: null },
} satisfies Record<string, MessageRecord>;

const edit: Rule<Actor, MessageRecord> = { may: (a, m) => mayEditMessage(a, m, NOW), assert: (a, m) => assertMayEditMessage(a, m, NOW) };
const remove: Rule<Actor, MessageRecord> = {
  may: (a, m) => mayDeleteMessage(a, m, NOW),
  assert: (a, m) => assertMayDeleteMessage(a, m, NOW),
};
const LATE_EDIT = ['FORBIDDEN', 'Messages can only be edited within 5 minutes of sending.'] as const;
const LATE_DELETE = ['FORBIDDEN', 'Messages can only be deleted within 5 minutes of sending.'] as const;
const GONE = ['NOT_FOUND', 'That message was not found.'] as const;

it.each<[Person, keyof typeof messages, Verdict, Verdict]>([
  ['instructor', 'own, 1 minute old', 'allow', 'allow'],
  ['instructor', 'own, exactly 5 minutes old', 'allow', 'allow'],
  ['instructor', 'own, 6 minutes old', LATE_EDIT, LATE_DELETE],
  [
    'instructor',
    "the parent's, 1 minute old",
    ['FORBIDDEN', 'You can only edit your own messages.'],
    ['FORBIDDEN', 'You can only delete your own messages.'],
  ],
  ['instructor', 'own, deleted', GONE, GONE],
  ['parent', "the parent's, 1 minute old", 'allow', 'allow'],
  ['parent', "the parent's, an hour old", LATE_EDIT, LATE_DELETE],
  ['admin', "the parent's, an hour old", ['FORBIDDEN', 'You can only edit your own messages.'], 'allow'],
  ['admin', 'a feedback post (no author)', ['FORBIDDEN', 'You can only edit your own messages.'], 'allow'],
  ['admin', 'own, deleted', GONE, GONE],
])('%s edits / deletes a message %s → %j / %j', (actor, message, editVerdict, deleteVerdict) => {
  expect(judge(edit, people[actor], messages[message])).toEqual(editVerdict);
  expect(judge(remove, people[actor], messages[message])).toEqual(deleteVerdict);
});
