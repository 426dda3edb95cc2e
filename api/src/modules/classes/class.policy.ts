import { forbidden } from '../../graphql/errors.js';
import { isAdmin, type Actor, type Ref } from '../users/role.js';

/** A class as its rules need it: who teaches it. */
export interface TaughtClass {
  instructor: Ref;
}

/** Admins and the class's own instructor run a class: its roster, staff bookings into it, attendance marks. */
export function mayTeach(actor: Actor, instance: TaughtClass): boolean {
  return isAdmin(actor) || instance.instructor.id === actor.id;
}

export function assertMaySeeRoster(actor: Actor, instance: TaughtClass): void {
  if (!mayTeach(actor, instance)) throw forbidden('Only the class instructor or an admin can see this roster.');
}

/** The schedule filter of a staff member's "my classes": every class for admins, the ones they teach for others. */
export function teachingScope(actor: Actor): { instructorIds?: string[] } {
  return isAdmin(actor) ? {} : { instructorIds: [actor.id] };
}
