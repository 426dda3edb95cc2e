import { notFound } from '../../graphql/errors.js';
import type { Actor, Ref } from '../users/role.js';

/** A session as the rules need it: whose it is. */
export interface SessionRecord {
  user: Ref;
}

/** A user sees and ends their own sessions only; not even admins see another's devices. */
export function maySeeSession(actor: Actor | null, session: SessionRecord): boolean {
  return actor !== null && session.user.id === actor.id;
}

/** Another user's session answers as if it did not exist, so its id reveals nothing. */
export function assertMayEndSession<S extends SessionRecord>(actor: Actor, session: S | null): asserts session is S {
  if (!session || !maySeeSession(actor, session)) throw notFound('That session');
}
