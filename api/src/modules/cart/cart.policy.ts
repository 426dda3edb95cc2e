import { notFound } from '../../graphql/errors.js';
import type { Actor, Ref } from '../users/role.js';

/** A product cart line as its rules need it. */
export interface OwnedCartItem {
  owner: Ref;
}

/** A cart is its owner's alone: nobody else (not even staff) changes or reads it. */
export function mayChangeCartItem(actor: Actor, item: OwnedCartItem): boolean {
  return item.owner.id === actor.id;
}

/** Someone else's line answers like a missing one. */
export function assertMayChangeCartItem<I extends OwnedCartItem>(actor: Actor, item: I | null): asserts item is I {
  if (!item || !mayChangeCartItem(actor, item)) throw notFound('That cart item');
}

/** The rows of the viewer's product cart (MikroORM where clause). */
export function productCartOf(actorId: string) {
  return { owner: actorId };
}
