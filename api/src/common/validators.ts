import { IsEmail, Length, Matches, MaxLength, registerDecorator, type ValidationOptions } from 'class-validator';
import { isDateOnly } from './dates.js';

/** Calendar date as YYYY-MM-DD. */
export function IsDateOnly(options?: ValidationOptions) {
  return (object: object, propertyName: string) =>
    registerDecorator({
      name: 'isDateOnly',
      target: object.constructor,
      propertyName,
      options: { message: 'Enter a valid date (YYYY-MM-DD).', ...options },
      validator: { validate: (value: unknown) => typeof value === 'string' && isDateOnly(value) },
    });
}

/** Shared field rules, so registration, profile and admin forms agree. */
export const NameRules = () => (target: object, key: string) => {
  Length(1, 100, { message: 'Enter 1 to 100 characters.' })(target, key);
  Matches(/\S/, { message: 'This field is required.' })(target, key);
};

export const UsernameRules = () =>
  Matches(/^[A-Za-z0-9][A-Za-z0-9._-]{2,29}$/, {
    message: 'Use 3 to 30 letters, digits, dots, dashes or underscores, starting with a letter or digit.',
  });

export const EmailRules = () => (target: object, key: string) => {
  IsEmail({}, { message: 'Enter a valid email address.' })(target, key);
  MaxLength(254, { message: 'Enter at most 254 characters.' })(target, key);
};
