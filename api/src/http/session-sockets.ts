import type { WebSocket } from 'ws';
import { createContext, type Services } from '../graphql/context.js';
import { log } from '../logger.js';

/** The close code graphql-ws uses when it refuses a connection: the client takes it as "signed out". */
export const WS_FORBIDDEN = 4403;

/**
 * The signed-in WebSockets of this process, by user. When some of a user's sessions end (SESSIONS_ENDED, from any
 * instance), each of that user's sockets checks its token again and the ones that no longer work are closed with
 * 4403, as a connection with such a token is refused.
 */
export class SessionSockets {
  private readonly byUser = new Map<string, Map<WebSocket, string>>();
  private readonly events: AsyncIterableIterator<{ userId: string }>;
  private readonly watching: Promise<void>;

  constructor(private readonly services: Services) {
    this.events = services.pubsub.subscribe('SESSIONS_ENDED');
    this.watching = this.watch();
    // After a gap in LISTEN an event may be lost: check every open socket again.
    services.pubsub.onResync(() => Promise.all([...this.byUser.keys()].map((userId) => this.recheck(userId))).then(() => undefined));
  }

  /** How many sockets the user holds open on this process. */
  socketsOf(userId: string): number {
    return this.byUser.get(userId)?.size ?? 0;
  }

  add(userId: string, socket: WebSocket, authorization: string): void {
    let sockets = this.byUser.get(userId);
    if (!sockets) this.byUser.set(userId, (sockets = new Map()));
    sockets.set(socket, authorization);
    socket.once('close', () => {
      sockets.delete(socket);
      if (sockets.size === 0 && this.byUser.get(userId) === sockets) this.byUser.delete(userId);
    });
  }

  private async watch(): Promise<void> {
    for await (const { userId } of this.events) {
      await this.recheck(userId).catch((err: Error) => log.warn('session socket check failed', { message: err.message }));
    }
  }

  private async recheck(userId: string): Promise<void> {
    const sockets = this.byUser.get(userId);
    if (!sockets) return;
    for (const [socket, authorization] of sockets) {
      const context = await createContext(this.services, { authorization });
      if (!context.user) socket.close(WS_FORBIDDEN, 'Forbidden');
    }
  }

  async close(): Promise<void> {
    await this.events.return?.();
    await this.watching;
  }
}
