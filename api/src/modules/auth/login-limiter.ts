import type { EntityManager } from '@mikro-orm/postgresql';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import { rateLimited } from '../../graphql/errors.js';

const WINDOW_SECONDS = 15 * 60;
const MAX_FAILURES = 10;

/**
 * Counts failed sign-ins per username and per IP in PostgreSQL (so every API instance shares the count).
 * After 10 failures within 15 minutes, further attempts answer RATE_LIMITED until the window passes.
 */
export class LoginLimiter {
  private readonly failures: RateLimiterPostgres;
  private readonly resetRequests: RateLimiterPostgres;

  constructor(em: EntityManager) {
    const common = { storeClient: em.getKnex(), storeType: 'knex', tableName: 'rate_limit', tableCreated: true } as const;
    this.failures = new RateLimiterPostgres({ ...common, keyPrefix: 'login', points: MAX_FAILURES, duration: WINDOW_SECONDS });
    // Password reset emails: 5 per address or IP an hour.
    this.resetRequests = new RateLimiterPostgres({ ...common, keyPrefix: 'reset', points: 5, duration: 3600 });
  }

  private keys(username: string, ip: string | null): string[] {
    return [`user:${username.trim().toLowerCase()}`, ...(ip ? [`ip:${ip}`] : [])];
  }

  async assertAllowed(username: string, ip: string | null): Promise<void> {
    for (const key of this.keys(username, ip)) {
      const res = await this.failures.get(key);
      if (res && res.consumedPoints >= MAX_FAILURES) {
        const seconds = Math.ceil(res.msBeforeNext / 1000);
        throw rateLimited(`Too many failed sign-in attempts. Please try again in ${Math.ceil(seconds / 60)} minutes.`, seconds);
      }
    }
  }

  async recordFailure(username: string, ip: string | null): Promise<void> {
    await Promise.all(this.keys(username, ip).map((key) => this.failures.consume(key).catch(ignoreLimitReached)));
  }

  async recordSuccess(username: string): Promise<void> {
    await this.failures.delete(this.keys(username, null)[0]);
  }

  /** False when too many reset emails were asked for this address or IP; the caller stays silent either way. */
  async allowResetRequest(email: string, ip: string | null): Promise<boolean> {
    try {
      await Promise.all(this.keys(email, ip).map((key) => this.resetRequests.consume(key)));
      return true;
    } catch (err) {
      ignoreLimitReached(err);
      return false;
    }
  }
}

function ignoreLimitReached(err: unknown): void {
  if (!(err instanceof RateLimiterRes)) throw err;
}
