import { dateOnly, email, personName, phone, username } from '@studio/rules';
import { registerDecorator, type ValidationOptions } from 'class-validator';
import type { ZodType } from 'zod';

/**
 * Validates a field with a shared rule from @studio/rules (the zod schema the web's forms use too). A failure is
 * a class-validator constraint carrying the rule's first message, so TypeGraphQL answers BAD_USER_INPUT with
 * `extensions.fields` as for any other constraint.
 */
export function Rule(schema: ZodType, options?: ValidationOptions) {
  return (object: object, propertyName: string) =>
    registerDecorator({
      name: 'rule',
      target: object.constructor,
      propertyName,
      options,
      validator: {
        validate: (value: unknown) => schema.safeParse(value).success,
        defaultMessage: (args) => schema.safeParse(args?.value).error?.issues[0]?.message ?? 'This value is not valid.',
      },
    });
}

/** The rules most inputs share, by name. */
export const IsDateOnly = () => Rule(dateOnly());
export const NameRules = () => Rule(personName);
export const UsernameRules = () => Rule(username);
export const EmailRules = () => Rule(email);
export const PhoneRules = () => Rule(phone);
