import {
  accountAgeProblem,
  ageOn,
  birthday,
  email,
  loginPassword,
  loginUsername,
  newPassword,
  passwordContainsUsername,
  personName,
  username,
  phone,
} from '@studio/rules';
import { z } from 'zod';

/**
 * The sign-in, account and family forms: the shared field rules (@studio/rules, also the API's), plus what only a
 * form asks — a prompt for an empty field, the password typed twice.
 */

const filledIn = (prompt: string) => z.string().trim().min(1, prompt);

/** A birthday typed in a form, up to the studio's `today` (YYYY-MM-DD). */
export const birthdayField = (today: string) => z.string().min(1, 'Enter a birthday.').pipe(birthday(today));

const chosenPassword = z.string().min(1, 'Choose a password.').pipe(newPassword);

export const loginForm = z.object({ username: z.string().trim().pipe(loginUsername), password: loginPassword });

export const forgotPasswordForm = z.object({ email: filledIn('Enter your email address.').pipe(email) });

export const resetPasswordForm = z.object({ password: chosenPassword, confirm: z.string() }).superRefine(({ password, confirm }, ctx) => {
  if (!confirm) ctx.addIssue({ code: 'custom', path: ['confirm'], message: 'Enter the new password again.' });
  else if (confirm !== password) ctx.addIssue({ code: 'custom', path: ['confirm'], message: 'The passwords do not match.' });
});

export const changePasswordForm = z
  .object({ currentPassword: z.string().min(1, 'Enter your current password.'), newPassword: chosenPassword, confirm: z.string() })
  .superRefine(({ newPassword: chosen, confirm }, ctx) => {
    if (confirm !== chosen) ctx.addIssue({ code: 'custom', path: ['confirm'], message: 'The passwords do not match.' });
  });

export function registrationForm(today: string) {
  return z
    .object({
      firstName: personName,
      lastName: personName,
      username: filledIn('Choose a username.').pipe(username),
      email: filledIn('Enter your email address.').pipe(email),
      password: chosenPassword,
      birthday: birthdayField(today),
      isParentOrGuardian: z.boolean(),
    })
    .superRefine((v, ctx) => {
      // Checked once each field is fine on its own (zod runs this even when another field has a problem).
      if (newPassword.safeParse(v.password).success && passwordContainsUsername(v.password, v.username)) {
        ctx.addIssue({ code: 'custom', path: ['password'], message: 'Your password must not contain your username.' });
      }
      if (birthday(today).safeParse(v.birthday).success) {
        const problem = accountAgeProblem(ageOn(v.birthday, today), v.isParentOrGuardian);
        if (problem) ctx.addIssue({ code: 'custom', path: ['birthday'], message: problem });
      }
    });
}

export function profileDetailsForm(today: string) {
  return z.object({
    firstName: personName,
    lastName: personName,
    email: filledIn('Enter your email address.').pipe(email),
    phone,
    birthday: birthdayField(today),
  });
}

export function familyMemberForm(today: string) {
  return z.object({ firstName: personName, lastName: personName, birthday: birthdayField(today) });
}

/** An invited family member's new login: a username and a password typed twice (their names are already known). */
export const acceptInviteForm = z
  .object({ username: filledIn('Choose a username.').pipe(username), password: chosenPassword, confirm: z.string() })
  .superRefine(({ username: name, password: chosen, confirm }, ctx) => {
    if (newPassword.safeParse(chosen).success && passwordContainsUsername(chosen, name)) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: 'Your password must not contain your username.' });
    }
    if (!confirm) ctx.addIssue({ code: 'custom', path: ['confirm'], message: 'Enter the password again.' });
    else if (confirm !== chosen) ctx.addIssue({ code: 'custom', path: ['confirm'], message: 'The passwords do not match.' });
  });

/** Where a parent sends an adult family member's invite: the member's own address. */
export const familyInviteForm = z.object({ email: filledIn('Enter their email address.').pipe(email) });
