import type { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import type { StudioPubSub } from '../../graphql/pubsub.js';
import { STAFF_ROLES, type Actor } from '../users/role.js';
import type { ChatLimits } from './chat.limits.js';
import { ChatMessage, ChatReadState, Conversation, ConversationKind } from './chat.entity.js';
import { assertMayReadConversation } from './chat.policy.js';
import type { ChatReceipt } from './chat.types.js';
import { PRESENCE_STALE_MS, recordOf, personOf } from './chat-data.js';

/** What the parts of the chat share: the live channel, the limits, and finding conversations a viewer may read. */
export abstract class ChatParts {
  constructor(
    protected readonly pubsub: StudioPubSub,
    protected readonly limits: ChatLimits,
  ) {}
  /** The staff room and the Feedback thread exist once each. */
  async ensureSingletons(em: EntityManager): Promise<void> {
    for (const kind of [ConversationKind.staff_room, ConversationKind.feedback])
      await em
        .getConnection()
        .execute(`insert into conversation (id, kind, singleton, created_at) values (?, ?, ?, now()) on conflict (singleton) do nothing`, [
          randomUUID(),
          kind,
          kind,
        ]);
  }

  protected async singleton(em: EntityManager, kind: ConversationKind.staff_room | ConversationKind.feedback): Promise<Conversation> {
    const found = await em.findOne(Conversation, { singleton: kind });
    if (found) return found;
    await this.ensureSingletons(em);
    return em.findOneOrFail(Conversation, { singleton: kind });
  }

  /** A parent's family thread, created the first time it is needed. */
  async familyConversation(em: EntityManager, parentId: string): Promise<Conversation> {
    await em
      .getConnection()
      .execute(
        `insert into conversation (id, kind, family_id, created_at) values (?, 'family', ?, now()) on conflict (family_id) do nothing`,
        [randomUUID(), parentId],
        'run',
        em.getTransactionContext(),
      );
    return em.findOneOrFail(Conversation, { family: parentId });
  }

  protected async readable(em: EntityManager, viewer: Actor, id: string): Promise<Conversation> {
    const conversation = await em.findOne(Conversation, { id }, { populate: ['family', 'memberA', 'memberB'] });
    assertMayReadConversation(viewer, conversation ? recordOf(conversation) : null);
    return conversation!;
  }

  protected async receiptOf(em: EntityManager, conversationId: string, userId: string): Promise<ChatReceipt | null> {
    const state = await em.findOne(ChatReadState, { conversation: conversationId, user: userId }, { populate: ['user'] });
    return state ? { user: personOf(state.user)!, lastReadMessageId: state.lastRead.id, readAt: state.readAt } : null;
  }

  protected async upsertReadState(em: EntityManager, userId: string, conversationId: string, message: ChatMessage): Promise<boolean> {
    const result = await em.getConnection().execute<{ id: string }[]>(
      `insert into chat_read_state (id, conversation_id, user_id, last_read_id, up_to, read_at) values (?, ?, ?, ?, ?, now())
       on conflict (conversation_id, user_id) do update
         set last_read_id = excluded.last_read_id, up_to = excluded.up_to, read_at = excluded.read_at
         where chat_read_state.up_to < excluded.up_to
       returning id`,
      [randomUUID(), conversationId, userId, message.id, message.createdAt],
      'all',
      em.getTransactionContext(),
    );
    return result.length > 0;
  }

  /** Staff with an open chat subscription on any live instance. */
  async onlineStaffIds(em: EntityManager): Promise<string[]> {
    const rows = await em.getConnection().execute<{ user_id: string }[]>(
      `select distinct p.user_id from chat_presence p join app_user u on u.id = p.user_id
        where p.connections > 0 and p.seen_at > now() - (? * interval '1 millisecond') and u.role in (?)`,
      [PRESENCE_STALE_MS, [...STAFF_ROLES]],
    );
    return rows.map((r) => r.user_id);
  }
}
