import { Utils, wrap, type EntityClass } from '@mikro-orm/core';
import { Kind, type GraphQLResolveInfo } from 'graphql';
import { UseMiddleware, type MiddlewareFn } from 'type-graphql';
import type { Context } from './context.js';

/** True when the query asks nothing of the related object but its id, which a reference already has. */
function onlyId(info: GraphQLResolveInfo): boolean {
  return info.fieldNodes.every((node) =>
    (node.selectionSet?.selections ?? []).every((s) => s.kind === Kind.FIELD && (s.name.value === 'id' || s.name.value === '__typename')),
  );
}

const loadRelation: MiddlewareFn<Context> = async ({ context, info }, next) => {
  const value = await next();
  if (value && Utils.isEntity(value) && !wrap(value).isInitialized() && !onlyId(info)) {
    return context.loaders.load(value.constructor as EntityClass<{ id: string }>, value as { id: string });
  }
  return value;
};

/**
 * Marks a relation exposed in GraphQL: when the query did not populate it, the reference is loaded through the
 * request's batch loader (one query per entity type and tick, never one per row).
 */
export const Relation = () => UseMiddleware(loadRelation);
