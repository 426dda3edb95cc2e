import { forbidden } from '../../graphql/errors.js';
import { isGuardianOf, mayActFor, type FamilyPerson } from '../users/user.policy.js';
import type { Ref } from '../users/role.js';

interface Signee extends FamilyPerson {
  firstName: string;
  lastName: string;
}

/** A signer signs the waiver for themselves and for the minors in their family (`today`: the studio's date). */
export function maySignWaiverFor(signer: Ref, person: FamilyPerson, today: string): boolean {
  return mayActFor(signer, person, today);
}

/** Refuses one person of a signing request (`undefined`: no such person); their guardian is told why by name. */
export function assertMaySignWaiverFor(signer: Ref, person: Signee | undefined, today: string): asserts person is Signee {
  if (person && maySignWaiverFor(signer, person, today)) return;
  throw forbidden(
    person && isGuardianOf(signer, person)
      ? `${person.firstName} ${person.lastName} is 18 or older and must sign the waiver with their own account.`
      : 'You can only sign the waiver for yourself and for children under 18 in your family.',
  );
}
