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
} as const;

export const parseOptions = { maxTokens: ARMOR_LIMITS.maxTokens };

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
