import type { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { requestScope } from '../logger.js';
import type { Services } from '../services.js';
import type { User } from '../modules/users/user.entity.js';
import { createLoaders, type Loaders } from './loaders.js';

/**
 * What every resolver receives: who is asking, a fresh entity manager, per-request loaders and the services.
 * The entity manager is forked (and the loaders made) on first use: the public schedule needs neither. Prototype
 * getters rather than own ones, because Apollo copies the context's own properties per operation.
 */
export class Context {
  /** The HTTP request's id (see http/request-log.ts), or a new one for a WebSocket operation. */
  readonly requestId = requestScope.getStore()?.requestId ?? randomUUID();
  private batch: Loaders | null = null;

  constructor(
    readonly services: Services,
    /** The signed-in user, from the entity manager below (so resolvers may change and flush it). */
    public user: User | null,
    /** The raw bearer token of this request, if any. */
    readonly token: string | null,
    readonly ip: string | null,
    readonly userAgent: string | null,
    private forked: EntityManager | null = null,
  ) {}

  get em(): EntityManager {
    return (this.forked ??= this.services.orm.em.fork() as EntityManager);
  }

  get loaders(): Loaders {
    return (this.batch ??= createLoaders(() => this.em, this.services, this.user));
  }
}

export function bearerToken(header: string | undefined | null): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match ? match[1] : null;
}

/** Builds a context for one HTTP request or one WebSocket operation. */
export async function createContext(
  services: Services,
  request: { authorization?: string | null; ip?: string | null; userAgent?: string | null },
): Promise<Context> {
  const token = bearerToken(request.authorization);
  const em = token ? (services.orm.em.fork() as EntityManager) : null;
  const user = em && token ? await services.auth.userForToken(em, token) : null;
  return new Context(services, user, token, request.ip ?? null, request.userAgent?.slice(0, 512) ?? null, em);
}
