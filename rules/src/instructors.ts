import { z } from 'zod';

/** The apparatus one instructor can be listed as teaching, at most. */
export const MAX_TAUGHT_APPARATUS = 20;
/** An uploaded instructor photo, at most (a phone's full-size photo fits; it is stored scaled down). */
export const INSTRUCTOR_PHOTO_MAX_BYTES = 5 * 1024 * 1024;
/** The kinds of image an instructor photo may be (checked by the file's first bytes on the server). */
export const INSTRUCTOR_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** What members read about an instructor on class details. */
export const instructorBio = z.string().trim().max(1000, 'Use at most 1,000 characters.');
export const taughtApparatusIds = z.array(z.string()).max(MAX_TAUGHT_APPARATUS, `Pick at most ${MAX_TAUGHT_APPARATUS}.`);

/** Why a picked file cannot be an instructor photo (by its declared type and size; the server checks its bytes), or null. */
export function photoFileProblem(file: { type: string; size: number }): string | null {
  if (!(INSTRUCTOR_PHOTO_TYPES as readonly string[]).includes(file.type)) return 'Choose a JPEG, PNG or WebP image.';
  if (file.size > INSTRUCTOR_PHOTO_MAX_BYTES) return 'Choose an image of at most 5 MB.';
  if (file.size === 0) return 'That file is empty.';
  return null;
}
