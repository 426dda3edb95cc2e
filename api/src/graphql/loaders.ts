import { Utils, wrap, type EntityClass } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import DataLoader from 'dataloader';

type WithId = { id: string };

/**
 * The one loader every module shares: entities by id, one query per entity type and tick. Each module adds its own
 * loaders in its descriptor (modules/<domain>/index.ts); the request's context merges them.
 */
export function entityLoaders(em: () => EntityManager) {
  const byClass = new Map<EntityClass<WithId>, DataLoader<string, WithId>>();
  const entity = <T extends WithId>(cls: EntityClass<T>): DataLoader<string, T> => {
    let loader = byClass.get(cls as EntityClass<WithId>);
    if (!loader) {
      loader = new DataLoader<string, WithId>(async (ids) => {
        const rows = (await em().find(cls, { id: { $in: [...ids] } } as never)) as WithId[];
        const map = new Map(rows.map((r) => [r.id, r]));
        return ids.map((id) => map.get(id) ?? new Error(`${cls.name} ${id} not found`));
      });
      byClass.set(cls as EntityClass<WithId>, loader);
    }
    return loader as unknown as DataLoader<string, T>;
  };

  return {
    /** Loads `ref` when it is an unpopulated entity reference; loaded entities and read-model rows pass through at once. */
    load<T extends WithId>(cls: EntityClass<T>, ref: T): T | Promise<T> {
      return Utils.isEntity(ref) && !wrap(ref).isInitialized() ? entity(cls).load(ref.id) : ref;
    },
  };
}
export type EntityLoaders = ReturnType<typeof entityLoaders>;
