/**
 * Something changed in one user's notifications (published on the user's key, so only that user's subscribers hear
 * it): the subscriber re-reads with its own access rules. `resync` is never published: it is what a live feed is told
 * at its start and after a gap in LISTEN (see graphql/live.ts).
 */
export type NotificationsChangedEvent = {
  kind: 'added' | 'read' | 'all_read' | 'cleared' | 'resync';
  notificationId?: string;
};

declare module '../../graphql/pubsub.js' {
  interface PubSubEvents {
    /** Keyed by the recipient's user id. */
    NOTIFICATIONS_CHANGED: [userId: string, NotificationsChangedEvent];
  }
}

export const notificationTopics = ['NOTIFICATIONS_CHANGED'] as const;
