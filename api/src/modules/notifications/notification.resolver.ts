import { Args, Authorized, Ctx, Mutation, Query, Resolver, Subscription } from 'type-graphql';
import type { Context, Viewer } from '../../graphql/context.js';
import { CurrentUser } from '../../graphql/current-user.js';
import { unauthenticated } from '../../graphql/errors.js';
import { liveFeed, unwrapLive, type LiveResult } from '../../graphql/live.js';
import { Parent } from '../../graphql/parent.js';
import { NotificationPreferences } from './notification-preferences.entity.js';
import { assertMayUseFeed } from './notification.policy.js';
import {
  NotificationChange,
  NotificationCounts,
  NotificationFeedArgs,
  NotificationIdArgs,
  NotificationListArgs,
  NotificationPage,
  NotificationPreferencesArgs,
} from './notification.types.js';
import { Scope } from '../../graphql/access.js';

/**
 * The viewer's changes to one feed: the current counts first, then every change to their notifications from any
 * tab, device or API instance, each read again with their own rules (graphql/live.ts).
 */
function notificationChanges(ctx: Context, { feed }: NotificationFeedArgs): AsyncIterable<LiveResult<NotificationChange>> {
  if (!ctx.user) throw unauthenticated();
  assertMayUseFeed(ctx.user, feed);
  return liveFeed(ctx, 'NOTIFICATIONS_CHANGED', ctx.user.id, (viewer, event) =>
    viewer.services.notifications.changeFor(viewer.em, viewer.user, feed, event),
  );
}

/**
 * Admins use the admin feed, everyone else the user feed (the REST facade's /api/notifications and
 * /api/user/notifications); the other feed is refused (notification.policy).
 */
@Resolver()
export class NotificationResolver {
  @Authorized()
  @Scope('messages:read')
  @Query(() => NotificationPage, { description: 'Your notifications in a feed, newest first, paged; optionally one type or unread only' })
  async notifications(@Args() args: NotificationListArgs, @CurrentUser() user: Viewer, @Ctx() ctx: Context): Promise<NotificationPage> {
    const { items, total } = await ctx.services.notifications.list(ctx.em, user, args);
    return { items, total, page: args.page, pageSize: args.pageSize };
  }

  @Authorized()
  @Scope('messages:read')
  @Query(() => NotificationCounts, { description: 'Unread and total notifications in a feed (the badge)' })
  notificationCounts(
    @Args() { feed }: NotificationFeedArgs,
    @CurrentUser() user: Viewer,
    @Ctx() ctx: Context,
  ): Promise<NotificationCounts> {
    return ctx.services.notifications.counts(ctx.em, user, feed);
  }

  @Authorized()
  @Scope('messages:write')
  @Mutation(() => NotificationChange, { description: 'Marks one of your notifications read' })
  markNotificationRead(
    @Args() { feed, id }: NotificationIdArgs,
    @CurrentUser() user: Viewer,
    @Ctx() ctx: Context,
  ): Promise<NotificationChange> {
    return ctx.services.notifications.markRead(ctx.em, user, feed, id);
  }

  @Authorized()
  @Scope('messages:write')
  @Mutation(() => NotificationChange, { description: 'Marks every notification of the feed read' })
  markAllNotificationsRead(
    @Args() { feed }: NotificationFeedArgs,
    @CurrentUser() user: Viewer,
    @Ctx() ctx: Context,
  ): Promise<NotificationChange> {
    return ctx.services.notifications.markAllRead(ctx.em, user, feed);
  }

  @Authorized()
  @Scope('messages:write')
  @Mutation(() => NotificationChange, { description: 'Deletes every notification of the feed' })
  clearNotifications(
    @Args() { feed }: NotificationFeedArgs,
    @CurrentUser() user: Viewer,
    @Ctx() ctx: Context,
  ): Promise<NotificationChange> {
    return ctx.services.notifications.clear(ctx.em, user, feed);
  }

  @Authorized()
  @Scope('messages:read')
  @Subscription(() => NotificationChange, {
    description:
      'Live changes to your notifications in a feed: first the current counts (kind resync), then every notification added, read, all read or cleared in any tab or device; resync again after a gap. Ends with UNAUTHENTICATED when the session ends.',
    subscribe: ({ args, context }) => notificationChanges(context as Context, args as NotificationFeedArgs),
  })
  notificationChanged(@Parent() change: LiveResult<NotificationChange>, @Args() _args: NotificationFeedArgs): NotificationChange {
    return unwrapLive(change);
  }

  @Authorized()
  @Scope('messages:read')
  @Query(() => NotificationPreferences, { description: 'Which of your notifications also come by email' })
  notificationPreferences(@CurrentUser() user: Viewer, @Ctx() ctx: Context): Promise<NotificationPreferences> {
    return ctx.services.notifications.preferences(ctx.em, user);
  }

  @Authorized()
  @Scope('messages:write')
  @Mutation(() => NotificationPreferences, { description: 'Chooses which notification types also come by email (through the outbox)' })
  updateNotificationPreferences(
    @Args() { emailTypes }: NotificationPreferencesArgs,
    @CurrentUser() user: Viewer,
    @Ctx() ctx: Context,
  ): Promise<NotificationPreferences> {
    return ctx.services.notifications.setEmailTypes(ctx.em, user, emailTypes);
  }
}
