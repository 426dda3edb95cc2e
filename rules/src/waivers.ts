import { z } from 'zod';
import { requiredText } from './text';

/** The longest typed signature (a full name) the studio keeps. */
export const SIGNATURE_NAME_MAX_LENGTH = 200;
/**
 * The longest drawn signature kept, as a PNG data URL (about 14.6 KB of PNG): far more than a pad's strokes
 * need, and no more than any text argument of the API may carry.
 */
export const SIGNATURE_DRAWING_MAX_LENGTH = 20_000;

export const SIGNATURE_NAME_REQUIRED = 'Type your full name to sign.';
export const SIGNATURE_DRAWING_TOO_LARGE =
  'The drawn signature is too large to keep. Clear the pad and sign again with a simpler stroke, or sign with your typed name only.';
export const SIGNATURE_DRAWING_NOT_PNG = 'The drawn signature must be a PNG image.';

/** The typed signature: the signer's full name, required. */
export const signatureName = requiredText(SIGNATURE_NAME_REQUIRED, SIGNATURE_NAME_MAX_LENGTH);

/** The optional drawn signature: a PNG data URL (`data:image/png;base64,…`) of bounded size. */
export const signatureDrawing = z
  .string()
  .max(SIGNATURE_DRAWING_MAX_LENGTH, SIGNATURE_DRAWING_TOO_LARGE)
  .regex(/^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/, SIGNATURE_DRAWING_NOT_PNG);

/** A name as signatures compare it: case, accents' composition and runs of spaces do not matter. */
export function normalizedName(name: string): string {
  return name.normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('en-US');
}

/** Whether a typed signature is the signer's full name (first and last name, case-insensitive, extra spaces ignored). */
export function signatureNameMatches(typed: string, signer: { firstName: string; lastName: string }): boolean {
  return normalizedName(typed) === normalizedName(`${signer.firstName} ${signer.lastName}`);
}

export function signatureNameMismatch(signer: { firstName: string; lastName: string }): string {
  return `Type your full name as it is on your account: ${signer.firstName} ${signer.lastName}.`;
}
