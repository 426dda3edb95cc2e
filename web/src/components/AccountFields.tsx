import type { SxProps, Theme } from '@mui/material/styles';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { FormDateField, FormTextField } from '../app/forms';
import { PasswordField } from './PasswordField';

/*
 * Account fields that sign-up, invitations, password resets, the profile and the family and admin member forms
 * all ask for: one place for their labels, autofill hints and the rules they tell the person about.
 */

type BoundTo<Values extends FieldValues> = { control: Control<Values, unknown, FieldValues>; sx?: SxProps<Theme> };

/** The form's `birthday`, no later than `today` (the same day the form's schema checks against). */
export function BirthdayField<Values extends FieldValues & { birthday: string }>({
  today,
  ...rest
}: BoundTo<Values> & { today: string; size?: 'small' | 'medium' }) {
  return <FormDateField {...rest} name={'birthday' as FieldPath<Values>} label="Birthday" required max={today} />;
}

/** The form's `username`, with the characters a username may have. */
export function UsernameField<Values extends FieldValues & { username: string }>(props: BoundTo<Values> & { autoFocus?: boolean }) {
  return (
    <FormTextField
      {...props}
      name={'username' as FieldPath<Values>}
      label="Username"
      autoComplete="username"
      required
      helperText="Letters, digits, dots, dashes or underscores."
    />
  );
}

/** A new password (the form's `password` unless `name` says otherwise), with its minimum length. */
export function NewPasswordField<Values extends FieldValues>({
  name = 'password' as FieldPath<Values>,
  label = 'Password',
  ...rest
}: BoundTo<Values> & { name?: FieldPath<Values>; label?: string; autoFocus?: boolean }) {
  return (
    <FormTextField
      {...rest}
      name={name}
      as={PasswordField}
      label={label}
      autoComplete="new-password"
      required
      helperText="At least 10 characters."
    />
  );
}

/** The new password typed again (the form's `confirm`); the form's schema checks that the two match. */
export function ConfirmPasswordField<Values extends FieldValues & { confirm: string }>({
  label = 'Confirm password',
  ...rest
}: BoundTo<Values> & { label?: string }) {
  return (
    <FormTextField {...rest} name={'confirm' as FieldPath<Values>} as={PasswordField} label={label} autoComplete="new-password" required />
  );
}

/** The person's own `email`, which the browser may fill in. */
export function OwnEmailField<Values extends FieldValues & { email: string }>(props: BoundTo<Values> & { autoFocus?: boolean }) {
  return <FormTextField {...props} name={'email' as FieldPath<Values>} label="Email" type="email" autoComplete="email" required />;
}
