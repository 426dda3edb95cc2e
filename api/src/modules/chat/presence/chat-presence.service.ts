import type { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { CHAT_ACTIVITY_KEY } from '../chat.topics.js';
import { PRESENCE_HEARTBEAT_MS } from '../chat-data.js';
import { ChatParts } from '../chat-parts.js';

/** Which staff have the chat open, per process, kept fresh by a heartbeat so a stopped process's rows expire. */
export class ChatPresenceService extends ChatParts {
  /** This process, for presence rows. */
  readonly instance = randomUUID();

  private readonly localPresence = new Map<string, number>();

  private heartbeat: NodeJS.Timeout | null = null;

  /** A staff member's chat subscription opened (+1) or closed (-1) on this instance; others hear of it. */
  async presence(em: EntityManager, userId: string, delta: 1 | -1): Promise<void> {
    const count = (this.localPresence.get(userId) ?? 0) + delta;
    if (count > 0) this.localPresence.set(userId, count);
    else this.localPresence.delete(userId);
    await em.getConnection().execute(
      `insert into chat_presence (id, user_id, instance, connections, seen_at) values (?, ?, ?, ?, now())
       on conflict (user_id, instance) do update set connections = excluded.connections, seen_at = now()`,
      [randomUUID(), userId, this.instance, Math.max(count, 0)],
    );
    this.pubsub.publish('CHAT_ACTIVITY', CHAT_ACTIVITY_KEY, { kind: 'presence', userId });
    this.startHeartbeat(em);
  }

  /** Keeps this instance's presence rows fresh, so rows of an instance that died expire by themselves. */
  private startHeartbeat(em: EntityManager): void {
    if (this.heartbeat) return;
    this.heartbeat = setInterval(() => {
      if (this.localPresence.size === 0) return;
      void em
        .fork()
        .getConnection()
        .execute(`update chat_presence set seen_at = now() where instance = ? and connections > 0`, [this.instance])
        .catch(() => undefined);
    }, PRESENCE_HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  stop(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
  }
}
