import { z } from 'zod';
import { dateOnly, requiredText } from './text';

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

/** The most sections one waiver version holds. */
export const MAX_WAIVER_SECTIONS = 20;
/** The longest text one waiver section holds. */
export const WAIVER_SECTION_MAX_LENGTH = 10_000;

/** The document id printed on a waiver version, e.g. ASTRO-WAIVER-2025: capitals, digits, dashes and dots. */
export const waiverDocumentId = z
  .string()
  .trim()
  .min(1, 'Enter the document id printed on the waiver.')
  .max(64, 'Use at most 64 characters.')
  .regex(/^[A-Z0-9][A-Z0-9.-]*$/, 'Use capital letters, digits, dashes and dots, e.g. ASTRO-WAIVER-2026.');
export const waiverTitle = requiredText('Give the waiver a title.', 200);
export const waiverSectionHeading = requiredText('Give the section a heading.', 200);
export const waiverSectionBody = requiredText('Write the text of the section.', WAIVER_SECTION_MAX_LENGTH);

export const WAIVER_SECTIONS_REQUIRED = 'A waiver needs at least one section.';
export const WAIVER_SECTIONS_TOO_MANY = `A waiver holds at most ${MAX_WAIVER_SECTIONS} sections.`;

/** A new waiver version as the admin writes it: document id, title, date printed as "last updated", its sections. */
export const waiverVersionForm = z.object({
  documentId: waiverDocumentId,
  title: waiverTitle,
  lastUpdated: dateOnly('Choose the date printed on the waiver.'),
  sections: z
    .array(z.object({ heading: waiverSectionHeading, body: waiverSectionBody }))
    .min(1, WAIVER_SECTIONS_REQUIRED)
    .max(MAX_WAIVER_SECTIONS, WAIVER_SECTIONS_TOO_MANY),
});
export type WaiverVersionForm = z.infer<typeof waiverVersionForm>;
