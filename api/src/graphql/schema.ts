import { buildSchema } from 'type-graphql';
import type { GraphQLSchema } from 'graphql';
import path from 'node:path';
import { modules } from '../modules/index.js';
import { authChecker } from './access.js';
import type { StudioPubSub } from './pubsub.js';
import { validateArguments } from './arguments.js';
import { loadRelations } from './relation.js';
import { RefusalExtensions } from './errors.js';

/** Every resolver class, from the module list. */
export const resolvers = modules.flatMap((module) => module.resolvers ?? []);

/** The committed SDL that codegen and integrators read. */
export const SCHEMA_FILE = path.resolve(__dirname, '../../../schema/schema.graphql');

export async function buildStudioSchema(pubSub: StudioPubSub | null, opts: { emit?: boolean } = {}): Promise<GraphQLSchema> {
  const [first, ...rest] = resolvers;
  const schema = await buildSchema({
    resolvers: [first, ...rest],
    // Named by no field: it documents what a refusal carries, so clients get the reasons as a typed enum.
    orphanedTypes: [RefusalExtensions],
    authChecker,
    authMode: 'error',
    validateFn: validateArguments,
    // Subscriptions need a pub/sub even when the schema is only being printed.
    pubSub: (pubSub ?? {
      publish: () => undefined,
      subscribe: () => {
        throw new Error('no pubsub');
      },
    }) as never,
    emitSchemaFile: opts.emit ? { path: SCHEMA_FILE, sortedSchema: true } : false,
  });
  return loadRelations(schema);
}
