import type { EntityManager, FilterQuery } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { familySearchWords, fullName } from '@studio/rules';
import { likePattern } from '../../../common/paging.js';
import { notFound } from '../../../graphql/errors.js';
import { isStaff, Role, STAFF_ROLES, type Actor } from '../../users/role.js';
import { User } from '../../users/user.entity.js';
import { ChatMessage, Conversation, ConversationKind } from '../chat.entity.js';
import {
  assertMayMessageFamilies,
  assertMayStartDirect,
  assertMayStartFamily,
  assertMayUseChat,
  mayReadConversation,
} from '../chat.policy.js';
import {
  CHAT_FAMILIES_MAX,
  type ChatFamily,
  type ChatStaffMember,
  type ConversationSummary,
  type StaffChatOverview,
} from '../chat.types.js';
import { recordOf, personOf, viewOf, MESSAGE_POPULATE } from '../chat-data.js';
import { ChatParts } from '../chat-parts.js';

/** Conversations: the viewer's overview with unread counts, starting direct and family threads, the directories. */
export class ConversationService extends ChatParts {
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
  async unreadCounts(em: EntityManager, viewer: Actor, conversationIds: string[]): Promise<Map<string, number>> {
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
}
