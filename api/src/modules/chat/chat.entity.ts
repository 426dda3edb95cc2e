import { Check, Entity, Enum, Index, ManyToOne, OptionalProps, PrimaryKey, Property, Unique, types } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { registerEnumType } from 'type-graphql';
import { User } from '../users/user.entity.js';

/**
 * The kinds of conversation: the staff room (admins, instructors, teachers), one thread per family (its parent and
 * all staff), direct messages between two staff members, and the Feedback thread (staff only; feedback is posted
 * into it).
 */
export enum ConversationKind {
  staff_room = 'staff_room',
  family = 'family',
  direct = 'direct',
  feedback = 'feedback',
}
registerEnumType(ConversationKind, {
  name: 'ConversationKind',
  description: 'staff_room: all staff; family: a parent and all staff; direct: two staff members; feedback: staff only',
});

/** One conversation. Who may read it follows from its kind and people (chat.policy), not from a member list. */
@Entity()
@Check({
  name: 'conversation_people_fit_kind',
  expression: `(kind = 'family') = (family_id is not null) and (kind = 'direct') = (member_a_id is not null and member_b_id is not null)`,
})
@Check({ name: 'conversation_direct_ordered', expression: 'member_a_id < member_b_id' })
@Unique({ properties: ['memberA', 'memberB'] })
export class Conversation {
  [OptionalProps]?: 'createdAt' | 'lastMessageAt' | 'family' | 'memberA' | 'memberB' | 'singleton';

  @PrimaryKey({ type: 'uuid' }) id: string = randomUUID();
  @Enum({ items: () => ConversationKind }) kind: ConversationKind;
  /** The staff room and the Feedback thread exist once each: their kind here, null for the others. */
  @Property({ length: 20, nullable: true, unique: true }) singleton: string | null = null;
  /** A family thread's parent. */
  @ManyToOne(() => User, { nullable: true, unique: true, deleteRule: 'cascade' }) family: User | null = null;
  /** A direct conversation's two staff members, the smaller id first (so a pair has one conversation). */
  @ManyToOne(() => User, { nullable: true, deleteRule: 'cascade' }) memberA: User | null = null;
  @ManyToOne(() => User, { nullable: true, index: true, deleteRule: 'cascade' }) memberB: User | null = null;
  @Property({ type: types.datetime, defaultRaw: 'now()' }) createdAt: Date = new Date();
  @Property({ type: types.datetime, nullable: true }) lastMessageAt: Date | null = null;
}

/** Where a message came from: typed in the chat, or posted by the app (feedback sent with the floating button). */
export enum ChatMessageSource {
  chat = 'chat',
  feedback = 'feedback',
}
registerEnumType(ChatMessageSource, { name: 'ChatMessageSource' });

/**
 * A message: plain text, shown as text (never as HTML). Its author may edit or delete it within 5 minutes; an admin may
 * delete any, and a deleted message stays as a trace (who deleted it and when) with its text removed. `search` is a
 * generated tsvector with a GIN index for full-text search within a conversation.
 */
@Entity()
@Index({ properties: ['conversation', 'createdAt', 'id'] })
export class ChatMessage {
  [OptionalProps]?: 'createdAt' | 'editedAt' | 'deletedAt' | 'deletedBy' | 'source' | 'search';

  @PrimaryKey({ type: 'uuid' }) id: string = randomUUID();
  @ManyToOne(() => Conversation, { deleteRule: 'cascade' }) conversation: Conversation;
  @ManyToOne(() => User, { nullable: true, index: true, deleteRule: 'set null' }) author: User | null;
  @Property({ type: types.text }) body: string;
  @Enum({ items: () => ChatMessageSource, default: ChatMessageSource.chat })
  source: ChatMessageSource = ChatMessageSource.chat;
  @Property({ type: types.datetime, defaultRaw: 'now()' }) createdAt: Date = new Date();
  @Property({ type: types.datetime, nullable: true }) editedAt: Date | null = null;
  @Property({ type: types.datetime, nullable: true }) deletedAt: Date | null = null;
  @ManyToOne(() => User, { nullable: true, deleteRule: 'set null' }) deletedBy: User | null = null;
  @Index({ type: 'fulltext' })
  @Property({ type: 'tsvector', generated: `(to_tsvector('english', body)) stored`, nullable: true, hidden: true, lazy: true })
  search?: unknown;
}

/** Read receipts: the last message a member has read in a conversation (and when), one row per member. */
@Entity()
@Unique({ properties: ['conversation', 'user'] })
export class ChatReadState {
  @PrimaryKey({ type: 'uuid' }) id: string = randomUUID();
  @ManyToOne(() => Conversation, { deleteRule: 'cascade' }) conversation: Conversation;
  @ManyToOne(() => User, { deleteRule: 'cascade', index: true }) user: User;
  @ManyToOne(() => ChatMessage, { deleteRule: 'cascade' }) lastRead: ChatMessage;
  /** When the last read message was sent: later messages by others are unread. */
  @Property({ type: types.datetime }) upTo: Date;
  /** When the member read it. */
  @Property({ type: types.datetime }) readAt: Date;
}

/** Presence: a staff member's open chat subscriptions on one API instance (rows of stopped instances expire). */
@Entity()
@Unique({ properties: ['user', 'instance'] })
export class ChatPresence {
  @PrimaryKey({ type: 'uuid' }) id: string = randomUUID();
  @ManyToOne(() => User, { deleteRule: 'cascade', index: true }) user: User;
  @Property({ length: 64 }) instance: string;
  @Property() connections: number;
  @Property({ type: types.datetime }) seenAt: Date;
}
