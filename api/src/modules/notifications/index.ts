import { defineModule } from '../module.js';
import { Notification } from './notification.entity.js';
import { NotificationService } from './notification.service.js';

/** In-app notifications, delivered live after commit. */
export const notificationsModule = defineModule({
  name: 'notifications',
  uses: [],
  entities: [Notification],
  service: () => new NotificationService(),
});
