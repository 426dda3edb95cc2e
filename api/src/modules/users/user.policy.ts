import { forbidden } from '../../graphql/errors.js';
import { isAdmin, Role, type Actor, type Ref } from './role.js';

/** A user's family members are shown to that user and to admins only. */
export function maySeeFamilyMembers(viewer: Actor | null, user: Ref): boolean {
  return viewer !== null && (viewer.id === user.id || isAdmin(viewer));
}

/** An admin changes anyone's role but their own away from admin: another admin has to (the studio keeps one). */
export function maySetRole(actor: Actor, user: Ref, role: Role): boolean {
  return user.id !== actor.id || role === Role.admin;
}

export function assertMaySetRole(actor: Actor, user: Ref, role: Role): void {
  if (!maySetRole(actor, user, role)) throw forbidden('You cannot remove your own admin role. Ask another admin.');
}

/** An admin deactivates anyone but themselves. */
export function maySetActive(actor: Actor, user: Ref, active: boolean): boolean {
  return user.id !== actor.id || active;
}

export function assertMaySetActive(actor: Actor, user: Ref, active: boolean): void {
  if (!maySetActive(actor, user, active)) throw forbidden('You cannot deactivate your own account.');
}
