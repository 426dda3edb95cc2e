import type { ApolloServerPlugin } from '@apollo/server';
import {
  GraphQLError,
  isObjectType,
  Kind,
  TypeInfo,
  visit,
  visitWithTypeInfo,
  type ArgumentNode,
  type DocumentNode,
  type GraphQLSchema,
} from 'graphql';
import { createHash } from 'node:crypto';
import { NO_KEYS } from './access.js';
import type { Context } from './context.js';
import { operationCost } from './cost.js';
import { ErrorCode } from './errors.js';

/**
 * What an API key needs for a document: the scope of each root field it selects, and whether it selects people's
 * personal data (`@PersonalData`, scope members:pii). Every operation and fragment of the document counts.
 */
interface DocumentNeeds {
  /** Scope → the root fields that need it. */
  scopes: Map<string, string[]>;
  personalData: string[];
  /** Fields with health and emergency details (`@HealthData`, scope members:health). */
  healthData: string[];
  /** Arguments that need members:pii for some of their values (a sort by email), checked with the variables. */
  personalDataValues: { label: string; argument: ArgumentNode; values: string[] }[];
}

/** The values of the arguments that sort or filter by personal data in this request (literals or variables). */
function personalDataValuesUsed(needs: DocumentNeeds, variables: Record<string, unknown> | undefined): string[] {
  const used: string[] = [];
  for (const { label, argument, values } of needs.personalDataValues) {
    const { value } = argument;
    const given = value.kind === Kind.VARIABLE ? variables?.[value.name.value] : value.kind === Kind.ENUM ? value.value : null;
    if (typeof given === 'string' && values.includes(given)) used.push(`${label}: ${given}`);
  }
  return used;
}

const PII_SCOPE = 'members:pii';
const HEALTH_SCOPE = 'members:health';
const needsByDocument = new WeakMap<GraphQLSchema, WeakMap<DocumentNode, DocumentNeeds>>();

/** Walked once per parsed document (Apollo and the WebSocket cache hand the same DocumentNode for the same text). */
function documentNeeds(schema: GraphQLSchema, document: DocumentNode): DocumentNeeds {
  let bySchema = needsByDocument.get(schema);
  if (!bySchema) needsByDocument.set(schema, (bySchema = new WeakMap()));
  const known = bySchema.get(document);
  if (known) return known;
  const roots = new Set([schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()].filter(Boolean));
  const needs: DocumentNeeds = { scopes: new Map(), personalData: [], healthData: [], personalDataValues: [] };
  const typeInfo = new TypeInfo(schema);
  visit(
    document,
    visitWithTypeInfo(typeInfo, {
      Field(node) {
        const parent = typeInfo.getParentType();
        const field = typeInfo.getFieldDef();
        if (!parent || !field || node.name.value.startsWith('__')) return;
        if (roots.has(parent as never)) {
          // A root field without a scope (the schema test forbids it) is closed to keys.
          const scope = typeof field.extensions?.scope === 'string' ? field.extensions.scope : NO_KEYS;
          const fields = needs.scopes.get(scope) ?? [];
          needs.scopes.set(scope, [...fields, field.name]);
          const searches = field.extensions?.piiArguments;
          if (Array.isArray(searches))
            for (const arg of node.arguments ?? [])
              if (searches.includes(arg.name.value)) needs.personalData.push(`${field.name}(${arg.name.value})`);
          const valued = field.extensions?.piiArgumentValues as Record<string, string[]> | undefined;
          for (const argument of node.arguments ?? []) {
            const values = valued?.[argument.name.value];
            if (values) needs.personalDataValues.push({ label: `${field.name}(${argument.name.value})`, argument, values });
          }
        }
        // A field with personal data, or a root field whose answer carries it (a CSV export, a PDF).
        if (isObjectType(parent) && field.extensions?.pii === true) needs.personalData.push(`${parent.name}.${field.name}`);
        if (isObjectType(parent) && field.extensions?.health === true) needs.healthData.push(`${parent.name}.${field.name}`);
      },
    }),
  );
  bySchema.set(document, needs);
  return needs;
}

const refusal = (code: ErrorCode, status: number, message: string, extra: Record<string, unknown> = {}, headers?: Map<string, string>) =>
  new GraphQLError(message, { extensions: { code, ...extra, http: { status, ...(headers ? { headers } : {}) } } });

/** A refusal of an API key's request before anything runs, or null: the key may run this document. */
export function apiKeyRefusal(
  schema: GraphQLSchema,
  document: DocumentNode,
  query: string | undefined,
  variables: Record<string, unknown> | undefined,
  context: Context,
): GraphQLError | null {
  const grant = context.apiKey;
  if (grant === null) return null;
  if (grant === 'refused')
    return refusal(ErrorCode.UNAUTHENTICATED, 401, 'This API key is not valid: it is malformed, unknown, revoked or expired.');
  if (grant.trustedDocuments) {
    const hash = query === undefined ? '' : createHash('sha256').update(query).digest('hex');
    if (!grant.trustedDocuments.has(hash))
      return refusal(ErrorCode.FORBIDDEN, 403, 'This API key may run only the documents registered with it, and this is not one of them.');
  }
  const needs = documentNeeds(schema, document);
  const closed = needs.scopes.get(NO_KEYS);
  if (closed) return refusal(ErrorCode.FORBIDDEN, 403, `API keys cannot use ${closed.join(', ')}; a person must.`);
  const missing = [...needs.scopes.keys()].filter((scope) => !grant.scopes.has(scope));
  if ((needs.personalData.length || personalDataValuesUsed(needs, variables).length) && !grant.scopes.has(PII_SCOPE))
    missing.push(PII_SCOPE);
  if (needs.healthData.length && !grant.scopes.has(HEALTH_SCOPE)) missing.push(HEALTH_SCOPE);
  if (missing.length)
    return refusal(
      ErrorCode.FORBIDDEN,
      403,
      `This API key lacks the scope${missing.length > 1 ? 's' : ''} ${missing.join(', ')} this request needs.`,
      {
        missingScopes: missing,
      },
    );
  return null;
}

/**
 * Charges an API key's request its cost (at least 1) from the key's bucket, or refuses it: more than a full bucket
 * holds (400), the key revoked or expired since the request began (401), not enough points now (429, RATE_LIMITED
 * with Retry-After: the seconds until the bucket holds enough). Nothing has run when it refuses.
 */
export async function chargeApiKey(
  schema: GraphQLSchema,
  document: DocumentNode,
  variables: Record<string, unknown> | undefined,
  operationName: string | null | undefined,
  context: Context,
): Promise<GraphQLError | null> {
  const grant = context.apiKey;
  if (grant === null || grant === 'refused') return null;
  const { apikeys } = context.services;
  const { maximum, restoreRate } = apikeys.bucket;
  const counted = operationCost(schema, document, variables, operationName ?? undefined);
  const cost = Math.max(1, Math.ceil(Number.isNaN(counted) ? 1 : counted));
  if (cost > maximum)
    return refusal(ErrorCode.BAD_USER_INPUT, 400, `This request costs ${cost} points, more than an API key's bucket holds (${maximum}).`);
  const outcome = await apikeys.charge(context.em, grant.keyId, cost, context.ip);
  if (!outcome.valid)
    return refusal(ErrorCode.UNAUTHENTICATED, 401, 'This API key is not valid: it is malformed, unknown, revoked or expired.');
  context.apiKeyCharge = { requested: cost, charged: outcome.charged ? cost : 0, available: outcome.available };
  if (outcome.charged) return null;
  const retryAfterSeconds = Math.max(1, Math.ceil((cost - outcome.available) / restoreRate));
  return refusal(
    ErrorCode.RATE_LIMITED,
    429,
    `This request costs ${cost} points and the key's bucket holds ${Math.floor(outcome.available)}; it refills ${restoreRate} a second. Try again in ${retryAfterSeconds} s.`,
    { retryAfterSeconds },
    new Map([['retry-after', String(retryAfterSeconds)]]),
  );
}

/** `extensions.cost` of an answer to an API key: what the request cost and what its bucket holds now. */
export interface CostExtension {
  requestedQueryCost: number;
  actualQueryCost: number;
  throttleStatus: { maximumAvailable: number; currentlyAvailable: number; restoreRate: number };
}

export function costExtension(context: Context): CostExtension | null {
  const charge = context.apiKeyCharge;
  if (!charge) return null;
  const { maximum, restoreRate } = context.services.apikeys.bucket;
  return {
    requestedQueryCost: charge.requested,
    actualQueryCost: charge.charged,
    throttleStatus: { maximumAvailable: maximum, currentlyAvailable: Math.floor(charge.available), restoreRate },
  };
}

/** The IETF RateLimit headers (draft-ietf-httpapi-ratelimit-headers) of an answer to an API key. */
export function rateLimitHeaders(context: Context): [string, string][] {
  const charge = context.apiKeyCharge;
  if (!charge) return [];
  const { maximum, restoreRate } = context.services.apikeys.bucket;
  const remaining = Math.floor(charge.available);
  return [
    ['ratelimit-policy', `"cost";q=${maximum};w=${Math.ceil(maximum / restoreRate)}`],
    ['ratelimit', `"cost";r=${remaining};t=${Math.ceil((maximum - charge.available) / restoreRate)}`],
  ];
}

/** Over HTTP (GraphQL and the REST facade): scopes, trusted documents and the cost bucket of API keys. */
export function apiKeyGate(): ApolloServerPlugin<Context> {
  return {
    async requestDidStart({ contextValue }) {
      if (contextValue.apiKey === null) return;
      return {
        async didResolveOperation({ document, schema, request }) {
          const refused =
            apiKeyRefusal(schema, document, request.query, request.variables, contextValue) ??
            (await chargeApiKey(schema, document, request.variables, request.operationName, contextValue));
          if (refused) throw refused;
        },
        async willSendResponse({ response }) {
          for (const [name, value] of rateLimitHeaders(contextValue)) response.http.headers.set(name, value);
          const cost = costExtension(contextValue);
          if (cost && response.body.kind === 'single') {
            const result = response.body.singleResult;
            result.extensions = { ...result.extensions, cost };
          }
        },
      };
    },
  };
}
