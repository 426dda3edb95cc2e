import { notFound } from '../../graphql/errors.js';
import { isAdmin, type Actor, type Ref } from '../users/role.js';

/** An order (or the checkout session it comes from) as its rules need it. */
export interface OwnedOrder {
  /** Null for a walk-in's sale at the front desk. */
  owner: Ref | null;
}

/** A member sees their own orders and receipts; admins see everyone's (refunds, the front desk). */
export function mayViewOrder(actor: Actor, order: OwnedOrder): boolean {
  return (order.owner !== null && order.owner.id === actor.id) || isAdmin(actor);
}

/** Someone else's order answers like a missing one. */
export function assertMayViewOrder<O extends OwnedOrder>(actor: Actor, order: O | null): asserts order is O {
  if (!order || !mayViewOrder(actor, order)) throw notFound('That order');
}

/** Refunds are an admin's decision. */
export function mayRefund(actor: Actor): boolean {
  return isAdmin(actor);
}
