import { forbidden } from '../../graphql/errors.js';
import { Role, type Actor } from '../users/role.js';

/** Only parents (and guardians, who sign up as parents) manage family members. */
export function mayManageFamily(actor: Actor): boolean {
  return actor.role === Role.parent;
}

export function assertMayManageFamily(actor: Actor): void {
  if (!mayManageFamily(actor)) throw forbidden('Only parents and guardians can manage family members.');
}

/** The members of a parent's family the parent may still see and change (a MikroORM filter on User). */
export function familyMembersOf(parentId: string) {
  return { guardian: parentId, removedAt: null };
}
