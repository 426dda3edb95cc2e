import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import { randomUUID } from 'node:crypto';
import { log } from '../logger.js';

/** The small set of error codes clients can rely on (DESIGN §4.5). Messages are safe to show to users. */
export const ErrorCode = {
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  FORBIDDEN: 'FORBIDDEN',
  BAD_USER_INPUT: 'BAD_USER_INPUT',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  RATE_LIMITED: 'RATE_LIMITED',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** HTTP status for each code, used by the REST facade. */
export const httpStatusFor: Record<string, number> = {
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  BAD_USER_INPUT: 400,
  GRAPHQL_VALIDATION_FAILED: 400,
  GRAPHQL_PARSE_FAILED: 400,
  NOT_FOUND: 404,
  CONFLICT: 409,
  RATE_LIMITED: 429,
};

/** Field-level messages, keyed by input field name, travel in `extensions.fields`. */
export type FieldErrors = Record<string, string>;

export class AppError extends GraphQLError {
  /** `reason` is a machine-readable detail a client may act on, e.g. CLASS_FULL (offer the waitlist). */
  constructor(code: ErrorCode, message: string, extra?: { fields?: FieldErrors; retryAfterSeconds?: number; reason?: string }) {
    super(message, { extensions: { code, ...extra } });
  }
}

export const unauthenticated = (message = 'Please sign in to continue.') => new AppError('UNAUTHENTICATED', message);
export const forbidden = (message = 'You do not have permission to do that.') => new AppError('FORBIDDEN', message);
export const notFound = (what = 'That record') => new AppError('NOT_FOUND', `${what} was not found.`);
export const badInput = (message: string, fields?: FieldErrors) => new AppError('BAD_USER_INPUT', message, { fields });
export const conflict = (message: string, fields?: FieldErrors) => new AppError('CONFLICT', message, { fields });
export const rateLimited = (message: string, retryAfterSeconds: number) => new AppError('RATE_LIMITED', message, { retryAfterSeconds });

/** Codes whose messages were written for users (ours, plus GraphQL's own request errors). */
const safeCodes = new Set<string>([
  ...Object.values(ErrorCode),
  'GRAPHQL_VALIDATION_FAILED',
  'GRAPHQL_PARSE_FAILED',
  'BAD_REQUEST',
  'OPERATION_RESOLUTION_FAILURE',
  'PERSISTED_QUERY_NOT_FOUND',
  'PERSISTED_QUERY_NOT_SUPPORTED',
]);

/**
 * Shapes every error leaving the server. Known codes pass through; anything else is logged with a request id
 * and replaced by a generic message, so stack traces and internals never reach a client outside development.
 */
export function formatError(formatted: GraphQLFormattedError, error: unknown, opts: { isDev: boolean }): GraphQLFormattedError {
  const code = String(formatted.extensions?.code ?? '');
  if (code === 'BAD_USER_INPUT' && isArgumentValidationError(error)) {
    return {
      message: 'Please correct the highlighted fields.',
      path: formatted.path,
      extensions: { code, fields: validationFields(error) },
    };
  }
  if (safeCodes.has(code)) {
    if (opts.isDev) return formatted;
    const { stacktrace: _omit, ...extensions } = formatted.extensions ?? {};
    return { ...formatted, extensions };
  }
  const errorId = randomUUID();
  const original = unwrap(error);
  log.error('unexpected error', { errorId, message: original?.message, stack: original?.stack, path: formatted.path });
  if (opts.isDev) return { ...formatted, extensions: { ...formatted.extensions, errorId } };
  return {
    message: 'Something went wrong on our side. Please try again.',
    path: formatted.path,
    extensions: { code: 'INTERNAL_SERVER_ERROR', errorId },
  };
}

function unwrap(error: unknown): Error | undefined {
  if (error instanceof GraphQLError) return (error.originalError as Error | undefined) ?? error;
  return error instanceof Error ? error : undefined;
}

interface ValidationIssue {
  property: string;
  constraints?: Record<string, string>;
  children?: ValidationIssue[];
}

/** TypeGraphQL's ArgumentValidationError keeps class-validator's issues in `extensions.validationErrors`. */
function validationIssues(error: unknown): ValidationIssue[] | undefined {
  const original = unwrap(error) as { extensions?: { validationErrors?: ValidationIssue[] } } | undefined;
  return Array.isArray(original?.extensions?.validationErrors) ? original.extensions.validationErrors : undefined;
}

function isArgumentValidationError(error: unknown): boolean {
  return validationIssues(error) !== undefined;
}

function validationFields(error: unknown): FieldErrors {
  const issues = validationIssues(error)!;
  const fields: FieldErrors = {};
  const walk = (list: ValidationIssue[]) => {
    for (const issue of list) {
      const first = issue.constraints && Object.values(issue.constraints)[0];
      if (first && !fields[issue.property]) fields[issue.property] = first;
      if (issue.children?.length) walk(issue.children);
    }
  };
  walk(issues);
  return fields;
}

/** Removes "Did you mean …?" hints so the schema cannot be discovered through error messages. */
export function withoutSuggestions(message: string): string {
  return message.replace(/ ?Did you mean .+\?$/, '');
}
