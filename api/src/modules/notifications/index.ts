import { mergeNotifications } from './notifications.merge.js';
import { emailModule } from '../email/index.js';
import { defineModule } from '../module.js';
import { NotificationPreferences } from './notification-preferences.entity.js';
import { Notification } from './notification.entity.js';
import { NotificationResolver } from './notification.resolver.js';
import { notificationRestRoutes } from './notification.rest.js';
import { NotificationService } from './notification.service.js';
import { notificationTopics } from './notification.topics.js';

/** In-app notifications in two feeds (admins', everyone else's), delivered live after commit, optionally by email. */
export const notificationsModule = defineModule({
  name: 'notifications',
  uses: [emailModule],
  entities: [Notification, NotificationPreferences],
  resolvers: [NotificationResolver],
  topics: notificationTopics,
  service: ({ env, email }) => new NotificationService(email, env.publicUrl),
  events: (on) => on('member.merged', 'inTransaction', (tx, pair) => mergeNotifications(tx, pair)),
  restRoutes: notificationRestRoutes,
});
