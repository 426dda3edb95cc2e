import type { EntityManager, FilterQuery } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { familySearchWords, fullName } from '@studio/rules';
import { likePattern } from '../../common/paging.js';
import { badInput, notFound } from '../../graphql/errors.js';
import type { RESYNC } from '../../graphql/live.js';
import { publishOnCommit, type StudioPubSub } from '../../graphql/pubsub.js';
import { CHAT_ACTIVITY_KEY, type ChatActivityEvent, type ChatChangedEvent } from './chat.topics.js';
import { isStaff, Role, STAFF_ROLES, type Actor } from '../users/role.js';
import { User } from '../users/user.entity.js';
import type { ChatLimits } from './chat.limits.js';
import { ChatMessage, ChatMessageSource, ChatReadState, Conversation, ConversationKind } from './chat.entity.js';
import {
  assertMayDeleteMessage,
  assertMayEditMessage,
  assertMayMessageFamilies,
  assertMayReadConversation,
  assertMayStartDirect,
  assertMayStartFamily,
  assertMayUseChat,
  mayReadConversation,
  type ConversationRecord,
} from './chat.policy.js';
import {
  CHAT_FAMILIES_MAX,
  ChatEventKind,
  type ChatFamily,
  type ChatEvent,
  type ChatInboxEvent,
  type ChatMessagePage,
  type ChatMessageView,
  type ChatPerson,
  type ChatReceipt,
  type ChatStaffMember,
  type ConversationSummary,
  type StaffChatOverview,
} from './chat.types.js';

/** A presence row not refreshed for this long belongs to an instance that stopped without saying so. */
const PRESENCE_STALE_MS = 90_000;
const PRESENCE_HEARTBEAT_MS = 30_000;
const SEARCH_LIMIT = 50;

export const recordOf = (c: Conversation): ConversationRecord => ({
  kind: c.kind,
  familyId: c.family?.id ?? null,
  memberIds: [c.memberA?.id, c.memberB?.id].filter((id): id is string => !!id),
});

const personOf = (u: User | null): ChatPerson | null =>
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

const MESSAGE_POPULATE = ['author', 'deletedBy', 'conversation'] as const;

/**
 * The staff chat: conversations as chat.policy allows them, plain-text messages paged backwards, edits and
 * deletes within 5 minutes, admin moderation with a trace, read receipts, unread counts, full-text search, typing and
 * presence. Every change is published after commit on the conversation's key (CHAT_CHANGED) and on the studio-wide
 * activity key (CHAT_ACTIVITY); subscribers re-read what an event names with their own rules (chat.resolver).
 */
export class ChatService {
  /** This process, for presence rows. */
  readonly instance = randomUUID();
  private readonly localPresence = new Map<string, number>();
  private heartbeat: NodeJS.Timeout | null = null;

  constructor(
    private readonly pubsub: StudioPubSub,
    private readonly limits: ChatLimits,
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

  private async singleton(em: EntityManager, kind: ConversationKind.staff_room | ConversationKind.feedback): Promise<Conversation> {
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

  private async readable(em: EntityManager, viewer: Actor, id: string): Promise<Conversation> {
    const conversation = await em.findOne(Conversation, { id }, { populate: ['family', 'memberA', 'memberB'] });
    assertMayReadConversation(viewer, conversation ? recordOf(conversation) : null);
    return conversation!;
  }

  // ── conversations ─────────────────────────────────────────────────────────────────────────────────────────

  /** The viewer's conversations, most recent first, each with its unread count and last message; and the total. */
  async overview(em: EntityManager, viewer: Actor): Promise<StaffChatOverview> {
    assertMayUseChat(viewer);
    // The staff room and Feedback exist from boot (the module's ensure); a parent's thread from their first visit.
    if (viewer.role === Role.parent) await this.familyConversation(em, viewer.id);
    const conversations = await em.find(
      Conversation,
      isStaff(viewer)
        ? {
            $or: [
              { kind: { $in: [ConversationKind.staff_room, ConversationKind.feedback, ConversationKind.family] } },
              { memberA: viewer.id },
              { memberB: viewer.id },
            ],
          }
        : { family: viewer.id },
      { populate: ['family', 'memberA', 'memberB'] },
    );
    const visible = conversations.filter((c) => mayReadConversation(viewer, recordOf(c)));
    if (visible.length === 0) return { conversations: [], totalUnread: 0 };
    const unread = await this.unreadCounts(
      em,
      viewer,
      visible.map((c) => c.id),
    );
    const lastIds = await em.getConnection().execute<{ id: string }[]>(
      `select distinct on (conversation_id) id from chat_message where conversation_id in (?)
        order by conversation_id, created_at desc, id desc`,
      [visible.map((c) => c.id)],
    );
    const lastMessages = lastIds.length
      ? await em.find(ChatMessage, { id: { $in: lastIds.map((r) => r.id) } }, { populate: MESSAGE_POPULATE })
      : [];
    const lastBy = new Map(lastMessages.map((m) => [m.conversation.id, m]));
    const order = (c: Conversation) =>
      c.kind === ConversationKind.staff_room ? Number.MAX_SAFE_INTEGER : (lastBy.get(c.id)?.createdAt ?? c.createdAt).getTime();
    const summaries = visible
      .sort((a, b) => order(b) - order(a))
      .map((c) => ({
        id: c.id,
        kind: c.kind,
        title: this.titleFor(viewer, c),
        unreadCount: unread.get(c.id) ?? 0,
        lastMessage: lastBy.has(c.id) ? viewOf(lastBy.get(c.id)!) : null,
        otherUserId: c.kind === ConversationKind.direct ? (c.memberA?.id === viewer.id ? c.memberB!.id : c.memberA!.id) : null,
      }));
    return { conversations: summaries, totalUnread: summaries.reduce((sum, c) => sum + c.unreadCount, 0) };
  }

  private titleFor(viewer: Actor, c: Conversation): string {
    switch (c.kind) {
      case ConversationKind.staff_room:
        return 'Staff room';
      case ConversationKind.feedback:
        return 'Feedback';
      case ConversationKind.family:
        return viewer.role === Role.parent ? 'Studio staff' : `${fullName(c.family!)} (family)`;
      case ConversationKind.direct: {
        const other = c.memberA?.id === viewer.id ? c.memberB! : c.memberA!;
        return fullName(other);
      }
    }
  }

  /** Messages by others, not deleted, after the viewer's last read one; one statement for all conversations. */
  private async unreadCounts(em: EntityManager, viewer: Actor, conversationIds: string[]): Promise<Map<string, number>> {
    const rows = await em.getConnection().execute<{ conversation_id: string; unread: number }[]>(
      `select m.conversation_id, count(*)::int as unread
         from chat_message m
         left join chat_read_state r on r.conversation_id = m.conversation_id and r.user_id = ?
        where m.conversation_id in (?) and m.deleted_at is null and m.author_id is distinct from ?
          and (r.up_to is null or m.created_at > r.up_to)
        group by m.conversation_id`,
      [viewer.id, conversationIds, viewer.id],
    );
    return new Map(rows.map((r) => [r.conversation_id, r.unread]));
  }

  /** A direct conversation with another staff member: the existing one, or a new one. */
  async startDirect(em: EntityManager, viewer: Actor, otherId: string): Promise<ConversationSummary> {
    const other = await em.findOne(User, { id: otherId, isActive: true, removedAt: null, username: { $ne: null } });
    assertMayStartDirect(viewer, other);
    const [a, b] = [viewer.id, other.id].sort();
    await em.getConnection().execute(
      `insert into conversation (id, kind, member_a_id, member_b_id, created_at) values (?, 'direct', ?, ?, now())
         on conflict (member_a_id, member_b_id) do nothing`,
      [randomUUID(), a, b],
    );
    const conversation = await em.findOneOrFail(Conversation, { memberA: a, memberB: b });
    const summary = (await this.overview(em, viewer)).conversations.find((c) => c.id === conversation.id);
    if (!summary) throw notFound('That conversation');
    return summary;
  }

  /**
   * A family's thread opened by staff, before its parent has used the chat if need be: created on demand by the same
   * insert-or-nothing on the unique family column as the parent's first visit, so staff opening it at once (and the
   * parent) all get the one thread.
   */
  async startFamily(em: EntityManager, viewer: Actor, parentId: string): Promise<ConversationSummary> {
    const parent = await em.findOne(User, { id: parentId, isActive: true, removedAt: null });
    assertMayStartFamily(viewer, parent);
    const conversation = await this.familyConversation(em, parent.id);
    const summary = (await this.overview(em, viewer)).conversations.find((c) => c.id === conversation.id);
    if (!summary) throw notFound('That family');
    return summary;
  }

  /** Families (their parents) staff can message, found by the words of the parent's name, with their thread if any. */
  async families(em: EntityManager, viewer: Actor, search?: string | null): Promise<ChatFamily[]> {
    assertMayMessageFamilies(viewer);
    const words = familySearchWords(search);
    const where: FilterQuery<User> = {
      role: Role.parent,
      isActive: true,
      removedAt: null,
      ...(words.length
        ? { $and: words.map((w) => ({ $or: [{ firstName: { $ilike: likePattern(w) } }, { lastName: { $ilike: likePattern(w) } }] })) }
        : {}),
    };
    const parents = await em.find(User, where, { orderBy: { lastName: 'asc', firstName: 'asc', id: 'asc' }, limit: CHAT_FAMILIES_MAX });
    if (!parents.length) return [];
    const threads = await em.find(Conversation, { family: { $in: parents.map((p) => p.id) } });
    const threadOf = new Map(threads.map((c) => [c.family!.id, c.id]));
    return parents.map((p) => ({ id: p.id, firstName: p.firstName, lastName: p.lastName, conversationId: threadOf.get(p.id) ?? null }));
  }

  /** Staff members one may message directly, with whether each is online. */
  async staffDirectory(em: EntityManager, viewer: Actor): Promise<ChatStaffMember[]> {
    assertMayUseChat(viewer);
    if (!isStaff(viewer)) return [];
    const staff = await em.find(
      User,
      { role: { $in: [...STAFF_ROLES] }, isActive: true, removedAt: null, username: { $ne: null }, id: { $ne: viewer.id } },
      { orderBy: { firstName: 'asc', lastName: 'asc' } },
    );
    const online = new Set(await this.onlineStaffIds(em));
    return staff.map((u) => ({ ...personOf(u)!, online: online.has(u.id) }));
  }

  // ── messages ──────────────────────────────────────────────────────────────────────────────────────────────

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

  // ── read receipts and typing ──────────────────────────────────────────────────────────────────────────────

  private async upsertReadState(em: EntityManager, userId: string, conversationId: string, message: ChatMessage): Promise<boolean> {
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

  private async receiptOf(em: EntityManager, conversationId: string, userId: string): Promise<ChatReceipt | null> {
    const state = await em.findOne(ChatReadState, { conversation: conversationId, user: userId }, { populate: ['user'] });
    return state ? { user: personOf(state.user)!, lastReadMessageId: state.lastRead.id, readAt: state.readAt } : null;
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

  // ── live ──────────────────────────────────────────────────────────────────────────────────────────────────

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
      unreadCount = (await this.unreadCounts(em, viewer, [conversation.id])).get(conversation.id) ?? 0;
    }
    return { conversationId, unreadCount, totalUnread: await this.totalUnread(em, viewer), onlineStaffIds: online };
  }

  /** The viewer's unread messages in all their conversations (the nav's badge). */
  async totalUnread(em: EntityManager, viewer: Actor): Promise<number> {
    return (await this.overview(em, viewer)).totalUnread;
  }

  // ── presence ──────────────────────────────────────────────────────────────────────────────────────────────

  /** Staff with an open chat subscription on any live instance. */
  async onlineStaffIds(em: EntityManager): Promise<string[]> {
    const rows = await em.getConnection().execute<{ user_id: string }[]>(
      `select distinct p.user_id from chat_presence p join app_user u on u.id = p.user_id
        where p.connections > 0 and p.seen_at > now() - (? * interval '1 millisecond') and u.role in (?)`,
      [PRESENCE_STALE_MS, [...STAFF_ROLES]],
    );
    return rows.map((r) => r.user_id);
  }

  /** A staff member's chat subscription opened (+1) or closed (-1) on this instance; others hear of it. */
  async presence(em: EntityManager, userId: string, delta: 1 | -1): Promise<void> {
    const count = (this.localPresence.get(userId) ?? 0) + delta;
    if (count > 0) this.localPresence.set(userId, count);
    else this.localPresence.delete(userId);
    await em.getConnection().execute(
      `insert into chat_presence (id, user_id, instance, connections, seen_at) values (?, ?, ?, ?, now())
       on conflict (user_id, instance) do update set connections = excluded.connections, seen_at = now()`,
      [randomUUID(), userId, this.instance, Math.max(count, 0)],
    );
    this.pubsub.publish('CHAT_ACTIVITY', CHAT_ACTIVITY_KEY, { kind: 'presence', userId });
    this.startHeartbeat(em);
  }

  /** Keeps this instance's presence rows fresh, so rows of an instance that died expire by themselves. */
  private startHeartbeat(em: EntityManager): void {
    if (this.heartbeat) return;
    this.heartbeat = setInterval(() => {
      if (this.localPresence.size === 0) return;
      void em
        .fork()
        .getConnection()
        .execute(`update chat_presence set seen_at = now() where instance = ? and connections > 0`, [this.instance])
        .catch(() => undefined);
    }, PRESENCE_HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  stop(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
  }
}
