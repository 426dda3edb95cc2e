import type { EntityManager } from '@mikro-orm/postgresql';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import { rateLimited } from '../../graphql/errors.js';

/** Messages one person may send per minute, in all their conversations together (a quick typist sends ~10). */
export const CHAT_MESSAGES_PER_MINUTE = 30;
/** Typing notices one person may send per minute (the web app sends one every 2.5 seconds while typing). */
export const CHAT_TYPING_PER_MINUTE = 40;

/**
 * Per-person quotas on sending messages and typing notices, counted in PostgreSQL like the other quotas (the
 * `rate_limit` table of rate-limiter-flexible), so every API instance shares them. Over a quota: RATE_LIMITED with
 * the seconds to wait.
 */
export class ChatLimits {
  private readonly messages: RateLimiterPostgres;
  private readonly typing: RateLimiterPostgres;

  constructor(em: EntityManager) {
    const store = { storeClient: em.getKnex(), storeType: 'knex', tableName: 'rate_limit', tableCreated: true } as const;
    this.messages = new RateLimiterPostgres({ ...store, keyPrefix: 'chat-message', points: CHAT_MESSAGES_PER_MINUTE, duration: 60 });
    this.typing = new RateLimiterPostgres({ ...store, keyPrefix: 'chat-typing', points: CHAT_TYPING_PER_MINUTE, duration: 60 });
  }

  async assertMaySend(userId: string): Promise<void> {
    const seconds = await secondsToWait(this.messages, userId);
    if (seconds > 0)
      throw rateLimited(
        `You are sending messages too quickly. Please wait ${seconds} second${seconds === 1 ? '' : 's'} and try again.`,
        seconds,
      );
  }

  async assertMayType(userId: string): Promise<void> {
    const seconds = await secondsToWait(this.typing, userId);
    if (seconds > 0) throw rateLimited('Too many typing notices. Please slow down.', seconds);
  }
}

async function secondsToWait(limiter: RateLimiterPostgres, key: string): Promise<number> {
  try {
    await limiter.consume(key);
    return 0;
  } catch (err) {
    if (!(err instanceof RateLimiterRes)) throw err;
    return Math.max(1, Math.ceil(err.msBeforeNext / 1000));
  }
}
