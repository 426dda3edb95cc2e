import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import { maxDirectivesRule } from '@escape.tech/graphql-armor-max-directives';
import { GraphQLError, type ValidationContext, type ValidationRule } from 'graphql';

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

export const armorRules: ValidationRule[] = [
  maxDepthRule({ n: ARMOR_LIMITS.maxDepth, ignoreIntrospection: true, ...report }),
  maxAliasesRule({ n: ARMOR_LIMITS.maxAliases, ...report }),
  maxDirectivesRule({ n: ARMOR_LIMITS.maxDirectives, ...report }),
] as ValidationRule[];
