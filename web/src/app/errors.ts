import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';
import type { GraphQLFormattedError } from 'graphql';
import type { RefusalReason } from '../graphql/types';

/** The error codes the API promises. */
export type ApiErrorCode = 'UNAUTHENTICATED' | 'FORBIDDEN' | 'BAD_USER_INPUT' | 'NOT_FOUND' | 'CONFLICT' | 'RATE_LIMITED';

/** The GraphQL errors carried by an Apollo error, whether they came in a 200 or a non-2xx answer. */
export function graphQLErrorsOf(error: unknown): readonly GraphQLFormattedError[] {
  if (CombinedGraphQLErrors.is(error)) return error.errors;
  if (ServerError.is(error)) {
    try {
      const body = JSON.parse(error.bodyText) as { errors?: GraphQLFormattedError[] };
      return body.errors ?? [];
    } catch {
      return [];
    }
  }
  return [];
}

export function errorCode(error: unknown): string | undefined {
  const code = graphQLErrorsOf(error)[0]?.extensions?.code;
  return typeof code === 'string' ? code : undefined;
}

/** Why the server refused (e.g. CLASS_FULL: offer the waitlist), if it gave a reason. */
export function refusalReason(error: unknown): RefusalReason | undefined {
  const reason = graphQLErrorsOf(error)[0]?.extensions?.reason;
  return typeof reason === 'string' ? (reason as RefusalReason) : undefined;
}

/** Field-level messages from `extensions.fields` ({ fieldName: message }), merged over all errors. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const e of graphQLErrorsOf(error)) {
    const f = e.extensions?.fields;
    if (f && typeof f === 'object') {
      for (const [key, value] of Object.entries(f as Record<string, unknown>)) {
        if (typeof value === 'string' && !fields[key]) fields[key] = value;
      }
    }
  }
  return fields;
}

/** A message safe to show: the server's (its messages are written for users) or a fallback for network trouble. */
export function errorMessage(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  const first = graphQLErrorsOf(error)[0];
  if (first?.message) return first.message;
  if (error instanceof Error && /fetch|network/i.test(error.message))
    return 'Cannot reach the studio server. Check your connection and try again.';
  return fallback;
}
