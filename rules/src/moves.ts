import { z } from 'zod';
import { requiredText, wholeNumber } from './text';

export const MAX_MOVE_LEVEL = 10;
export const MAX_MOVE_ALIASES = 10;
/** Rows one CSV import may hold. */
export const MAX_MOVES_IMPORT_ROWS = 2000;

export const moveName = requiredText('Give the move a name.', 100, 'At most 100 characters.');
export const moveAlias = requiredText('An alias cannot be blank.', 100, 'At most 100 characters.');
export const moveAliases = z.array(moveAlias).max(MAX_MOVE_ALIASES, `At most ${MAX_MOVE_ALIASES} aliases.`);
export const moveLevel = wholeNumber(1, MAX_MOVE_LEVEL);
export const moveText = z.string().max(4000, 'At most 4,000 characters.');
export const moveLevelName = requiredText('Give the level a name.', 100, 'At most 100 characters.');
export const cleanReps = wholeNumber(1, 50, ' reps');
export const cleanDays = wholeNumber(1, 30, ' days');
export const refreshDays = wholeNumber(1, 3650, ' days');
export const moveNote = z.string().max(2000, 'At most 2,000 characters.');
/** Taking a sign-off back and letting someone into a class both keep a reason. */
export const moveReason = requiredText('Give a reason.', 500, 'At most 500 characters.');
/** An instructor's answer to a sign-off request (required when turning it down). */
export const signOffResponse = z.string().max(1000, 'At most 1,000 characters.');
/** A client's id for one tap, so a replayed tap is applied once. */
export const operationId = z
  .string()
  .min(8, 'Use an operation id of 8 to 100 characters.')
  .max(100, 'Use an operation id of 8 to 100 characters.');
export const movesCsv = z
  .string()
  .min(1, 'Paste or choose a CSV file.')
  .max(20_000, 'At most 20,000 characters: import a longer file in parts.');
