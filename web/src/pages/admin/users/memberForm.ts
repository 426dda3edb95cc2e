import { ageOn, email, personName, phone, username } from '@studio/rules';
import { z } from 'zod';
import { birthdayField } from '../../auth/authForms';
import type { CreateMemberInput } from '../../../graphql/types';

/** The front desk's new member: an adult, or a parent with their children; the shared field rules (also the API's). */
export function memberForm(today: string) {
  const child = z.object({
    firstName: personName,
    lastName: z.string().trim().max(100, 'Enter 1 to 100 characters.'),
    birthday: birthdayField(today),
  });
  return z
    .object({
      firstName: personName,
      lastName: personName,
      email: z.string().trim().min(1, 'Enter an email address.').pipe(email),
      phone,
      birthday: birthdayField(today),
      username: z.union([z.literal(''), username]),
      children: z.array(child).max(12, 'A family can have at most 12 members.'),
      sendPasswordLink: z.boolean(),
    })
    .superRefine((v, ctx) => {
      const age = /^\d{4}-\d{2}-\d{2}$/.test(v.birthday) ? ageOn(v.birthday, today) : null;
      if (age === null) return;
      if (v.children.length && age < 18)
        ctx.addIssue({ code: 'custom', path: ['birthday'], message: 'A parent or guardian must be 18 or older.' });
      else if (!v.children.length && age < 13)
        ctx.addIssue({
          code: 'custom',
          path: ['birthday'],
          message: "An account of one's own starts at 13; add them as a child of their parent's account.",
        });
    });
}

export type MemberValues = z.input<ReturnType<typeof memberForm>>;

export const EMPTY_MEMBER: MemberValues = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  birthday: '',
  username: '',
  children: [],
  sendPasswordLink: true,
};

export function memberInput(v: MemberValues): CreateMemberInput {
  return {
    firstName: v.firstName.trim(),
    lastName: v.lastName.trim(),
    email: v.email.trim(),
    birthday: v.birthday,
    sendPasswordLink: v.sendPasswordLink,
    ...(v.phone.trim() ? { phone: v.phone.trim() } : {}),
    ...(v.username.trim() ? { username: v.username.trim() } : {}),
    children: v.children.map((c) => ({
      firstName: c.firstName.trim(),
      birthday: c.birthday,
      ...(c.lastName.trim() ? { lastName: c.lastName.trim() } : {}),
    })),
  };
}
