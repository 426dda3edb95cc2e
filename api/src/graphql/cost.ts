import { createHash } from 'node:crypto';
import { differenceInCalendarDays, parseISO } from 'date-fns';
import { GraphQLError, type DocumentNode, type GraphQLSchema } from 'graphql';
import { getComplexity, type ComplexityEstimator } from 'graphql-query-complexity';
import { Extensions } from 'type-graphql';
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
 * What a field that renders a whole document (a PDF, a CSV export) costs on top of its selection: rendering one
 * takes about as long as a large page of rows, so a request holds at most eight of them.
 */
export const DOCUMENT_COST = 600;

/** Marks a field whose resolver renders a document (PDF, CSV, calendar file): it weighs `cost` in the cost limit. */
export const RendersDocument = (cost = DOCUMENT_COST) => Extensions({ cost });

/**
 * Marks a field that answers a summary of a fixed size however long its `from`/`to` range (the dashboard's figures):
 * the range does not multiply its cost. The database work it does grows with the range; its own limit bounds that.
 */
export const Summarizes = () => Extensions({ summary: true });

/**
 * A scalar costs 1, an object 2 plus 1.5 times its fields (deep selections grow fast), both times the rows the
 * field's arguments ask for; a field that renders a document adds its own weight once. Introspection is free: it
 * is gated separately.
 */
const estimator: ComplexityEstimator = ({ field, node, args, childComplexity }) => {
  if (field.name.startsWith('__')) return 0;
  const own = node.selectionSet ? 2 + 1.5 * childComplexity : 1;
  const rendering = typeof field.extensions?.cost === 'number' ? field.extensions.cost : 0;
  return own * (field.extensions?.summary === true ? 1 : rowsMultiplier(args)) + rendering;
};

/** Variables longer than this (as JSON) are costed every time rather than kept. */
const MAX_KEPT_VARIABLES = 2048;
/** Costs kept per document; a document asked with more distinct variables starts its list again. */
const MAX_KEPT_PER_DOCUMENT = 64;

/**
 * Costs already counted, per parsed document (Apollo hands the same DocumentNode for the same query text from its
 * document cache) and its operation name and variables: counting walks the whole selection with the schema, about
 * a tenth of the CPU of a small query like the week's schedule (bench/schedule.mjs: +16% req/s). NaN: the
 * variables did not fit.
 */
const costs = new WeakMap<GraphQLSchema, WeakMap<DocumentNode, Map<string, number>>>();

/** The cost of one operation with its variables (NaN when the variables do not fit); API keys are charged it. */
export function operationCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  variables: Record<string, unknown> | undefined,
  operationName: string | undefined,
): number {
  const count = () => {
    try {
      return getComplexity({ schema, query: document, variables, operationName, estimators: [estimator] });
    } catch {
      return NaN;
    }
  };
  const text = `${operationName ?? ''}\u0000${JSON.stringify(variables ?? {})}`;
  if (text.length > MAX_KEPT_VARIABLES) return count();
  const key = createHash('sha256').update(text).digest('base64'); // no password or token kept in memory as a key
  let bySchema = costs.get(schema);
  if (!bySchema) costs.set(schema, (bySchema = new WeakMap()));
  let byVariables = bySchema.get(document);
  if (!byVariables) bySchema.set(document, (byVariables = new Map()));
  let cost = byVariables.get(key);
  if (cost === undefined) {
    if (byVariables.size >= MAX_KEPT_PER_DOCUMENT) byVariables.clear();
    byVariables.set(key, (cost = count()));
  }
  return cost;
}

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
  const cost = operationCost(schema, document, variables, operationName ?? undefined);
  if (Number.isNaN(cost) || cost <= ARMOR_LIMITS.maxCost) return null;
  return new GraphQLError(
    `Query Cost limit of ${ARMOR_LIMITS.maxCost} exceeded, found ${Math.ceil(cost)}: ask for fewer fields or aliases, smaller pages or a shorter date range.`,
    { extensions: { code: 'GRAPHQL_VALIDATION_FAILED', http: { status: 400 } } },
  );
}
