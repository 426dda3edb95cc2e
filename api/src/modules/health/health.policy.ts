import { forbidden, notFound } from '../../graphql/errors.js';
import { mayTeach, type TaughtClass } from '../classes/class.policy.js';
import { isAdmin, type Actor, type Ref } from '../users/role.js';
import { isGuardianOf } from '../users/user.policy.js';

/** A person as the health rules need them: whose family they are in, and whether they sign in themselves. */
export interface HealthSubject extends Ref {
  firstName: string;
  guardian: Ref | null;
  removedAt: Date | null;
  /** Null for family members without a login of their own. */
  username: string | null;
}

/** The person themselves, or the parent whose family they are in (not removed from it). */
function isOwnFamily(viewer: Ref, person: Omit<HealthSubject, 'firstName' | 'username'>): boolean {
  return viewer.id === person.id || (isGuardianOf(viewer, person) && person.removedAt === null);
}

/**
 * Who reads a person's health details: the person, the parent of their family, an admin (who sees every roster),
 * and the instructor of a class the person is on the roster of (`roster`: the class of the roster row being read;
 * null when not read from a roster). Never another family or another class's instructor.
 */
export function maySeeHealth(
  viewer: Actor | null,
  person: Omit<HealthSubject, 'firstName' | 'username'>,
  roster: TaughtClass | null,
): boolean {
  if (!viewer) return false;
  if (isOwnFamily(viewer, person) || isAdmin(viewer)) return true;
  return roster !== null && mayTeach(viewer, roster);
}

/**
 * Who changes them: the person for themselves, and the parent for a family member without a login of their own (one
 * with a login keeps theirs on their profile, like the rest of their details).
 */
export function mayEditHealth(actor: Actor, person: HealthSubject): boolean {
  if (actor.id === person.id) return true;
  return isOwnFamily(actor, person) && person.username === null;
}

/** `person` null: no such person. Another family's member is answered like a missing one. */
export function assertMayEditHealth<P extends HealthSubject>(actor: Actor, person: P | null): asserts person is P {
  if (!person || !isOwnFamily(actor, person)) throw notFound('That person');
  if (!mayEditHealth(actor, person))
    throw forbidden(`${person.firstName} has a login of their own and keeps their health details up to date on their profile.`);
}
