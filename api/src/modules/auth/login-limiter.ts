import type { EntityManager } from '@mikro-orm/postgresql';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import { rateLimited } from '../../graphql/errors.js';

/**
 * Counts failed attempts per account name and per IP in PostgreSQL (so every API instance shares the count).
 * After `maxFailures` within the window, further attempts answer RATE_LIMITED until the window passes.
 */
export class FailureLimiter {
  private readonly failures: RateLimiterPostgres;

  constructor(
    em: EntityManager,
    private readonly opts: { prefix: string; maxFailures: number; windowSeconds: number; what: string },
  ) {
    this.failures = new RateLimiterPostgres({
      ...storeOptions(em),
      keyPrefix: opts.prefix,
      points: opts.maxFailures,
      duration: opts.windowSeconds,
    });
  }

  private keys(name: string, ip: string | null): string[] {
    return [`user:${name.trim().toLowerCase()}`, ...(ip ? [`ip:${ip}`] : [])];
  }

  async assertAllowed(name: string, ip: string | null): Promise<void> {
    for (const key of this.keys(name, ip)) {
      const res = await this.failures.get(key);
      if (res && res.consumedPoints >= this.opts.maxFailures) {
        const seconds = Math.ceil(res.msBeforeNext / 1000);
        throw rateLimited(`Too many failed ${this.opts.what} attempts. Please try again in ${Math.ceil(seconds / 60)} minutes.`, seconds);
      }
    }
  }

  async recordFailure(name: string, ip: string | null): Promise<void> {
    await Promise.all(this.keys(name, ip).map((key) => this.failures.consume(key).catch(ignoreLimitReached)));
  }

  async recordSuccess(name: string): Promise<void> {
    await this.failures.delete(this.keys(name, null)[0]);
  }
}

/** A plain quota: at most `points` requests per key and window. */
export class RequestQuota {
  private readonly limiter: RateLimiterPostgres;

  constructor(em: EntityManager, prefix: string, points: number, windowSeconds: number) {
    this.limiter = new RateLimiterPostgres({ ...storeOptions(em), keyPrefix: prefix, points, duration: windowSeconds });
  }

  /** 0 while every key is within its quota; else the seconds until the one over it has room again. */
  async secondsToWait(keys: string[]): Promise<number> {
    const results = await Promise.allSettled(keys.map((key) => this.limiter.consume(key)));
    let ms = 0;
    for (const result of results) {
      if (result.status === 'fulfilled') continue;
      ignoreLimitReached(result.reason);
      ms = Math.max(ms, (result.reason as RateLimiterRes).msBeforeNext);
    }
    return Math.ceil(ms / 1000);
  }

  /** Refuses (RATE_LIMITED with retryAfterSeconds) once any key is over its quota: "Too many <what> in a short time…". */
  async enforce(keys: string[], what: string): Promise<void> {
    const seconds = await this.secondsToWait(keys);
    if (seconds > 0)
      throw rateLimited(
        `Too many ${what} in a short time. Please wait ${seconds} second${seconds === 1 ? '' : 's'} and try again.`,
        seconds,
      );
  }

  /** False once any of the keys is over its quota. */
  async allow(keys: string[]): Promise<boolean> {
    try {
      await Promise.all(keys.map((key) => this.limiter.consume(key)));
      return true;
    } catch (err) {
      ignoreLimitReached(err);
      return false;
    }
  }
}

const storeOptions = (em: EntityManager) =>
  ({ storeClient: em.getKnex(), storeType: 'knex', tableName: 'rate_limit', tableCreated: true }) as const;

function ignoreLimitReached(err: unknown): void {
  if (!(err instanceof RateLimiterRes)) throw err;
}
