import { fullName } from '@studio/rules';
import { badInput, forbidden, notFound } from '../../graphql/errors.js';
import { isGuardianOf, mayActFor, type FamilyPerson } from '../users/user.policy.js';
import { isAdmin, type Actor, type Ref } from '../users/role.js';

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
      ? `${fullName(person)} is 18 or older and must sign the waiver with their own account.`
      : 'You can only sign the waiver for yourself and for children under 18 in your family.',
  );
}

/** A signature as the reading rule needs it: who signed, and the person it covers with their guardian. */
export interface SignatureParties {
  signedBy: Ref;
  signedFor: { id: string; guardian: Ref | null };
}

/**
 * A signature (and its PDF copy) is read by the signer, the person it covers, that person's guardian and admins.
 * To anyone else it does not exist, so ids cannot be probed.
 */
export function mayReadWaiverSignature(actor: Actor, signature: SignatureParties): boolean {
  return (
    isAdmin(actor) || signature.signedBy.id === actor.id || signature.signedFor.id === actor.id || isGuardianOf(actor, signature.signedFor)
  );
}

export function assertMayReadWaiverSignature<S extends SignatureParties>(actor: Actor, signature: S | null): asserts signature is S {
  if (!signature || !mayReadWaiverSignature(actor, signature)) throw notFound('That waiver signature');
}

/** A version as the publishing rule needs it: the date it prints as "last updated". */
export interface PublishedVersion {
  lastUpdated: string;
}

/**
 * A new version's date may not be earlier than the current version's (the new one replaces it) nor after `today`
 * (the studio's date): it applies from the moment it is published.
 */
export function waiverVersionDateProblem(current: PublishedVersion, lastUpdated: string, today: string): string | null {
  if (lastUpdated < current.lastUpdated) return `The date cannot be earlier than the current version's (${current.lastUpdated}).`;
  if (lastUpdated > today) return 'The date cannot be in the future: a new version applies as soon as it is published.';
  return null;
}

export function assertMayPublishWaiverVersion(current: PublishedVersion, lastUpdated: string, today: string): void {
  const problem = waiverVersionDateProblem(current, lastUpdated, today);
  if (problem) throw badInput(problem, { lastUpdated: problem });
}
