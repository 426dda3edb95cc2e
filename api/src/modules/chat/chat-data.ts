import { User } from '../users/user.entity.js';
import { ChatMessage, Conversation } from './chat.entity.js';
import type { ConversationRecord } from './chat.policy.js';
import type { ChatMessageView, ChatPerson } from './chat.types.js';

/** A presence row not refreshed for this long belongs to an instance that stopped without saying so. */
export const PRESENCE_STALE_MS = 90_000;
export const PRESENCE_HEARTBEAT_MS = 30_000;
export const SEARCH_LIMIT = 50;

export const recordOf = (c: Conversation): ConversationRecord => ({
  kind: c.kind,
  familyId: c.family?.id ?? null,
  memberIds: [c.memberA?.id, c.memberB?.id].filter((id): id is string => !!id),
});

export const personOf = (u: User | null): ChatPerson | null =>
  u ? { id: u.id, firstName: u.firstName, lastName: u.lastName, role: u.role } : null;

export function viewOf(m: ChatMessage): ChatMessageView {
  return {
    id: m.id,
    conversationId: m.conversation.id,
    author: personOf(m.author),
    body: m.deletedAt ? '' : m.body,
    source: m.source,
    createdAt: m.createdAt,
    editedAt: m.editedAt,
    deletedAt: m.deletedAt,
    deletedBy: personOf(m.deletedBy),
  };
}

export const MESSAGE_POPULATE = ['author', 'deletedBy', 'conversation'] as const;
