import { ConnectionException } from '@mikro-orm/core';
import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import { randomUUID } from 'node:crypto';
import { Field, ObjectType, registerEnumType } from 'type-graphql';
import { log } from '../logger.js';

/** The small set of error codes clients can rely on. Messages are safe to show to users. */
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

/** Why a request was refused, in `extensions.reason`, where a client offers something other than the message. */
export enum RefusalReason {
  CLASS_FULL = 'CLASS_FULL',
  ALREADY_BOOKED = 'ALREADY_BOOKED',
  OVERLAP = 'OVERLAP',
  LATE_CANCEL = 'LATE_CANCEL',
  PAYMENT_REQUIRED = 'PAYMENT_REQUIRED',
  SPOTS_AVAILABLE = 'SPOTS_AVAILABLE',
  OUT_OF_STOCK = 'OUT_OF_STOCK',
  NO_LONGER_SOLD = 'NO_LONGER_SOLD',
  INVOICE_BEING_PAID = 'INVOICE_BEING_PAID',
  PAYMENTS_NOT_SET_UP = 'PAYMENTS_NOT_SET_UP',
  MOVES_REQUIRED = 'MOVES_REQUIRED',
  AGE_RANGE = 'AGE_RANGE',
}
registerEnumType(RefusalReason, {
  name: 'RefusalReason',
  description: "Why a request was refused (in the error's extensions.reason), for a client to offer the next step",
  valuesConfig: {
    CLASS_FULL: { description: 'No spot or rig point is left in the class: offer the waitlist' },
    ALREADY_BOOKED: { description: 'The attendee is already booked in this class' },
    OVERLAP: { description: 'The attendee is booked in another class at an overlapping time' },
    LATE_CANCEL: { description: 'Cancelling now counts as a late cancellation: ask again with lateCancelAccepted' },
    PAYMENT_REQUIRED: { description: 'The waitlist spot is paid: claim it by checking out from the cart' },
    SPOTS_AVAILABLE: { description: 'The class still has free spots: book one instead of joining the waitlist' },
    OUT_OF_STOCK: { description: 'Fewer of the item are left than asked for' },
    NO_LONGER_SOLD: { description: 'An item in the cart is no longer sold: remove it' },
    INVOICE_BEING_PAID: { description: 'A checkout for this invoice is already under way' },
    PAYMENTS_NOT_SET_UP: { description: 'The studio has not set up online payments' },
    AGE_RANGE: { description: "The attendee's age on the class date is outside its class type's age range (named in the message)" },
    MOVES_REQUIRED: {
      description:
        'The class requires moves the attendee has not signed off (named in the message): ask staff for a sign-off or an override',
    },
  },
});

/** The shape of a refused request's `extensions`. No field returns it: it puts the refusal reasons in the schema. */
@ObjectType({ description: 'The extensions of an error the API refused a request with (no field returns it)' })
export class RefusalExtensions {
  @Field({ description: 'UNAUTHENTICATED, FORBIDDEN, BAD_USER_INPUT, NOT_FOUND, CONFLICT or RATE_LIMITED' })
  code: string;

  @Field(() => RefusalReason, { nullable: true, description: 'Set where a client offers something other than the message' })
  reason?: RefusalReason;
}

export class AppError extends GraphQLError {
  constructor(code: ErrorCode, message: string, extra?: { fields?: FieldErrors; retryAfterSeconds?: number; reason?: RefusalReason }) {
    super(message, { extensions: { code, ...extra } });
  }
}

export const unauthenticated = (message = 'Please sign in to continue.') => new AppError('UNAUTHENTICATED', message);
export const forbidden = (message = 'You do not have permission to do that.', reason?: RefusalReason) =>
  new AppError('FORBIDDEN', message, reason ? { reason } : undefined);
export const notFound = (what = 'That record') => new AppError('NOT_FOUND', `${what} was not found.`);
export const badInput = (message: string, fields?: FieldErrors) => new AppError('BAD_USER_INPUT', message, { fields });
/** A clash with the current state; a reason tells the client what to offer next, field messages say where. */
export const conflict = (message: string, detail?: RefusalReason | FieldErrors) =>
  new AppError('CONFLICT', message, typeof detail === 'string' ? { reason: detail } : { fields: detail });
/** Too much at once; `retryAfterSeconds` when waiting helps (not for a cap that only stopping something frees). */
export const rateLimited = (message: string, retryAfterSeconds?: number) => new AppError('RATE_LIMITED', message, { retryAfterSeconds });
/** A provider outside the studio (Stripe) could not be reached or refused: nothing was changed, try again shortly. */
export const providerUnavailable = (message: string) =>
  new AppError('SERVICE_UNAVAILABLE', message, { retryAfterSeconds: UNAVAILABLE_RETRY_AFTER_SECONDS });

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

/**
 * graphql-js refusing an argument while it executes: a variable declared nullable sent as null for a non-null
 * argument that has a default (`sortDirection: $d` with `$d: null`). The request's input, said in GraphQL's words.
 */
function isArgumentCoercionError(error: unknown): boolean {
  // Apollo may hand graphql-js's error wrapped in another GraphQLError; graphql-js's own wraps nothing further.
  const inner = error instanceof GraphQLError && error.originalError instanceof GraphQLError ? error.originalError : error;
  return (
    inner instanceof GraphQLError && !inner.originalError && /^Argument "\w+" (of non-null type|has invalid value)/.test(inner.message)
  );
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
  if (isArgumentCoercionError(error))
    return { message: formatted.message, path: formatted.path, extensions: { code: ErrorCode.BAD_USER_INPUT } };
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
