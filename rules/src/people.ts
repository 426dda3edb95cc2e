import { z } from 'zod';
import { ageOn } from './dates';
import { dateOnly } from './text';

export const USERNAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{2,29}$/;
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 200;
/** The age from which a person counts as an adult. */
export const ADULT_AGE = 18;
/** The youngest age for an account of one's own (younger people are a parent's family members). */
export const MIN_ACCOUNT_AGE = 13;
const MAX_AGE = 120;

/** A first or last name. */
export const personName = z.string().trim().min(1, 'This field is required.').max(100, 'Enter 1 to 100 characters.');

export const username = z
  .string()
  .trim()
  .regex(USERNAME_PATTERN, 'Use 3 to 30 letters, digits, dots, dashes or underscores, starting with a letter or digit.');

export const email = z.string().trim().regex(EMAIL_PATTERN, 'Enter a valid email address.').max(254, 'Enter at most 254 characters.');

/** A phone number as people write it (digits, spaces, + ( ) - .); empty is no phone. */
export const phone = z
  .string()
  .trim()
  .max(30, 'Enter at most 30 characters.')
  .regex(/^[+0-9 ().-]*$/, 'Use digits, spaces and + ( ) - . only.');

/** Any password the API accepts as input (how strong a new one must be is checked where it is chosen). */
export const password = z.string().max(PASSWORD_MAX_LENGTH, `Use at most ${PASSWORD_MAX_LENGTH} characters.`);

/** A newly chosen password. */
export const newPassword = password.min(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters.`);

/** What signing in needs: something in both fields. */
export const loginUsername = z.string().min(1, 'Enter your username.').max(100, 'Use at most 100 characters.');
export const loginPassword = z
  .string()
  .min(1, 'Enter your password.')
  .max(PASSWORD_MAX_LENGTH, `Use at most ${PASSWORD_MAX_LENGTH} characters.`);

/** A birthday on or before `today` (YYYY-MM-DD, the studio's calendar), at most 120 years back. */
export function birthday(today: string) {
  return dateOnly()
    .refine((value) => value <= today, 'The birthday cannot be in the future.')
    .refine((value) => ageOn(value, today) <= MAX_AGE, 'Please check the year of birth.');
}

/** Why someone of this age cannot have their own account (parents and guardians must be adults), or null. */
export function accountAgeProblem(age: number, isParentOrGuardian: boolean): string | null {
  if (isParentOrGuardian) return age < ADULT_AGE ? 'A parent or guardian must be 18 or older.' : null;
  return age < MIN_ACCOUNT_AGE
    ? `You must be at least ${MIN_ACCOUNT_AGE} to have your own account; a parent can add you as a family member.`
    : null;
}

/** A password must not contain the username (the API also refuses common ones). */
export function passwordContainsUsername(pass: string, name: string): boolean {
  const user = name.trim().toLowerCase();
  return Boolean(user) && pass.toLowerCase().includes(user);
}

/** A person's name as shown: "Ada Lovelace" (no stray space when one part is empty). */
export function fullName(person: { firstName: string; lastName: string }): string {
  return `${person.firstName} ${person.lastName}`.trim();
}
