import { ADULT_AGE, ageOn } from '../../common/dates.js';
import { forbidden } from '../../graphql/errors.js';
import { Role, type Actor, type Ref } from '../users/role.js';

/** A person as the family rules need them. */
export interface FamilyPerson extends Ref {
  guardian: Ref | null;
  removedAt: Date | null;
  /** YYYY-MM-DD */
  birthday: string;
}

/** Only parents (and guardians, who sign up as parents) manage family members. */
export function mayManageFamily(actor: Actor): boolean {
  return actor.role === Role.parent;
}

export function assertMayManageFamily(actor: Actor): void {
  if (!mayManageFamily(actor)) throw forbidden('Only parents and guardians can manage family members.');
}

/** Whether `actor` is the parent who manages `person` (whatever the person's age or whether they were removed). */
export function isGuardianOf(actor: Ref, person: { guardian: Ref | null }): boolean {
  return person.guardian?.id === actor.id;
}

/** How `person` stands to `actor`: themselves, a minor or an adult in their family (not removed), or neither. */
export type FamilyTie = 'self' | 'minor' | 'adult' | 'none';

/** `today` is the studio's date (YYYY-MM-DD), so ages turn over on the studio's midnight. */
export function familyTie(actor: Ref, person: FamilyPerson, today: string): FamilyTie {
  if (person.id === actor.id) return 'self';
  if (!isGuardianOf(actor, person) || person.removedAt) return 'none';
  return ageOn(person.birthday, today) < ADULT_AGE ? 'minor' : 'adult';
}

/** A member signs and books for themselves and for the minors in their family; adults act for themselves. */
export function mayActFor(actor: Ref, person: FamilyPerson, today: string): boolean {
  const tie = familyTie(actor, person, today);
  return tie === 'self' || tie === 'minor';
}

/** The members of a parent's family the parent may still see and change (a MikroORM filter on User). */
export function familyMembersOf(parentId: string) {
  return { guardian: parentId, removedAt: null };
}
