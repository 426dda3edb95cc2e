import { ArrayMaxSize } from 'class-validator';
import { ArgsType, Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { PageArgs, Paginated } from '../../common/paging.js';
import { Notification, NotificationType } from './notification.entity.js';

/** Admins use the admin notification endpoints, everyone else the user endpoints; each is one feed. */
export enum NotificationFeed {
  admin = 'admin',
  user = 'user',
}
registerEnumType(NotificationFeed, {
  name: 'NotificationFeed',
  description: 'admin: admins (their own notifications and the studio-wide feed); user: everyone else',
});

@ArgsType()
export class NotificationFeedArgs {
  @Field(() => NotificationFeed) feed: NotificationFeed;
}

@ArgsType()
export class NotificationListArgs extends PageArgs {
  @Field(() => NotificationFeed) feed: NotificationFeed;
  @Field(() => NotificationType, { nullable: true, description: 'Only this type' }) type?: NotificationType | null;
  @Field({ defaultValue: false, description: 'Only unread ones' }) unreadOnly: boolean = false;
}

@ArgsType()
export class NotificationIdArgs {
  @Field(() => NotificationFeed) feed: NotificationFeed;
  @Field(() => ID) id: string;
}

@ArgsType()
export class NotificationPreferencesArgs {
  @Field(() => [NotificationType], { description: 'The types that also come by email; the others only in the app' })
  @ArrayMaxSize(Object.keys(NotificationType).length)
  emailTypes: NotificationType[];
}

@ObjectType({ description: 'Notifications of a feed, newest first' })
export class NotificationPage extends Paginated(Notification) {}

@ObjectType({ description: 'How many notifications a feed holds and how many of them are unread (the badge)' })
export class NotificationCounts {
  @Field(() => NotificationFeed) feed: NotificationFeed;
  @Field(() => Int) unreadCount: number;
  @Field(() => Int) total: number;
}

export enum NotificationChangeKind {
  added = 'added',
  read = 'read',
  all_read = 'all_read',
  cleared = 'cleared',
  /** The current counts, at the start of a subscription and after a gap: lists may have changed meanwhile. */
  resync = 'resync',
}
registerEnumType(NotificationChangeKind, { name: 'NotificationChangeKind' });

@ObjectType({ description: 'A change to a feed, with its counts after it: what the mutations answer and the subscription sends' })
export class NotificationChange {
  @Field(() => NotificationChangeKind) kind: NotificationChangeKind;
  @Field(() => Notification, { nullable: true, description: 'The notification added or marked read' })
  notification: Notification | null;
  @Field(() => NotificationCounts) counts: NotificationCounts;
}
