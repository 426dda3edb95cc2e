import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import { maxDirectivesRule } from '@escape.tech/graphql-armor-max-directives';
import { GraphQLError, type ValidationContext, type ValidationRule } from 'graphql';
import { Extensions } from 'type-graphql';

/**
 * Limits applied to every document, over HTTP and over WebSocket, before any resolver runs. The cost needs the
 * variables (a date range or page size multiplies a list), so it is checked once the operation is known (cost.ts).
 */
export const ARMOR_LIMITS = {
  maxDepth: 10,
  maxAliases: 15,
  maxDirectives: 50,
  maxTokens: 2000,
  maxCost: 5000,
  maxListItems: 1000,
} as const;

export const parseOptions = { maxTokens: ARMOR_LIMITS.maxTokens };

/**
 * The longest list anywhere in the variables, walked without recursion and without spreading (an object of a
 * million keys would overflow the call stack). Binary values (the REST facade passes an upload as a Buffer) are
 * leaves: they are not lists of input items.
 */
function longestList(value: unknown): number {
  let longest = 0;
  const stack: unknown[] = [value];
  while (stack.length) {
    const v = stack.pop();
    if (Array.isArray(v)) {
      longest = Math.max(longest, v.length);
      if (longest > ARMOR_LIMITS.maxListItems) return longest;
      for (const item of v) stack.push(item);
    } else if (v && typeof v === 'object' && !ArrayBuffer.isView(v) && !(v instanceof ArrayBuffer)) {
      for (const key in v) stack.push((v as Record<string, unknown>)[key]);
    }
  }
  return longest;
}

/**
 * Refuses variables holding a list longer than any input accepts, before GraphQL coerces it and the validators walk
 * it item by item: a 10,000-item list refused by a "at most 12" rule still held the event loop for about a second
 * (seconds on a busy machine), long enough for every other request's database timers to run out (503s).
 */
export function oversizedListRefusal(variables: Record<string, unknown> | undefined): GraphQLError | null {
  const longest = longestList(variables ?? {});
  if (longest <= ARMOR_LIMITS.maxListItems) return null;
  return new GraphQLError(`A list in the variables holds ${longest} items or more; at most ${ARMOR_LIMITS.maxListItems} are accepted.`, {
    extensions: { code: 'BAD_USER_INPUT', http: { status: 400 } },
  });
}

/** Report a rejection as an ordinary validation error (400) instead of throwing out of the validator (500). */
const report = {
  propagateOnRejection: false,
  onReject: [
    (context: ValidationContext | null, error: GraphQLError) =>
      context?.reportError(new GraphQLError(error.message.replace(/^Syntax Error: /, ''))),
  ],
};

/**
 * Marks an expensive field (a password hash, a PIN check) that may appear once per document: fifteen aliased
 * logins would otherwise cost fifteen scrypt runs in one request.
 */
export const OncePerRequest = () => Extensions({ oncePerDocument: true });

const oncePerDocumentRule: ValidationRule = (context) => {
  const seen = new Map<string, number>();
  return {
    Field() {
      const field = context.getFieldDef();
      if (!field?.extensions?.oncePerDocument) return;
      const count = (seen.get(field.name) ?? 0) + 1;
      seen.set(field.name, count);
      if (count === 2) context.reportError(new GraphQLError(`${field.name} may appear only once per request.`));
    },
  };
};

export const armorRules: ValidationRule[] = [
  oncePerDocumentRule,
  maxDepthRule({ n: ARMOR_LIMITS.maxDepth, ignoreIntrospection: true, ...report }),
  maxAliasesRule({ n: ARMOR_LIMITS.maxAliases, ...report }),
  maxDirectivesRule({ n: ARMOR_LIMITS.maxDirectives, ...report }),
] as ValidationRule[];
