import type { MikroORM } from '@mikro-orm/postgresql';
import { log } from '../../logger.js';

/** How often this process reads the endpoints' event types again, and how long it trusts what it read. */
const READ_EVERY_MS = 2000;
export const SUBSCRIBED_TYPES_TTL_MS = 5000;

/**
 * The event types some enabled endpoint wants, as this process last read them, so an event nobody subscribes to
 * writes nothing (a booking costs no outbox row while the studio has no webhooks). Read at boot after the migrations,
 * then in the background every 2 s (never inside a request) and at once after this process's own endpoint changes;
 * unsure (not read yet, or the last read older than 5 s: the database unreachable) answers "wanted". An endpoint made on another API instance is seen
 * here within about 2 s: events emitted here in that window are not sent to it.
 */
export class SubscribedEventTypes {
  private types: Set<string> | null = null;
  private readAt = 0;
  private reading: Promise<void> | null = null;

  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly orm: MikroORM) {}

  /** First read, then every 2 s; called at boot once the migrations ran (before, the table may not exist yet). */
  async start(): Promise<void> {
    await this.read();
    this.timer ??= setInterval(() => void this.read(), READ_EVERY_MS).unref();
  }

  wants(type: string): boolean {
    const fresh = this.types !== null && Date.now() - this.readAt < SUBSCRIBED_TYPES_TTL_MS;
    return !fresh || this.types!.has(type);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Reads them again (every 2 s, and after a change here). */
  read(): Promise<void> {
    this.reading ??= this.orm.em
      .fork()
      .getConnection()
      .execute<{ type: string }[]>('select distinct unnest(event_types) as type from webhook_endpoint where enabled')
      .then((rows) => {
        this.types = new Set(rows.map((r) => r.type));
        this.readAt = Date.now();
      })
      .catch((err: Error) => log.warn('webhook event types not read', { message: err.message }))
      .finally(() => (this.reading = null));
    return this.reading;
  }
}
