import { Utils, wrap, type EntityClass } from '@mikro-orm/core';
import { defaultFieldResolver, GraphQLObjectType, Kind, type GraphQLResolveInfo, type GraphQLSchema } from 'graphql';
import { Extensions } from 'type-graphql';
import type { Context } from './context.js';

/** True when the query asks nothing of the related object but its id, which a reference already has. */
function onlyId(info: GraphQLResolveInfo): boolean {
  return info.fieldNodes.every((node) =>
    (node.selectionSet?.selections ?? []).every((s) => s.kind === Kind.FIELD && (s.name.value === 'id' || s.name.value === '__typename')),
  );
}

function loaded(value: unknown, context: Context, info: GraphQLResolveInfo): unknown {
  if (value && Utils.isEntity(value) && !wrap(value).isInitialized() && !onlyId(info)) {
    return context.loaders.load(value.constructor as EntityClass<{ id: string }>, value as { id: string });
  }
  return value;
}

/**
 * Marks a relation exposed in GraphQL: when the query did not populate it, the reference is loaded through the
 * request's batch loader (one query per entity type and tick, never one per row). See loadRelations.
 */
export const Relation = () => Extensions({ relation: true });

/**
 * Gives every @Relation field its loading. A schema pass rather than a TypeGraphQL middleware: middlewares always
 * answer with a promise, and a loaded relation (or a read-model row) should resolve synchronously.
 */
export function loadRelations(schema: GraphQLSchema): GraphQLSchema {
  for (const type of Object.values(schema.getTypeMap())) {
    if (!(type instanceof GraphQLObjectType)) continue;
    for (const field of Object.values(type.getFields())) {
      if (!field.extensions?.relation) continue;
      const resolve = field.resolve ?? defaultFieldResolver;
      field.resolve = (root, args, context: Context, info) => {
        const value = resolve(root, args, context, info);
        return value instanceof Promise ? value.then((v) => loaded(v, context, info)) : loaded(value, context, info);
      };
    }
  }
  return schema;
}
