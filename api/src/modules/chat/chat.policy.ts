import { CHAT_EDIT_WINDOW_MINUTES } from '@studio/rules';
import { forbidden, notFound } from '../../graphql/errors.js';
import { isAdmin, isStaff, Role, type Actor } from '../users/role.js';
import { ConversationKind } from './chat.entity.js';

/** A conversation as its rules need it: its kind and its people by id. */
export interface ConversationRecord {
  kind: ConversationKind;
  /** A family thread's parent. */
  familyId: string | null;
  /** A direct conversation's two staff members. */
  memberIds: readonly string[];
}

/** A message as its rules need it. */
export interface MessageRecord {
  authorId: string | null;
  createdAt: Date;
  deletedAt: Date | null;
}

const EDIT_WINDOW_MS = CHAT_EDIT_WINDOW_MINUTES * 60_000;

/** /staff-chat is for admins, instructors, teachers and parents. */
export function mayUseChat(actor: Actor): boolean {
  return isStaff(actor) || actor.role === Role.parent;
}

export function assertMayUseChat(actor: Actor): void {
  if (!mayUseChat(actor)) throw forbidden('Staff chat is for staff and parents.');
}

/**
 * Staff room and Feedback: every staff member. A family thread: its parent and every staff member, never another
 * family. A direct conversation: its two staff members only (not even admins read others' direct messages).
 */
export function mayReadConversation(actor: Actor, conversation: ConversationRecord): boolean {
  switch (conversation.kind) {
    case ConversationKind.staff_room:
    case ConversationKind.feedback:
      return isStaff(actor);
    case ConversationKind.family:
      return isStaff(actor) || (actor.role === Role.parent && conversation.familyId === actor.id);
    case ConversationKind.direct:
      return isStaff(actor) && conversation.memberIds.includes(actor.id);
  }
}

/** A conversation the viewer may not read answers like a missing one: its existence is not told. */
export function assertMayReadConversation<C extends ConversationRecord>(actor: Actor, conversation: C | null): asserts conversation is C {
  if (!conversation || !mayReadConversation(actor, conversation)) throw notFound('That conversation');
}

/** Whoever reads a conversation may write in it (staff discuss feedback in its thread). */
export const mayPostIn = mayReadConversation;

/** A direct conversation is between two different staff members. */
export function mayStartDirect(actor: Actor, other: Actor): boolean {
  return isStaff(actor) && isStaff(other) && actor.id !== other.id;
}

export function assertMayStartDirect(actor: Actor, other: Actor | null): asserts other is Actor {
  if (!isStaff(actor)) throw forbidden('Direct messages are between staff members.');
  if (!other || !isStaff(other)) throw notFound('That staff member');
  if (other.id === actor.id) throw forbidden('Choose someone other than yourself.');
}

/**
 * Staff may open any family's thread before its parent has written (created on demand); a parent has only their own,
 * which opens with the chat, and never opens another family's.
 */
export const mayMessageFamilies = (actor: Actor): boolean => isStaff(actor);

export function assertMayMessageFamilies(actor: Actor): void {
  if (!mayMessageFamilies(actor)) throw forbidden('Only staff can message a family.');
}

export function mayStartFamily(actor: Actor, parent: Actor): boolean {
  return mayMessageFamilies(actor) && parent.role === Role.parent;
}

export function assertMayStartFamily(actor: Actor, parent: Actor | null): asserts parent is Actor {
  assertMayMessageFamilies(actor);
  if (!parent || parent.role !== Role.parent) throw notFound('That family');
}

const withinWindow = (message: MessageRecord, now: Date) => now.getTime() - message.createdAt.getTime() <= EDIT_WINDOW_MS;

/** Own, not deleted, and sent at most 5 minutes ago. */
export function mayEditMessage(actor: Actor, message: MessageRecord, now: Date): boolean {
  return message.deletedAt === null && message.authorId === actor.id && withinWindow(message, now);
}

export function assertMayEditMessage(actor: Actor, message: MessageRecord, now: Date): void {
  if (message.deletedAt !== null) throw notFound('That message');
  if (message.authorId !== actor.id) throw forbidden('You can only edit your own messages.');
  if (!withinWindow(message, now)) throw forbidden(`Messages can only be edited within ${CHAT_EDIT_WINDOW_MINUTES} minutes of sending.`);
}

/** Own within 5 minutes; admins may delete any message (moderation, with a trace). */
export function mayDeleteMessage(actor: Actor, message: MessageRecord, now: Date): boolean {
  if (message.deletedAt !== null) return false;
  return isAdmin(actor) || (message.authorId === actor.id && withinWindow(message, now));
}

export function assertMayDeleteMessage(actor: Actor, message: MessageRecord, now: Date): void {
  if (message.deletedAt !== null) throw notFound('That message');
  if (isAdmin(actor)) return;
  if (message.authorId !== actor.id) throw forbidden('You can only delete your own messages.');
  if (!withinWindow(message, now)) throw forbidden(`Messages can only be deleted within ${CHAT_EDIT_WINDOW_MINUTES} minutes of sending.`);
}
