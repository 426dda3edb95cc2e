import { mergeFeedback } from './feedback.merge.js';
import { RequestQuota } from '../auth/login-limiter.js';
import { chatModule } from '../chat/index.js';
import { defineModule } from '../module.js';
import { notificationsModule } from '../notifications/index.js';
import { Feedback } from './feedback.entity.js';
import { FeedbackResolver } from './feedback.resolver.js';
import { feedbackRestRoutes } from './feedback.rest.js';
import { FEEDBACK_QUOTA, FeedbackService } from './feedback.service.js';

/** Feedback from members (the floating button), listed for admins. */
export const feedbackModule = defineModule({
  name: 'feedback',
  uses: [notificationsModule, chatModule],
  entities: [Feedback],
  resolvers: [FeedbackResolver],
  service: ({ orm, notifications, chat }) =>
    new FeedbackService(
      notifications,
      chat,
      new RequestQuota(orm.em.fork(), 'feedback', FEEDBACK_QUOTA.points, FEEDBACK_QUOTA.windowSeconds),
    ),
  events: (on) => on('member.merged', 'inTransaction', (tx, pair) => mergeFeedback(tx, pair)),
  restRoutes: feedbackRestRoutes,
});
