import { Args, Authorized, Ctx, Extensions, Int, Mutation, Query, Resolver, Subscription } from 'type-graphql';
import type { Context, Viewer } from '../../graphql/context.js';
import { CurrentUser } from '../../graphql/current-user.js';
import { notFound, unauthenticated } from '../../graphql/errors.js';
import { liveFeed, scopedFeed, unwrapLive, viewerLive, type LiveResult, type ScopedLive } from '../../graphql/live.js';
import { Parent } from '../../graphql/parent.js';
import { CHAT_ACTIVITY_KEY } from './chat.topics.js';
import { isStaff, Role, type Actor } from '../users/role.js';
import { assertMayUseChat } from './chat.policy.js';
import {
  CHAT_FAMILIES_MAX,
  ChatEvent,
  ChatFamiliesArgs,
  ChatFamily,
  ChatInboxEvent,
  ChatMessageIdArgs,
  ChatMessagePage,
  ChatMessagesArgs,
  ChatMessageView,
  ChatReceipt,
  ChatSearchArgs,
  ChatStaffMember,
  ConversationArgs,
  ConversationSummary,
  EditChatMessageArgs,
  MarkChatReadArgs,
  SendChatMessageArgs,
  StaffChatOverview,
  StartDirectArgs,
  StartFamilyChatArgs,
} from './chat.types.js';
import { Scope } from '../../graphql/access.js';

const CHAT_ROLES = [Role.admin, Role.instructor, Role.teacher, Role.parent];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * One conversation's events, each re-read with the viewer's own rules; a conversation they may not read ends it at
 * once. Multiplexed (graphql/multiplex.ts): the members of a conversation who may see the same thing share one read
 * and one frame per event. What a chat event shows depends on the viewer only through chat.policy's visibility
 * class, so that is the scope: every staff member alike (staff room, Feedback, family threads; a direct conversation's
 * group holds only its two members, since each subscriber's first read checks they may read it and membership never
 * changes), a parent alone, and the author of a typing notice alone (they get nothing).
 */
export const chatEventsLive: ScopedLive<ConversationArgs, 'CHAT_CHANGED', ChatEvent> = {
  topic: 'CHAT_CHANGED',
  key: ({ conversationId }) => conversationId,
  admit: (ctx, { conversationId }) => {
    if (!ctx.user) throw unauthenticated();
    assertMayUseChat(ctx.user);
    if (!UUID.test(conversationId)) throw notFound('That conversation');
  },
  scope: (viewer, event) => {
    if (event.kind === 'typing' && event.userId === viewer.id) return `self:${viewer.id}`;
    return isStaff(viewer as Actor) ? 'staff' : `viewer:${viewer.id}`;
  },
  read: (viewer, event, { conversationId }) => viewer.services.chat.eventFor(viewer.em, viewer.user, conversationId, event),
};

/**
 * Unread counts and presence; a staff member's open inbox counts them as online (on any instance) until it closes.
 * Not an async generator: a generator waiting for its next event would queue the client's `return` behind it, and
 * the staff member would stay online until the next chat event.
 */
async function inboxEvents(ctx: Context): Promise<AsyncIterableIterator<LiveResult<ChatInboxEvent>>> {
  if (!ctx.user) throw unauthenticated();
  assertMayUseChat(ctx.user);
  const user = ctx.user;
  const feed = liveFeed(ctx, 'CHAT_ACTIVITY', CHAT_ACTIVITY_KEY, (viewer, event) =>
    viewer.services.chat.inboxFor(viewer.em, viewer.user, event),
  );
  const events = feed[Symbol.asyncIterator]();
  if (!isStaff(user)) return events as AsyncIterableIterator<LiveResult<ChatInboxEvent>>;
  const presence = (delta: 1 | -1) => ctx.services.chat.presence(ctx.services.orm.em.fork(), user.id, delta).catch(() => undefined);
  await presence(1);
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await presence(-1);
  };
  const iterator: AsyncIterableIterator<LiveResult<ChatInboxEvent>> = {
    async next() {
      const result = await events.next();
      if (result.done) await close();
      return result;
    },
    async return(value?: unknown) {
      await close();
      return (await events.return?.(value)) ?? { done: true, value: undefined };
    },
    async throw(err?: unknown) {
      await close();
      if (events.throw) return events.throw(err);
      throw err;
    },
    [Symbol.asyncIterator]: () => iterator,
  };
  return iterator;
}

/** The staff chat (admin, instructor, teacher, parent); record rules in chat.policy. */
@Resolver()
export class ChatResolver {
  @Authorized(...CHAT_ROLES)
  @Scope('messages:read')
  @Query(() => StaffChatOverview, { description: 'Your conversations with their unread counts (GET /api/staff-chat)' })
  staffChat(@CurrentUser() user: Viewer, @Ctx() ctx: Context): Promise<StaffChatOverview> {
    return ctx.services.chat.overview(ctx.em, user);
  }

  @Authorized(...CHAT_ROLES)
  @Scope('messages:read')
  @Query(() => Int, { description: 'Your unread staff chat messages in all your conversations (the nav badge)' })
  staffChatUnread(@CurrentUser() user: Viewer, @Ctx() ctx: Context): Promise<number> {
    return ctx.services.chat.totalUnread(ctx.em, user);
  }

  @Authorized(...CHAT_ROLES)
  @Scope('messages:read')
  @Query(() => ChatMessagePage, { description: 'Messages of a conversation, oldest first; page backwards with `before`' })
  chatMessages(
    @Args() { conversationId, before, limit }: ChatMessagesArgs,
    @CurrentUser() user: Viewer,
    @Ctx() ctx: Context,
  ): Promise<ChatMessagePage> {
    return ctx.services.chat.messages(ctx.em, user, conversationId, limit, before);
  }

  @Authorized(...CHAT_ROLES)
  @Scope('messages:read')
  @Query(() => [ChatMessageView], { description: 'Full-text search within a conversation, newest first (at most 50)' })
  searchChat(
    @Args() { conversationId, query }: ChatSearchArgs,
    @CurrentUser() user: Viewer,
    @Ctx() ctx: Context,
  ): Promise<ChatMessageView[]> {
    return ctx.services.chat.search(ctx.em, user, conversationId, query);
  }

  @Authorized(...CHAT_ROLES)
  @Scope('messages:read')
  @Query(() => [ChatReceipt], { description: 'Each member’s last read message in a conversation ("Seen by …")' })
  chatReceipts(@Args() { conversationId }: ConversationArgs, @CurrentUser() user: Viewer, @Ctx() ctx: Context): Promise<ChatReceipt[]> {
    return ctx.services.chat.receipts(ctx.em, user, conversationId);
  }

  @Authorized(...CHAT_ROLES)
  @Scope('messages:read')
  @Query(() => [ChatStaffMember], { description: 'Staff members to message directly, with who is online (empty for parents)' })
  chatStaff(@CurrentUser() user: Viewer, @Ctx() ctx: Context): Promise<ChatStaffMember[]> {
    return ctx.services.chat.staffDirectory(ctx.em, user);
  }

  @Authorized(...CHAT_ROLES)
  @Scope('messages:write')
  @Mutation(() => ChatMessageView, { description: 'Sends a plain-text message' })
  sendChatMessage(
    @Args() { conversationId, body }: SendChatMessageArgs,
    @CurrentUser() user: Viewer,
    @Ctx() ctx: Context,
  ): Promise<ChatMessageView> {
    return ctx.services.chat.send(ctx.em, user, conversationId, body);
  }

  @Authorized(...CHAT_ROLES)
  @Scope('messages:write')
  @Mutation(() => ChatMessageView, { description: 'Edits your own message within 5 minutes of sending' })
  editChatMessage(
    @Args() { messageId, body }: EditChatMessageArgs,
    @CurrentUser() user: Viewer,
    @Ctx() ctx: Context,
  ): Promise<ChatMessageView> {
    return ctx.services.chat.edit(ctx.em, user, messageId, body);
  }

  @Authorized(...CHAT_ROLES)
  @Scope('messages:write')
  @Mutation(() => ChatMessageView, { description: 'Deletes your own message within 5 minutes, or any message as an admin; a trace stays' })
  deleteChatMessage(@Args() { messageId }: ChatMessageIdArgs, @CurrentUser() user: Viewer, @Ctx() ctx: Context): Promise<ChatMessageView> {
    return ctx.services.chat.delete(ctx.em, user, messageId);
  }

  @Authorized(...CHAT_ROLES)
  @Scope('messages:write')
  @Mutation(() => ChatReceipt, { nullable: true, description: 'You have seen the conversation up to this message' })
  markChatRead(
    @Args() { conversationId, messageId }: MarkChatReadArgs,
    @CurrentUser() user: Viewer,
    @Ctx() ctx: Context,
  ): Promise<ChatReceipt | null> {
    return ctx.services.chat.markRead(ctx.em, user, conversationId, messageId);
  }

  @Authorized(...CHAT_ROLES)
  @Scope('messages:write')
  @Mutation(() => Boolean, { description: 'Tells the conversation you are typing (send every few seconds while typing)' })
  chatTyping(@Args() { conversationId }: ConversationArgs, @CurrentUser() user: Viewer, @Ctx() ctx: Context): Promise<boolean> {
    return ctx.services.chat.typing(ctx.em, user, conversationId);
  }

  @Authorized(Role.admin, Role.instructor, Role.teacher)
  @Scope('messages:write')
  @Mutation(() => ConversationSummary, { description: 'Opens (or finds) your direct conversation with another staff member' })
  startDirectChat(@Args() { userId }: StartDirectArgs, @CurrentUser() user: Viewer, @Ctx() ctx: Context): Promise<ConversationSummary> {
    return ctx.services.chat.startDirect(ctx.em, user, userId);
  }

  @Authorized(Role.admin, Role.instructor, Role.teacher)
  @Scope('messages:read')
  @Query(() => [ChatFamily], { description: `Families staff can message, by the parent's name (at most ${CHAT_FAMILIES_MAX})` })
  chatFamilies(@Args() { search }: ChatFamiliesArgs, @CurrentUser() user: Viewer, @Ctx() ctx: Context): Promise<ChatFamily[]> {
    return ctx.services.chat.families(ctx.em, user, search);
  }

  @Authorized(Role.admin, Role.instructor, Role.teacher)
  @Scope('messages:write')
  @Mutation(() => ConversationSummary, { description: 'Opens a family’s thread (created if the parent has not used the chat yet)' })
  startFamilyChat(
    @Args() { parentId }: StartFamilyChatArgs,
    @CurrentUser() user: Viewer,
    @Ctx() ctx: Context,
  ): Promise<ConversationSummary> {
    return ctx.services.chat.startFamily(ctx.em, user, parentId);
  }

  @Authorized(...CHAT_ROLES)
  @Scope('messages:read')
  @Subscription(() => ChatEvent, {
    description:
      'Live events of one conversation: resync first, then messages added, edited or deleted, typing and read receipts. Ends with NOT_FOUND if you may not read it, UNAUTHENTICATED when your session ends.',
    subscribe: ({ args, context }) => scopedFeed(context as Context, chatEventsLive, args as ConversationArgs),
  })
  @Extensions(viewerLive(chatEventsLive))
  chatEvents(@Parent() event: LiveResult<ChatEvent>, @Args() _args: ConversationArgs): ChatEvent {
    return unwrapLive(event);
  }

  @Authorized(...CHAT_ROLES)
  @Scope('messages:read')
  @Subscription(() => ChatInboxEvent, {
    description:
      'Your unread counts (per changed conversation and in total) and the staff online; an open inbox marks a staff member online.',
    subscribe: ({ context }) => inboxEvents(context as Context),
  })
  chatInbox(@Parent() event: LiveResult<ChatInboxEvent>): ChatInboxEvent {
    return unwrapLive(event);
  }
}
