import {
  cleanDays,
  cleanReps,
  MAX_MOVE_LEVEL,
  moveAliases,
  moveLevel,
  moveLevelName,
  moveName,
  movesCsv,
  moveText,
  recordChoice,
  wholeNumberText,
} from '@studio/rules';
import { z } from 'zod';
import type { MoveInput, MoveLevelInput } from '../../../graphql/types';
import type { AdminMoveLevelFragment, AdminMoveRowFragment } from './adminMoves.generated';

/** The levels a move can be taught at, 1 to 10. */
export const MOVE_LEVELS = Array.from({ length: MAX_MOVE_LEVEL }, (_, i) => i + 1);

/** The move form as typed, checked with the API's own rules before it is sent. */
export interface MoveValues {
  apparatusId: string;
  name: string;
  aliases: string[];
  level: string;
  description: string;
  safetyNotes: string;
  hasSides: boolean;
  prerequisiteIds: string[];
  /** The move's own clearance rule; both empty: its level's rule. */
  cleanReps: string;
  cleanDays: string;
}

export const moveForm = z
  .object({
    apparatusId: recordChoice('Choose the apparatus.').chosen,
    name: moveName,
    aliases: moveAliases,
    level: wholeNumberText(moveLevel),
    description: moveText,
    safetyNotes: moveText,
    hasSides: z.boolean(),
    prerequisiteIds: z.array(z.string()),
    cleanReps: wholeNumberText(cleanReps, { required: false }),
    cleanDays: wholeNumberText(cleanDays, { required: false }),
  })
  .superRefine((v, ctx) => {
    // A rule of its own needs both numbers; with neither, the move follows its level's rule.
    if ((v.cleanReps === undefined) !== (v.cleanDays === undefined))
      ctx.addIssue({ code: 'custom', path: [v.cleanReps === undefined ? 'cleanReps' : 'cleanDays'], message: 'Give both, or neither.' });
  });

export const emptyMove = (apparatusId = ''): MoveValues => ({
  apparatusId,
  name: '',
  aliases: [],
  level: '1',
  description: '',
  safetyNotes: '',
  hasSides: false,
  prerequisiteIds: [],
  cleanReps: '',
  cleanDays: '',
});

export function moveValuesOf(m: AdminMoveRowFragment): MoveValues {
  return {
    apparatusId: m.apparatus.id,
    name: m.name,
    aliases: [...m.aliases],
    level: String(m.level),
    description: m.description,
    safetyNotes: m.safetyNotes,
    hasSides: m.hasSides,
    prerequisiteIds: [...m.prerequisiteIds],
    cleanReps: m.cleanReps === null ? '' : String(m.cleanReps),
    cleanDays: m.cleanDays === null ? '' : String(m.cleanDays),
  };
}

/** The form's values as the API takes them (an empty clearance rule: the level's). */
export function moveInput(values: MoveValues, move: AdminMoveRowFragment | null): MoveInput {
  const own = values.cleanReps.trim() && values.cleanDays.trim();
  return {
    ...(move ? { id: move.id } : {}),
    cleanReps: own ? Number(values.cleanReps.trim()) : null,
    cleanDays: own ? Number(values.cleanDays.trim()) : null,
    apparatusId: values.apparatusId,
    name: values.name.trim(),
    aliases: values.aliases.map((a) => a.trim()).filter(Boolean),
    level: Number(values.level.trim()),
    description: values.description.trim(),
    safetyNotes: values.safetyNotes.trim(),
    hasSides: values.hasSides,
    prerequisiteIds: values.prerequisiteIds,
  };
}

/** A level of an apparatus as the level form holds it. */
export interface LevelValues {
  number: string;
  name: string;
  requiredMoveIds: string[];
  cleanReps: string;
  cleanDays: string;
}

export const levelForm = z.object({
  number: wholeNumberText(moveLevel),
  name: moveLevelName,
  requiredMoveIds: z.array(z.string()).min(1, 'Choose the moves this level requires.'),
  cleanReps: wholeNumberText(cleanReps),
  cleanDays: wholeNumberText(cleanDays),
});

export function levelValuesOf(level: AdminMoveLevelFragment | null, apparatusName: string, nextNumber: number): LevelValues {
  if (!level)
    return { number: String(nextNumber), name: `${apparatusName} ${nextNumber}`, requiredMoveIds: [], cleanReps: '1', cleanDays: '1' };
  return {
    number: String(level.number),
    name: level.name,
    requiredMoveIds: [...level.requiredMoveIds],
    cleanReps: String(level.cleanReps),
    cleanDays: String(level.cleanDays),
  };
}

export function levelInput(apparatusId: string, v: LevelValues): MoveLevelInput {
  return {
    apparatusId,
    number: Number(v.number.trim()),
    name: v.name.trim(),
    requiredMoveIds: v.requiredMoveIds,
    cleanReps: Number(v.cleanReps.trim()),
    cleanDays: Number(v.cleanDays.trim()),
  };
}

/** "One sign-off" or "3 clean reps per side on 2 different days". */
export function clearanceText(rule: { cleanReps: number; cleanDays: number }): string {
  if (rule.cleanReps === 1 && rule.cleanDays === 1) return 'One sign-off';
  const reps = `${rule.cleanReps} clean ${rule.cleanReps === 1 ? 'rep' : 'reps'} per side`;
  return `${reps} on ${rule.cleanDays} different ${rule.cleanDays === 1 ? 'day' : 'days'}`;
}

export const csvForm = z.object({ csv: movesCsv });

/** The two CSV imports of the page: what each expects, and a sample to start from. */
export const CSV_IMPORTS = {
  moves: {
    title: 'Import moves',
    line: 'Adds moves and updates the ones an apparatus already has by that name.',
    columns: [
      ['apparatus', 'An apparatus by name, e.g. Lyra'],
      ['move', 'The move’s name'],
      ['level', '1 to 10'],
      ['aliases', 'Optional; several separated by ;'],
      ['description', 'Optional'],
      ['safety_notes', 'Optional: safety and spotting notes'],
      ['sides', 'Optional: yes when learned per side'],
    ],
    sampleName: 'moves-sample.csv',
    sample:
      'apparatus,move,level,aliases,description,safety_notes,sides\n' +
      'Lyra,Gazelle,2,Deer,One knee hooked over the bar,Spot the hips on the way in,yes\n' +
      'Silks,Foot Lock,1,Foot Wrap,Wrap and step on the tail,,yes\n',
    importLabel: 'Import moves',
  },
  placements: {
    title: 'Import level sheets',
    line: 'Places members at a level and signs off the moves they have, kept in their history as imported by you.',
    columns: [
      ['username', 'Or email: the member'],
      ['apparatus', 'An apparatus by name'],
      ['level', 'Optional: the level they are placed at'],
      ['signed_off', 'Optional: moves (names or aliases) separated by ;'],
    ],
    sampleName: 'level-sheet-sample.csv',
    sample: 'username,apparatus,level,signed_off\nava.chen,Lyra,1,Man in the Moon;Mermaid\n',
    importLabel: 'Import placements',
  },
} as const;
export type CsvImportKind = keyof typeof CSV_IMPORTS;
