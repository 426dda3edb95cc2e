import { parse } from 'csv-parse/sync';
import { readFileSync } from 'node:fs';
import path from 'node:path';

export interface MoveRecord {
  apparatus: string;
  move: string;
  level: number;
  source: string;
  confidence: string;
}

/** api/data/moves.csv: real aerial and pole moves with a level 1–4 and their public sources. */
export const MOVES_CSV = path.resolve(__dirname, '../../data/moves.csv');

export function readMoves(file = MOVES_CSV): MoveRecord[] {
  const rows = parse(readFileSync(file, 'utf8'), { columns: true, skip_empty_lines: true, trim: true }) as Record<string, string>[];
  return rows.map((r) => ({ apparatus: r.apparatus, move: r.move, level: Number(r.level), source: r.source, confidence: r.confidence }));
}

/** Up to `count` move names for an apparatus at a level (falling back to the nearest lower level). */
export function movesFor(moves: MoveRecord[], apparatus: string, level: number, count = 3): string[] {
  for (let l = level; l >= 1; l--) {
    const names = moves.filter((m) => m.apparatus === apparatus.toLowerCase() && m.level === l).map((m) => m.move);
    if (names.length) return names.slice(0, count);
  }
  return [];
}
