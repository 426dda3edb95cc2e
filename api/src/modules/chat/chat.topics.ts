/**
 * Something happened in one staff chat conversation (published on the conversation's key): subscribers re-read the
 * message or receipt it names with their own access rules. Typing is announced without being stored.
 */
export type ChatChangedEvent = {
  kind: 'message_added' | 'message_edited' | 'message_deleted' | 'typing' | 'read' | 'resync';
  messageId?: string;
  userId?: string;
};
/**
 * Chat activity anywhere (one key, CHAT_ACTIVITY_KEY): each chat subscriber re-reads its own unread counts when a
 * conversation it may read changed, and the online staff when presence changed.
 */
export type ChatActivityEvent = {
  kind: 'message' | 'read' | 'presence' | 'resync';
  conversationId?: string;
  userId?: string;
};
export const CHAT_ACTIVITY_KEY = 'studio';

declare module '../../graphql/pubsub.js' {
  interface PubSubEvents {
    /** Keyed by the conversation's id. */
    CHAT_CHANGED: [conversationId: string, ChatChangedEvent];
    /** Keyed by CHAT_ACTIVITY_KEY. */
    CHAT_ACTIVITY: [key: string, ChatActivityEvent];
  }
}

export const chatTopics = ['CHAT_CHANGED', 'CHAT_ACTIVITY'] as const;
