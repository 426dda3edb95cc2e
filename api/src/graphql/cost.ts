import { differenceInCalendarDays, parseISO } from 'date-fns';
import { GraphQLError, type DocumentNode, type GraphQLSchema } from 'graphql';
import { getComplexity, type ComplexityEstimator } from 'graphql-query-complexity';
import { isDateOnly } from '../common/dates.js';
import { ARMOR_LIMITS } from './armor.js';

/** Rows of a default page: a `pageSize` of 100 costs four pages. */
const ROWS_PER_PAGE = 25;

/**
 * How many times its selection a list field may answer, from its arguments: a `from`/`to` date range counts one
 * row for every two days it spans (a 62-day schedule counts 31), a `pageSize` the pages it holds.
 */
function rowsMultiplier(args: Record<string, unknown>): number {
  let multiplier = 1;
  if (typeof args.pageSize === 'number') multiplier *= Math.max(1, Math.ceil(args.pageSize / ROWS_PER_PAGE));
  const { from, to } = args;
  if (typeof from === 'string' && typeof to === 'string' && isDateOnly(from) && isDateOnly(to))
    multiplier *= Math.max(1, Math.ceil((differenceInCalendarDays(parseISO(to), parseISO(from)) + 1) / 2));
  return multiplier;
}

/**
 * A scalar costs 1, an object 2 plus 1.5 times its fields (deep selections grow fast), both times the rows the
 * field's arguments ask for. Introspection is free: it is gated separately.
 */
const estimator: ComplexityEstimator = ({ field, node, args, childComplexity }) => {
  if (field.name.startsWith('__')) return 0;
  const own = node.selectionSet ? 2 + 1.5 * childComplexity : 1;
  return own * rowsMultiplier(args);
};

/**
 * The cost of one operation with its variables, refused above ARMOR_LIMITS.maxCost before anything runs (HTTP
 * and WebSocket alike). Answers null when it may run, or when the variables do not fit (execution says why).
 */
export function costRefusal(
  schema: GraphQLSchema,
  document: DocumentNode,
  variables: Record<string, unknown> | undefined,
  operationName?: string | null,
): GraphQLError | null {
  let cost: number;
  try {
    cost = getComplexity({ schema, query: document, variables, operationName: operationName ?? undefined, estimators: [estimator] });
  } catch {
    return null;
  }
  if (cost <= ARMOR_LIMITS.maxCost) return null;
  return new GraphQLError(
    `Query Cost limit of ${ARMOR_LIMITS.maxCost} exceeded, found ${Math.ceil(cost)}: ask for fewer fields or aliases, smaller pages or a shorter date range.`,
    { extensions: { code: 'GRAPHQL_VALIDATION_FAILED', http: { status: 400 } } },
  );
}
