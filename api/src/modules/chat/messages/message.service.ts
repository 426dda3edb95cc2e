import type { EntityManager } from '@mikro-orm/postgresql';
import { badInput, notFound } from '../../../graphql/errors.js';
import { publishOnCommit } from '../../../graphql/pubsub.js';
import { CHAT_ACTIVITY_KEY } from '../chat.topics.js';
import type { Actor } from '../../users/role.js';
import { User } from '../../users/user.entity.js';
import { ChatMessage, ChatMessageSource, Conversation, ConversationKind } from '../chat.entity.js';
import { assertMayDeleteMessage, assertMayEditMessage, assertMayUseChat, mayReadConversation } from '../chat.policy.js';
import type { ChatMessagePage, ChatMessageView } from '../chat.types.js';
import { SEARCH_LIMIT, recordOf, viewOf, MESSAGE_POPULATE } from '../chat-data.js';
import { ChatParts } from '../chat-parts.js';

/** Messages: paged backwards, sent, posted from feedback, edited and deleted (with moderation), searched. */
export class MessageService extends ChatParts {
  /** A page of messages, oldest first: the newest `limit`, or the `limit` before a cursor (history paged backwards). */
  async messages(
    em: EntityManager,
    viewer: Actor,
    conversationId: string,
    limit: number,
    before?: string | null,
  ): Promise<ChatMessagePage> {
    assertMayUseChat(viewer);
    const conversation = await this.readable(em, viewer, conversationId);
    let cursor: ChatMessage | null = null;
    if (before) {
      cursor = await em.findOne(ChatMessage, { id: before, conversation: conversation.id });
      if (!cursor) throw badInput('That cursor does not belong to this conversation.', { before: 'Not a message of this conversation.' });
    }
    const rows = await em.find(
      ChatMessage,
      cursor
        ? {
            conversation: conversation.id,
            $or: [{ createdAt: { $lt: cursor.createdAt } }, { createdAt: cursor.createdAt, id: { $lt: cursor.id } }],
          }
        : { conversation: conversation.id },
      { populate: MESSAGE_POPULATE, orderBy: { createdAt: 'desc', id: 'desc' }, limit: limit + 1 },
    );
    const hasOlder = rows.length > limit;
    const page = rows.slice(0, limit).reverse();
    return { items: page.map(viewOf), hasOlder, olderCursor: hasOlder && page.length ? page[0].id : null };
  }

  /** Sends a message (plain text, validated by the args' rule) and announces it after commit. */
  async send(em: EntityManager, viewer: Actor, conversationId: string, body: string): Promise<ChatMessageView> {
    assertMayUseChat(viewer);
    const conversation = await this.readable(em, viewer, conversationId);
    await this.limits.assertMaySend(viewer.id);
    return em.transactional(async (tx) => {
      const message = Object.assign(new ChatMessage(), {
        conversation: tx.getReference(Conversation, conversation.id),
        author: tx.getReference(User, viewer.id),
        body: body.trim(),
      });
      tx.persist(message);
      await tx.nativeUpdate(Conversation, { id: conversation.id }, { lastMessageAt: message.createdAt });
      await tx.flush();
      // The author has read their own message.
      await this.upsertReadState(tx, viewer.id, conversation.id, message);
      await publishOnCommit(tx, 'CHAT_CHANGED', conversation.id, { kind: 'message_added', messageId: message.id });
      await publishOnCommit(tx, 'CHAT_ACTIVITY', CHAT_ACTIVITY_KEY, { kind: 'message', conversationId: conversation.id });
      await tx.populate(message, ['author']);
      return viewOf(message);
    });
  }

  /** Feedback (the floating button) posted into the staff's Feedback thread, in the caller's transaction. */
  async postFeedback(em: EntityManager, author: User, text: string): Promise<void> {
    const feedback = await this.singleton(em, ConversationKind.feedback);
    const message = Object.assign(new ChatMessage(), {
      conversation: em.getReference(Conversation, feedback.id),
      author: em.getReference(User, author.id),
      body: text,
      source: ChatMessageSource.feedback,
    });
    em.persist(message);
    feedback.lastMessageAt = message.createdAt;
    await em.flush();
    await publishOnCommit(em, 'CHAT_CHANGED', feedback.id, { kind: 'message_added', messageId: message.id });
    await publishOnCommit(em, 'CHAT_ACTIVITY', CHAT_ACTIVITY_KEY, { kind: 'message', conversationId: feedback.id });
  }

  private async ownedMessage(em: EntityManager, viewer: Actor, messageId: string): Promise<ChatMessage> {
    const message = await em.findOne(ChatMessage, { id: messageId }, { populate: MESSAGE_POPULATE });
    if (!message) throw notFound('That message');
    const conversation = await em.findOneOrFail(Conversation, message.conversation.id, { populate: ['family', 'memberA', 'memberB'] });
    // A message in a conversation the viewer may not read does not exist for them.
    if (!mayReadConversation(viewer, recordOf(conversation))) throw notFound('That message');
    return message;
  }

  async edit(em: EntityManager, viewer: Actor, messageId: string, body: string, now = new Date()): Promise<ChatMessageView> {
    assertMayUseChat(viewer);
    const message = await this.ownedMessage(em, viewer, messageId);
    assertMayEditMessage(viewer, { authorId: message.author?.id ?? null, createdAt: message.createdAt, deletedAt: message.deletedAt }, now);
    return em.transactional(async (tx) => {
      message.body = body.trim();
      message.editedAt = now;
      await tx.flush();
      await publishOnCommit(tx, 'CHAT_CHANGED', message.conversation.id, { kind: 'message_edited', messageId: message.id });
      return viewOf(message);
    });
  }

  /** Own within 5 minutes, or any as an admin: the text goes, a trace (who, when) stays. */
  async delete(em: EntityManager, viewer: Actor, messageId: string, now = new Date()): Promise<ChatMessageView> {
    assertMayUseChat(viewer);
    const message = await this.ownedMessage(em, viewer, messageId);
    assertMayDeleteMessage(
      viewer,
      { authorId: message.author?.id ?? null, createdAt: message.createdAt, deletedAt: message.deletedAt },
      now,
    );
    return em.transactional(async (tx) => {
      message.body = '';
      message.deletedAt = now;
      message.deletedBy = tx.getReference(User, viewer.id);
      await tx.flush();
      await tx.populate(message, ['deletedBy']);
      await publishOnCommit(tx, 'CHAT_CHANGED', message.conversation.id, { kind: 'message_deleted', messageId: message.id });
      await publishOnCommit(tx, 'CHAT_ACTIVITY', CHAT_ACTIVITY_KEY, { kind: 'message', conversationId: message.conversation.id });
      return viewOf(message);
    });
  }

  /** Full-text search (PostgreSQL, English stemming) within one conversation, newest first. */
  async search(em: EntityManager, viewer: Actor, conversationId: string, query: string): Promise<ChatMessageView[]> {
    assertMayUseChat(viewer);
    const conversation = await this.readable(em, viewer, conversationId);
    const ids = await em.getConnection().execute<{ id: string }[]>(
      `select id from chat_message
        where conversation_id = ? and deleted_at is null and search @@ websearch_to_tsquery('english', ?)
        order by created_at desc, id desc limit ?`,
      [conversation.id, query.trim(), SEARCH_LIMIT],
    );
    if (!ids.length) return [];
    const found = await em.find(ChatMessage, { id: { $in: ids.map((r) => r.id) } }, { populate: MESSAGE_POPULATE });
    const byId = new Map(found.map((m) => [m.id, m]));
    return ids.map((r) => viewOf(byId.get(r.id)!));
  }
}
