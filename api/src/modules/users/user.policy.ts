import { ADULT_AGE, ageOn } from '../../common/dates.js';
import { forbidden, notFound } from '../../graphql/errors.js';
import { isAdmin, isStaff, Role, STAFF_ROLES, type Actor, type Ref } from './role.js';

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

// ── the family rule: a parent acts for the minors they manage ───────────────────────────────────────────

/** A person as the family rules need them. */
export interface FamilyPerson extends Ref {
  guardian: Ref | null;
  removedAt: Date | null;
  /** YYYY-MM-DD */
  birthday: string;
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

// ── instructor profiles: photo, bio and the apparatus they teach ─────────────────────────────────────────

/** A person as the profile rules need them: their role, and whether their account is active. */
export interface ProfilePerson extends Ref {
  role: Role;
  isActive: boolean;
}

/** Staff (instructors, teachers, admins: anyone who can teach a class) have a profile members see on class details. */
export function hasInstructorProfile(person: Pick<ProfilePerson, 'role'>): boolean {
  return isStaff(person);
}

/** A profile (bio, photo) is shown in public places while its owner teaches at the studio: staff, active. */
export function isProfilePublic(person: Pick<ProfilePerson, 'role' | 'isActive'>): boolean {
  return hasInstructorProfile(person) && person.isActive;
}

/** isProfilePublic as a MikroORM filter on User, for queries that read profiles of many people. */
export function publicProfileScope() {
  return { role: { $in: [...STAFF_ROLES] }, isActive: true };
}

/** Staff edit their own profile; admins edit any instructor's or teacher's. */
export function mayEditInstructorProfile(actor: Actor, person: ProfilePerson): boolean {
  return hasInstructorProfile(person) && (actor.id === person.id || isAdmin(actor));
}

/** `person` null: nobody with that id. Someone without a profile answers like a missing one. */
export function assertMayEditInstructorProfile<P extends ProfilePerson>(actor: Actor, person: P | null): asserts person is P {
  if (!person || !hasInstructorProfile(person)) throw notFound('That instructor');
  if (!mayEditInstructorProfile(actor, person)) throw forbidden('You can change only your own instructor profile.');
}
