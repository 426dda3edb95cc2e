import { Extensions, type AuthChecker } from 'type-graphql';
import { forbidden, unauthenticated } from './errors.js';
import type { Context } from './context.js';

/**
 * Marks a root field as open to everyone, signed in or not. Every root field carries either this or
 * `@Authorized(...)`; a test walks the schema and fails on any field with neither.
 */
export const Public = () => Extensions({ access: 'public' });

/** `@Authorized()` means any signed-in user; `@Authorized(Role.admin, …)` limits it to those roles. */
export const authChecker: AuthChecker<Context> = ({ context }, roles) => {
  if (!context.user) throw unauthenticated();
  if (roles.length > 0 && !roles.includes(context.user.role)) throw forbidden();
  return true;
};
