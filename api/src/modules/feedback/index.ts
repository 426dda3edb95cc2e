import { defineModule } from '../module.js';
import { notificationsModule } from '../notifications/index.js';
import { Feedback } from './feedback.entity.js';
import { FeedbackResolver } from './feedback.resolver.js';
import { feedbackRestRoutes } from './feedback.rest.js';
import { FeedbackService } from './feedback.service.js';

/** Feedback from members (the floating button), listed for admins. */
export const feedbackModule = defineModule({
  name: 'feedback',
  uses: [notificationsModule],
  entities: [Feedback],
  resolvers: [FeedbackResolver],
  service: ({ notifications }) => new FeedbackService(notifications),
  restRoutes: feedbackRestRoutes,
});
