import { chatModule } from '../chat/index.js';
import { defineModule } from '../module.js';
import { notificationsModule } from '../notifications/index.js';
import { Feedback } from './feedback.entity.js';
import { FeedbackResolver } from './feedback.resolver.js';
import { feedbackRestRoutes } from './feedback.rest.js';
import { FeedbackService } from './feedback.service.js';

/** Feedback from members (the floating button), listed for admins. */
export const feedbackModule = defineModule({
  name: 'feedback',
  uses: [notificationsModule, chatModule],
  entities: [Feedback],
  resolvers: [FeedbackResolver],
  service: ({ notifications, chat }) => new FeedbackService(notifications, chat),
  restRoutes: feedbackRestRoutes,
});
