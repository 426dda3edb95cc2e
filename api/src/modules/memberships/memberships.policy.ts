import { forbidden, notFound } from '../../graphql/errors.js';
import { isAdmin, type Actor } from '../users/role.js';

/** A membership or pack as its rules need it: whose it is. */
export interface Held {
  holderId: string;
}

/** The holder sees their membership (and pack); admins see every one. Others get nothing, not even that it exists. */
export function maySeeMembership(actor: Actor, record: Held): boolean {
  return actor.id === record.holderId || isAdmin(actor);
}

/** Cancelling at period end and resuming: the holder, or an admin for them. */
export function mayChangeRenewal(actor: Actor, record: Held & { comp: boolean }): boolean {
  return maySeeMembership(actor, record) && (!record.comp || isAdmin(actor));
}

export function assertMayChangeRenewal<R extends Held & { comp: boolean }>(actor: Actor, record: R | null): asserts record is R {
  if (!record || !maySeeMembership(actor, record)) throw notFound('That membership');
  if (!mayChangeRenewal(actor, record)) throw forbidden('A complimentary membership is changed by the studio: ask at the front desk.');
}

/** Pausing, comping, changing the plan and cancelling at once: admins only. */
export function mayAdministerMembership(actor: Actor, record: Held): boolean {
  return isAdmin(actor) && Boolean(record.holderId);
}

export function assertMayAdministerMembership<R extends Held>(actor: Actor, record: R | null): asserts record is R {
  if (!record || !mayAdministerMembership(actor, record)) throw notFound('That membership');
}

/** The memberships list a viewer gets (MikroORM where clause): their own, or every one for admins asking so. */
export function membershipScope(actor: Actor) {
  return isAdmin(actor) ? {} : { holder: actor.id };
}
