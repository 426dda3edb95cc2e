import type { ApiScope } from '@studio/rules';
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

/** A root field no API key may call, whatever its scopes (signing in, one's own sessions, the keys themselves). */
export const NO_KEYS = 'none';

/**
 * The scope an API key needs for a root field, stated beside its role rule. A key acts as an admin-level integration
 * only within its scopes: the role rule sees the key's integration user (an admin), and the key's scopes decide which
 * root fields it reaches (graphql/api-key-gate.ts). People are unaffected. A test walks the schema and fails on any
 * root field without one.
 */
export const Scope = (scope: ApiScope | typeof NO_KEYS) => Extensions({ scope });

/**
 * A field with people's personal data (email, phone, birthday), or a root field whose answer carries some (a CSV
 * export, a PDF): an API key needs `members:pii` to select it, on top of the field's own scope.
 */
export const PersonalData = () => Extensions({ pii: true });

/**
 * A field with people's health and emergency details (or a root field that changes or reveals them): an API key
 * needs `members:health` to select it, on top of the field's own scope; `members:pii` is not enough.
 */
export const HealthData = () => Extensions({ health: true });

/**
 * A root field with arguments that match people's personal data (a search by part of an email or phone): an API key
 * needs `members:pii` to pass them, since the matches would reveal what it may not read.
 */
export const SearchesPersonalData = (...args: string[]) => Extensions({ piiArguments: args });

/**
 * A root field whose argument, given one of these values, orders or filters by people's personal data (sorting the
 * users table by email or birthday: the order reveals them): an API key needs `members:pii` to pass those values.
 */
export const SortsByPersonalData = (arg: string, values: string[]) => Extensions({ piiArgumentValues: { [arg]: values } });
