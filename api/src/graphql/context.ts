import type { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import type { Services } from '../services.js';
import type { User } from '../modules/users/user.entity.js';
import { createLoaders, type Loaders } from './loaders.js';

/** What every resolver receives: who is asking, a fresh entity manager, per-request loaders and the services. */
export interface Context {
  requestId: string;
  em: EntityManager;
  user: User | null;
  /** The raw bearer token of this request, if any. */
  token: string | null;
  ip: string | null;
  userAgent: string | null;
  loaders: Loaders;
  services: Services;
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
  const em = services.orm.em.fork() as EntityManager;
  const token = bearerToken(request.authorization);
  const user = token ? await services.auth.userForToken(em, token) : null;
  return {
    requestId: randomUUID(),
    em,
    user,
    token,
    ip: request.ip ?? null,
    userAgent: request.userAgent?.slice(0, 512) ?? null,
    loaders: createLoaders(em, services, user),
    services,
  };
}
