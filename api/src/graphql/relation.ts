import { Utils, wrap, type EntityClass } from '@mikro-orm/core';
import { UseMiddleware, type MiddlewareFn } from 'type-graphql';
import type { Context } from './context.js';

const loadRelation: MiddlewareFn<Context> = async ({ context }, next) => {
  const value = await next();
  if (value && Utils.isEntity(value) && !wrap(value).isInitialized()) {
    return context.loaders.load(value.constructor as EntityClass<{ id: string }>, value as { id: string });
  }
  return value;
};

/**
 * Marks a relation exposed in GraphQL: when the query did not populate it, the reference is loaded through the
 * request's batch loader (one query per entity type and tick, never one per row).
 */
export const Relation = () => UseMiddleware(loadRelation);
