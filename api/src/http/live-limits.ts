import type http from 'node:http';
import proxyAddr from 'proxy-addr';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import type { WebSocket } from 'ws';
import { rateLimited, type AppError } from '../graphql/errors.js';

/**
 * The close code of a live connection over its user's or its address's limit: the standard "Try Again Later", so the
 * app retries with its backoff and gets in once another of its tabs or devices closes.
 */
export const WS_TOO_MANY_CONNECTIONS = 1013;

export interface LiveLimitSettings {
  /** Live subscriptions (and operations in flight) one WebSocket may hold at once. */
  subscriptionsPerSocket: number;
  /** WebSockets one signed-in user may hold open on this instance. */
  socketsPerUser: number;
  /** WebSockets one client address may hold open on this instance (signed in or not). */
  socketsPerAddress: number;
  /** Subscriptions one user (or, anonymously, one address) may start per minute. */
  subscribesPerMinute: number;
}

/**
 * Bounds what one member (or one address) can hold on the live layer, so that nobody can grow the server's memory or
 * slow everyone else's reads with thousands of subscriptions or sockets. Sockets over a limit are closed with
 * WS_TOO_MANY_CONNECTIONS; a subscription over a limit is refused with RATE_LIMITED while the socket and its other
 * subscriptions go on. Counted per instance: live connections belong to the instance that holds them.
 */
export class LiveLimits {
  private readonly byAddress = new Map<string, number>();
  private readonly addressOf = new WeakMap<WebSocket, string>();
  private readonly userOf = new WeakMap<WebSocket, string>();
  private readonly subscribes: RateLimiterMemory;

  constructor(
    private readonly settings: LiveLimitSettings,
    private readonly trustProxy: (address: string, hop: number) => boolean,
  ) {
    this.subscribes = new RateLimiterMemory({ keyPrefix: 'live-subscribe', points: settings.subscribesPerMinute, duration: 60 });
  }

  /** The client's address, through the proxies Express trusts (TRUST_PROXY), as `req.ip` would say. */
  clientAddress(request: http.IncomingMessage): string {
    return proxyAddr(request, this.trustProxy);
  }

  /** Counts a new socket against its address; over the limit it is closed and false is answered. */
  admit(socket: WebSocket, request: http.IncomingMessage): boolean {
    const address = this.clientAddress(request);
    const open = (this.byAddress.get(address) ?? 0) + 1;
    if (open > this.settings.socketsPerAddress) {
      socket.close(WS_TOO_MANY_CONNECTIONS, 'Too many live connections from this address');
      return false;
    }
    this.byAddress.set(address, open);
    this.addressOf.set(socket, address);
    socket.once('close', () => {
      const left = (this.byAddress.get(address) ?? 1) - 1;
      if (left > 0) this.byAddress.set(address, left);
      else this.byAddress.delete(address);
    });
    return true;
  }

  /**
   * Whether a user who already holds `open` sockets may hold this one too; if not, it is closed (the app retries
   * later). Subscriptions on it are then counted to the user.
   */
  admitUser(socket: WebSocket, userId: string, open: number): boolean {
    if (open >= this.settings.socketsPerUser) {
      socket.close(WS_TOO_MANY_CONNECTIONS, 'Too many live connections for this account; close another tab');
      return false;
    }
    this.userOf.set(socket, userId);
    return true;
  }

  /** Null when one more subscription may start on the socket that holds `held` (this one included), else why not. */
  async subscribeRefusal(socket: WebSocket, held: number): Promise<AppError | null> {
    const most = this.settings.subscriptionsPerSocket;
    if (held > most)
      return rateLimited(`This connection already holds ${most} live subscriptions, the most it may. Stop one before starting another.`);
    const user = this.userOf.get(socket);
    const key = user ? `user:${user}` : `address:${this.addressOf.get(socket) ?? 'unknown'}`;
    try {
      await this.subscribes.consume(key);
      return null;
    } catch (err) {
      if (!(err instanceof RateLimiterRes)) throw err;
      const seconds = Math.max(1, Math.ceil(err.msBeforeNext / 1000));
      return rateLimited(`Live subscriptions are starting too quickly. Please wait ${seconds} seconds and try again.`, seconds);
    }
  }
}
