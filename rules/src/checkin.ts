import { z } from 'zod';

export const PIN_LENGTH = 4;
const PIN_PATTERN = /^\d{4}$/;

/** The PIN typed at the kiosk. */
export const kioskPin = z.string().regex(PIN_PATTERN, 'Enter your 4-digit PIN.');

/** A member's new check-in PIN: four digits, not repeated or in a row. */
export const newCheckInPin = z
  .string()
  .min(1, 'Enter a 4-digit PIN.')
  .regex(PIN_PATTERN, 'Use exactly 4 digits.')
  .refine(
    (pin) => !PIN_PATTERN.test(pin) || !(/^(\d)\1{3}$/.test(pin) || '0123456789'.includes(pin) || '9876543210'.includes(pin)),
    'Too easy to guess: avoid repeated or consecutive digits.',
  );

/** The first letters of a name typed at the kiosk to find oneself ("mi", or "mia r" for first and last name). */
export const kioskNameLetters = z
  .string()
  .trim()
  .min(1, 'Type the first letters of your name.')
  .max(40, 'Type at most 40 letters.')
  .regex(/^[\p{L}\p{M}' .-]+$/u, 'Use letters only.');
