/** The waiver page's rules, kept pure so every rule and message is pinned by tests. */

import { signatureDrawing, signatureName, signatureNameMatches, signatureNameMismatch } from '@studio/rules';
import { z } from 'zod';
import { formatLongDate } from '../../app/dates';

export const REDIRECT_AFTER_SIGNING_MS = 1000;

export interface ToastMessage {
  title: string;
  description: string;
}

export const AGREEMENT_REQUIRED: ToastMessage = { title: 'Agreement required', description: 'Please read and agree to the waiver terms.' };
export const SELECTION_REQUIRED: ToastMessage = {
  title: 'Selection required',
  description: 'Please select at least one person to sign for.',
};
export const NOT_AUTHENTICATED: ToastMessage = { title: 'Error', description: 'Not authenticated' };
export const SIGNING_FAILED: ToastMessage = { title: 'Error', description: 'Failed to sign the waivers. Please try again.' };
export const SIGNED: ToastMessage = { title: 'Waivers signed successfully', description: 'Thank you for signing the waivers.' };

export interface PersonInput {
  id: string;
  firstName: string;
  lastName: string;
  /** Whole years and minority (under 18) as the API computes them on the studio's calendar. */
  age: number;
  isMinor: boolean;
  waiverSigned?: boolean;
}

export interface WaiverPerson extends PersonInput {
  isSelf: boolean;
  /** Only the user and persons under 18 can be ticked; other adults sign with their own account. */
  selectable: boolean;
}

export function waiverPeople(user: PersonInput, familyMembers: readonly PersonInput[]): WaiverPerson[] {
  const person = (p: PersonInput, isSelf: boolean): WaiverPerson => ({ ...p, isSelf, selectable: isSelf || p.isMinor });
  return [person(user, true), ...familyMembers.map((m) => person(m, false))];
}

/** Who the sign form lists: everyone without a signature for the current version (adults other than the user greyed out). */
export function stillToSign(people: readonly WaiverPerson[]): WaiverPerson[] {
  return people.filter((p) => !p.waiverSigned);
}

/** The user and minors start selected. */
export function initialSelection(people: readonly WaiverPerson[]): Set<string> {
  return new Set(people.filter((p) => p.selectable).map((p) => p.id));
}

export function toggleSelection(selection: ReadonlySet<string>, person: WaiverPerson): Set<string> {
  const next = new Set(selection);
  if (!person.selectable) return next;
  if (next.has(person.id)) next.delete(person.id);
  else next.add(person.id);
  return next;
}

export function adultNotice(person: WaiverPerson): string {
  return `${person.firstName} is 18 or older and must sign the waiver with their own account.`;
}

export type SubmissionCheck = { ok: true; userIds: string[] } | { ok: false; message: ToastMessage };

/**
 * What pressing 'Sign Waiver(s)' does: the agreement must be ticked; with more than one person someone must be
 * selected; a lone user with nothing selected signs alone; signing needs a stored token.
 */
export function checkSubmission(input: {
  agreed: boolean;
  people: readonly WaiverPerson[];
  selected: ReadonlySet<string>;
  tokenStored: boolean;
}): SubmissionCheck {
  if (!input.agreed) return { ok: false, message: AGREEMENT_REQUIRED };
  let userIds = input.people.filter((p) => p.selectable && input.selected.has(p.id)).map((p) => p.id);
  if (userIds.length === 0) {
    const self = input.people.find((p) => p.isSelf);
    // A lone person left unticked signs alone only when that person is the user (a parent who has signed and
    // unticks their one child has chosen nobody).
    if (input.people.length > 1 || !self) return { ok: false, message: SELECTION_REQUIRED };
    userIds = [self.id];
  }
  if (!input.tokenStored) return { ok: false, message: NOT_AUTHENTICATED };
  return { ok: true, userIds };
}

/** 'YYYY-MM-DD' → 'May 1, 2025'. */
export const formatDocumentDate = formatLongDate;

/**
 * The signature the user gives: their full name typed (it must be the name on their account; case and extra
 * spaces do not matter, the API checks the same) and, optionally, drawn on the pad.
 */
export function signatureForm(signer: { firstName: string; lastName: string }) {
  return z.object({
    typedName: signatureName.refine((typed) => signatureNameMatches(typed, signer), signatureNameMismatch(signer)),
    drawing: signatureDrawing.nullable(),
  });
}

/**
 * The people still to sign who signed an earlier version (the studio published a new one since): the page tells
 * them it is a new version they sign again. `records`: what the family has on record, any version.
 */
export function signAgain(
  toSign: readonly WaiverPerson[],
  records: readonly { documentVersion: number; signedFor: { id: string } }[],
  currentVersion: number | undefined,
): WaiverPerson[] {
  if (currentVersion === undefined) return [];
  return toSign.filter((p) => records.some((r) => r.signedFor.id === p.id && r.documentVersion < currentVersion));
}

/** "The waiver was updated on June 1, 2026: you and Mia signed an earlier version …" */
export function newVersionNotice(people: readonly WaiverPerson[], lastUpdated: string): string {
  const names = people.map((p) => (p.isSelf ? 'you' : p.firstName));
  const who = names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names[0];
  const subject = who.charAt(0).toUpperCase() + who.slice(1);
  return `The studio updated its waiver on ${formatDocumentDate(lastUpdated)}. ${subject} signed an earlier version: please read this one and sign it again before the next class.`;
}
