import { ConnectionException } from '@mikro-orm/core';
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
  /** Not a refusal: the database cannot be reached right now (HTTP 503 with Retry-After). */
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
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
  SERVICE_UNAVAILABLE: 503,
};

/** Seconds a client should wait before trying again while the database is unreachable. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

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

const UNAVAILABLE_MESSAGE = "The studio's database is unreachable right now. Please try again in a moment.";
/** Thrown where no formatter runs (context creation): carries its HTTP status for Apollo. */
export const serviceUnavailable = () =>
  new GraphQLError(UNAVAILABLE_MESSAGE, {
    extensions: {
      code: ErrorCode.SERVICE_UNAVAILABLE,
      http: { status: 503, headers: new Map([['retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS)]]) },
    },
  });

/** Error codes of the network and of PostgreSQL (class 08 and 57P, too many connections) meaning "cannot reach it"; any other query error is not an outage. */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  '53300',
  '57P01',
  '57P02',
  '57P03',
]);
/** Class 08 but no outage: PostgreSQL refusing a message we sent (a NUL byte inside the SQL text, say). */
const PROTOCOL_VIOLATION = '08P01';

/**
 * A stalled database: no connection in time (knex's acquire timeout, pg's connect timeout: "timeout expired"), no
 * answer in time (the client's query timeout), or the statement
 * cancelled by its own statement_timeout (57014 says the same for a cancel by hand, which is no outage).
 */
const UNREACHABLE_MESSAGE =
  /Connection terminated|Connection ended unexpectedly|Timeout acquiring a connection|Client has encountered a connection error|Query read timeout|canceling statement due to statement timeout|^timeout expired$/i;

/** Whether an error (or one it wraps) says the database could not be reached, as opposed to a bug or bad input. */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 6; depth++) {
    if (current instanceof ConnectionException) return true;
    if (current instanceof GraphQLError && current.extensions.code === ErrorCode.SERVICE_UNAVAILABLE) return true;
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (UNREACHABLE_CODES.has(code) || (code.startsWith('08') && code !== PROTOCOL_VIOLATION))) return true;
    if (typeof message === 'string' && UNREACHABLE_MESSAGE.test(message)) return true;
    const next = current as { cause?: unknown; originalError?: unknown };
    current = next.originalError ?? next.cause;
  }
  return false;
}

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
  const original = unwrap(error);
  if (isDatabaseUnavailable(error)) {
    log.warn('database unavailable', { message: original?.message, path: formatted.path });
    return {
      message: UNAVAILABLE_MESSAGE,
      path: formatted.path,
      extensions: { code: ErrorCode.SERVICE_UNAVAILABLE, retryAfterSeconds: UNAVAILABLE_RETRY_AFTER_SECONDS },
    };
  }
  const errorId = randomUUID();
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
