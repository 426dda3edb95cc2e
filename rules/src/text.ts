import { z } from 'zod';
import { isDateOnly } from './dates';

/** Text that must not be blank (checked on the trimmed value) and at most `max` characters long. */
export function requiredText(blankMessage: string, max: number, tooLongMessage = `Use at most ${max} characters.`) {
  return z.string().trim().min(1, blankMessage).max(max, tooLongMessage);
}

/** A YYYY-MM-DD calendar date; a date picker may say "Choose the first date." where the API says the format. */
export function dateOnly(message = 'Enter a valid date (YYYY-MM-DD).') {
  return z.string().refine(isDateOnly, message);
}

/** A whole number from `min` to `max`, with one message for both ends ("Between 1 and 200."). */
export function wholeNumber(min: number, max: number, unit = '') {
  const message = `Between ${min} and ${max}${unit}.`;
  return z.number().int('Enter a whole number.').min(min, message).max(max, message);
}

/** A record picked from a list: a form checks that one is chosen, the API also that it is an id (a UUID). */
export function recordChoice(message: string) {
  const chosen = z.string().min(1, message);
  return { chosen, id: chosen.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, message) };
}

/**
 * A number typed into a text field, checked with a number rule: '' is "not given" (an error when required),
 * anything else must be a whole number. The parsed value is the number (undefined when not given).
 */
export function wholeNumberText(rule: z.ZodType<number>, { required = true } = {}) {
  return z.string().transform((text, ctx): number | undefined => {
    const value = text.trim();
    if (!value) {
      if (required) ctx.addIssue({ code: 'custom', message: 'Required.' });
      return undefined;
    }
    if (!/^-?\d+$/.test(value)) {
      ctx.addIssue({ code: 'custom', message: 'Enter a whole number.' });
      return undefined;
    }
    const checked = rule.safeParse(Number(value));
    if (!checked.success) ctx.addIssue({ code: 'custom', message: checked.error.issues[0].message });
    return Number(value);
  });
}
