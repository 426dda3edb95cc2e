import { fullName } from '@studio/rules';
import type { EntityManager } from '@mikro-orm/postgresql';
import { offsetOf, type PageArgs } from '../../common/paging.js';
import { rateLimited } from '../../graphql/errors.js';
import type { RequestQuota } from '../auth/login-limiter.js';
import type { ChatService } from '../chat/chat.service.js';
import { NotificationType } from '../notifications/notification.entity.js';
import type { NotificationService } from '../notifications/notification.service.js';
import type { User } from '../users/user.entity.js';
import { Feedback, type FeedbackCategory } from './feedback.entity.js';

/** What the admins' notification quotes of a message. */
const QUOTE_LENGTH = 240;

/**
 * Messages one member may send in a window: each one is a staff-thread post and a notice to every admin, so a
 * burst (or a script) must not flood them. A member with a lot to say writes one longer message.
 */
export const FEEDBACK_QUOTA = { points: 5, windowSeconds: 10 * 60 };

/** Messages sent with the floating Feedback button, read by admins (and announced in their notification feed). */
export class FeedbackService {
  constructor(
    private readonly notifications: NotificationService,
    private readonly chat: ChatService,
    private readonly quota: RequestQuota,
  ) {}

  async submit(
    em: EntityManager,
    author: User,
    data: { message: string; category: FeedbackCategory; page?: string | null },
  ): Promise<Feedback> {
    const seconds = await this.quota.secondsToWait([`user:${author.id}`]);
    if (seconds > 0) {
      const minutes = Math.ceil(seconds / 60);
      throw rateLimited(
        `You have sent a lot of feedback in a short time. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} before sending more.`,
        seconds,
      );
    }
    const feedback = new Feedback({ message: data.message.trim(), category: data.category, author, page: data.page ?? null });
    await em.transactional(async (tx) => {
      tx.persist(feedback);
      await tx.flush();
      await this.announce(tx, author, feedback);
    });
    return feedback;
  }

  /** Into the admins' notification feed and the staff chat's Feedback thread, live once committed. */
  private async announce(em: EntityManager, author: User, feedback: Feedback): Promise<void> {
    await this.chat.postFeedback(em, author, `[${feedback.category}] ${feedback.message}`);
    const quote = feedback.message.length > QUOTE_LENGTH ? `${feedback.message.slice(0, QUOTE_LENGTH - 1)}…` : feedback.message;
    await this.notifications.notifyAdmins(em, {
      type: NotificationType.other,
      title: `New feedback (${feedback.category})`,
      message: `${fullName(author)} wrote: “${quote}”`,
    });
  }

  /** Newest first, optionally one category. */
  async list(em: EntityManager, q: PageArgs & { category?: FeedbackCategory | null }): Promise<{ items: Feedback[]; total: number }> {
    const [items, total] = await em.findAndCount(Feedback, q.category ? { category: q.category } : {}, {
      populate: ['author'],
      orderBy: { createdAt: 'desc', id: 'asc' },
      limit: q.pageSize,
      offset: offsetOf(q),
    });
    return { items, total };
  }
}
