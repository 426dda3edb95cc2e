import type { EntityManager } from '@mikro-orm/postgresql';
import { offsetOf, type PageArgs } from '../../common/paging.js';
import type { User } from '../users/user.entity.js';
import { Feedback, type FeedbackCategory } from './feedback.entity.js';

/** Messages sent with the floating Feedback button, read by admins. */
export class FeedbackService {
  async submit(
    em: EntityManager,
    author: User,
    data: { message: string; category: FeedbackCategory; page?: string | null },
  ): Promise<Feedback> {
    const feedback = new Feedback({ message: data.message.trim(), category: data.category, author, page: data.page ?? null });
    await em.persistAndFlush(feedback);
    return feedback;
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
