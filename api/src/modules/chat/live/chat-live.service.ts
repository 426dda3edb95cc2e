import type { EntityManager } from '@mikro-orm/postgresql';
import { notFound } from '../../../graphql/errors.js';
import type { RESYNC } from '../../../graphql/live.js';
import { publishOnCommit, type StudioPubSub } from '../../../graphql/pubsub.js';
import { CHAT_ACTIVITY_KEY, type ChatActivityEvent, type ChatChangedEvent } from '../chat.topics.js';
import { isStaff, type Actor } from '../../users/role.js';
import { User } from '../../users/user.entity.js';
import type { ChatLimits } from '../chat.limits.js';
import { ChatMessage, ChatReadState, Conversation } from '../chat.entity.js';
import { assertMayUseChat, mayReadConversation } from '../chat.policy.js';
import { ChatEventKind, type ChatEvent, type ChatInboxEvent, type ChatReceipt } from '../chat.types.js';
import { recordOf, personOf, viewOf, MESSAGE_POPULATE } from '../chat-data.js';
import { ChatParts } from '../chat-parts.js';
import type { ConversationService } from '../conversations/conversation.service.js';

/** Read receipts, typing, and what each live event means for one subscriber, read again under their rules. */
export class ChatLiveService extends ChatParts {
  constructor(
    pubsub: StudioPubSub,
    limits: ChatLimits,
    private readonly conversations: ConversationService,
  ) {
    super(pubsub, limits);
  }
  /** The viewer has seen up to this message: their unread count drops and the others see the receipt. */
  async markRead(em: EntityManager, viewer: Actor, conversationId: string, messageId: string): Promise<ChatReceipt | null> {
    assertMayUseChat(viewer);
    const conversation = await this.readable(em, viewer, conversationId);
    const message = await em.findOne(ChatMessage, { id: messageId, conversation: conversation.id });
    if (!message) throw notFound('That message');
    await em.transactional(async (tx) => {
      if (!(await this.upsertReadState(tx, viewer.id, conversation.id, message))) return;
      await publishOnCommit(tx, 'CHAT_CHANGED', conversation.id, { kind: 'read', userId: viewer.id });
      await publishOnCommit(tx, 'CHAT_ACTIVITY', CHAT_ACTIVITY_KEY, { kind: 'read', conversationId: conversation.id, userId: viewer.id });
    });
    return this.receiptOf(em, conversation.id, viewer.id);
  }

  /** Every member's last read message in a conversation ("Seen by …"). */
  async receipts(em: EntityManager, viewer: Actor, conversationId: string): Promise<ChatReceipt[]> {
    assertMayUseChat(viewer);
    const conversation = await this.readable(em, viewer, conversationId);
    const states = await em.find(ChatReadState, { conversation: conversation.id }, { populate: ['user'], orderBy: { readAt: 'desc' } });
    return states
      .filter((s) => mayReadConversation(s.user, recordOf(conversation)))
      .map((s) => ({ user: personOf(s.user)!, lastReadMessageId: s.lastRead.id, readAt: s.readAt }));
  }

  /** "… is typing": announced to the conversation's subscribers, not stored. */
  async typing(em: EntityManager, viewer: Actor, conversationId: string): Promise<boolean> {
    assertMayUseChat(viewer);
    const conversation = await this.readable(em, viewer, conversationId);
    await this.limits.assertMayType(viewer.id);
    this.pubsub.publish('CHAT_CHANGED', conversation.id, { kind: 'typing', userId: viewer.id });
    return true;
  }

  /** What an event of a conversation means for one subscriber, read again under their rules (a refusal ends the feed). */
  async eventFor(
    em: EntityManager,
    viewer: Actor,
    conversationId: string,
    event: ChatChangedEvent | typeof RESYNC,
  ): Promise<ChatEvent | null> {
    assertMayUseChat(viewer);
    const conversation = await this.readable(em, viewer, conversationId);
    const base = { kind: ChatEventKind[event.kind], conversationId: conversation.id, message: null, user: null, receipt: null };
    switch (event.kind) {
      case 'resync':
        return base;
      case 'message_added':
      case 'message_edited':
      case 'message_deleted': {
        const message = event.messageId
          ? await em.findOne(ChatMessage, { id: event.messageId, conversation: conversation.id }, { populate: MESSAGE_POPULATE })
          : null;
        return message ? { ...base, message: viewOf(message) } : null;
      }
      case 'typing': {
        if (!event.userId || event.userId === viewer.id) return null;
        const user = await em.findOne(User, { id: event.userId });
        return user ? { ...base, user: personOf(user) } : null;
      }
      case 'read': {
        const receipt = event.userId ? await this.receiptOf(em, conversation.id, event.userId) : null;
        return receipt ? { ...base, receipt } : null;
      }
    }
  }

  /** What chat activity means for one subscriber's unread counts and presence; null when it is none of theirs. */
  async inboxFor(em: EntityManager, viewer: Actor, event: ChatActivityEvent | typeof RESYNC): Promise<ChatInboxEvent | null> {
    assertMayUseChat(viewer);
    const online = isStaff(viewer) ? await this.onlineStaffIds(em) : [];
    if (event.kind === 'presence')
      return isStaff(viewer)
        ? { conversationId: null, unreadCount: 0, totalUnread: await this.totalUnread(em, viewer), onlineStaffIds: online }
        : null;
    if (event.kind === 'read' && event.userId !== viewer.id) return null;
    let conversationId: string | null = null;
    let unreadCount = 0;
    if (event.kind !== 'resync' && event.conversationId) {
      const conversation = await em.findOne(Conversation, { id: event.conversationId }, { populate: ['family', 'memberA', 'memberB'] });
      if (!conversation || !mayReadConversation(viewer, recordOf(conversation))) return null;
      conversationId = conversation.id;
      unreadCount = (await this.conversations.unreadCounts(em, viewer, [conversation.id])).get(conversation.id) ?? 0;
    }
    return { conversationId, unreadCount, totalUnread: await this.totalUnread(em, viewer), onlineStaffIds: online };
  }

  /** The viewer's unread messages in all their conversations (the nav's badge). */
  async totalUnread(em: EntityManager, viewer: Actor): Promise<number> {
    return (await this.conversations.overview(em, viewer)).totalUnread;
  }
}
