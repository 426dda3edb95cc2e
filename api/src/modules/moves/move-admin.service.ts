import { fullName, MAX_MOVES_IMPORT_ROWS, moveAliases, moveLevel, moveName } from '@studio/rules';
import type { EntityManager } from '@mikro-orm/postgresql';
import { parse } from 'csv-parse/sync';
import { likePattern, offsetOf, SortDirection } from '../../common/paging.js';
import { badInput, conflict, notFound } from '../../graphql/errors.js';
import { publishOnCommit } from '../../graphql/pubsub.js';
import { Apparatus } from '../classes/apparatus.entity.js';
import { User } from '../users/user.entity.js';
import { LevelPlacement, MoveChangeKind, MoveHistoryEntry, MoveProgress, MoveSide, MoveState } from './move-progress.entity.js';
import { sidesOf } from './move.clearance.js';
import { Move, MoveLevel } from './move.entity.js';
import { assertMayManageMoves } from './move.policy.js';
import {
  CsvImportOutcome,
  MoveSortField,
  type CsvImportProblem,
  type CsvImportReport,
  type MoveInput,
  type MoveLevelInput,
  type MoveListArgs,
  type MovePage,
} from './move.types.js';

const SORT_COLUMNS: Record<MoveSortField, string> = {
  [MoveSortField.name]: 'm.name',
  [MoveSortField.apparatus]: 'a.sort_order',
  [MoveSortField.level]: 'm.level',
  [MoveSortField.createdAt]: 'm.created_at',
};

/** Cells of a CSV row by lower-cased header. */
type CsvRow = Record<string, string>;

/** Parses a CSV with a header row; a file that is not CSV is bad input. */
function parseCsv(csv: string): CsvRow[] {
  let rows: CsvRow[];
  try {
    rows = parse(csv, {
      columns: (header: string[]) => header.map((h) => h.trim().toLowerCase().replace(/\s+/g, '_')),
      skip_empty_lines: true,
      trim: true,
      bom: true,
    }) as CsvRow[];
  } catch (err) {
    throw badInput(`That file is not a CSV we can read: ${(err as Error).message}`, { csv: 'Check the file is CSV with a header row.' });
  }
  if (rows.length > MAX_MOVES_IMPORT_ROWS) throw badInput(`At most ${MAX_MOVES_IMPORT_ROWS} rows per import.`, { csv: 'Split the file.' });
  return rows;
}

const list = (cell: string | undefined): string[] =>
  (cell ?? '')
    .split(/[;|]/)
    .map((s) => s.trim())
    .filter(Boolean);

const truthy = (cell: string | undefined) => /^(y|yes|true|1|x)$/i.test(cell?.trim() ?? '');

/** How an imported row's fields read in the report's "changed: …" list. */
const FIELD_LABELS = { level: 'level', aliases: 'aliases', description: 'description', safetyNotes: 'safety notes', hasSides: 'sides' };

const emptyReport = (dryRun: boolean): CsvImportReport => ({ dryRun, created: 0, updated: 0, unchanged: 0, problems: [], changes: [] });

/** The admin side of moves: the catalogue table, editing, levels, and CSV imports of moves and of level sheets. */
export class MoveAdmin {
  /** The server-mode admin table: filter by apparatus and level, search names and aliases, sort, page. */
  async list(em: EntityManager, actor: User, args: MoveListArgs): Promise<MovePage> {
    assertMayManageMoves(actor);
    const where: string[] = [];
    const params: unknown[] = [];
    if (!args.includeArchived) where.push('m.archived_at is null');
    if (args.apparatusId) {
      where.push('m.apparatus_id = ?');
      params.push(args.apparatusId);
    }
    if (args.level) {
      where.push('m.level = ?');
      params.push(args.level);
    }
    if (args.search?.trim()) {
      const pattern = likePattern(args.search.trim());
      where.push('(m.name ilike ? or exists (select 1 from unnest(m.aliases) alias where alias ilike ?))');
      params.push(pattern, pattern);
    }
    const direction = args.sortDirection === SortDirection.DESC ? 'desc' : 'asc';
    const rows = await em.getConnection().execute<{ id: string; total: string }[]>(
      `select m.id, count(*) over () as total from move m join apparatus a on a.id = m.apparatus_id
        ${where.length ? `where ${where.join(' and ')}` : ''}
        order by ${SORT_COLUMNS[args.sortField]} ${direction}, m.level, m.name, m.id limit ? offset ?`,
      [...params, args.pageSize, offsetOf(args)],
    );
    const ids = rows.map((r) => r.id);
    const moves = ids.length ? await em.find(Move, { id: { $in: ids } }, { populate: ['apparatus'] }) : [];
    const byId = new Map(moves.map((m) => [m.id, m]));
    return { items: ids.map((id) => byId.get(id)!), total: Number(rows[0]?.total ?? 0), page: args.page, pageSize: args.pageSize };
  }

  /** Adds or edits a move; its prerequisites must be other moves of the catalogue. */
  async save(em: EntityManager, actor: User, input: MoveInput): Promise<Move> {
    assertMayManageMoves(actor);
    return em.transactional(async (tx) => {
      const apparatus = await tx.findOne(Apparatus, { id: input.apparatusId });
      if (!apparatus) throw notFound('That apparatus');
      const move = input.id
        ? await tx.findOne(Move, { id: input.id }, { populate: ['apparatus'] })
        : tx.create(Move, { apparatus, name: input.name, level: input.level });
      if (!move) throw notFound('That move');
      const prerequisiteIds = [...new Set(input.prerequisiteIds)];
      if (prerequisiteIds.includes(move.id))
        throw badInput('A move cannot be its own prerequisite.', { prerequisiteIds: 'Remove the move itself.' });
      if (prerequisiteIds.length && (await tx.count(Move, { id: { $in: prerequisiteIds } })) !== prerequisiteIds.length)
        throw badInput('Some prerequisites are not moves of the catalogue.', { prerequisiteIds: 'Choose moves of the catalogue.' });
      const clash = await tx.findOne(Move, { apparatus: apparatus.id, name: input.name.trim(), id: { $ne: move.id } });
      if (clash) throw conflict(`${apparatus.name} already has a move called ${clash.name}.`, { name: 'Choose another name.' });
      tx.assign(move, {
        apparatus,
        name: input.name.trim(),
        aliases: [...new Set(input.aliases.map((a) => a.trim()))],
        level: input.level,
        description: input.description,
        safetyNotes: input.safetyNotes,
        prerequisiteIds,
        hasSides: input.hasSides,
        cleanReps: input.cleanReps ?? null,
        cleanDays: input.cleanDays ?? null,
      });
      await tx.flush();
      return move;
    });
  }

  /** Archives moves (they leave the catalogue and the levels, their history stays) or brings them back. */
  async archive(em: EntityManager, actor: User, moveIds: string[], archived: boolean): Promise<Move[]> {
    assertMayManageMoves(actor);
    await em.nativeUpdate(Move, { id: { $in: moveIds } }, { archivedAt: archived ? new Date() : null });
    return em.find(Move, { id: { $in: moveIds } }, { populate: ['apparatus'], refresh: true });
  }

  /** Moves several moves to one level at once. */
  async setLevel(em: EntityManager, actor: User, moveIds: string[], level: number): Promise<Move[]> {
    assertMayManageMoves(actor);
    await em.nativeUpdate(Move, { id: { $in: moveIds } }, { level });
    return em.find(Move, { id: { $in: moveIds } }, { populate: ['apparatus'], refresh: true });
  }

  /** Defines a level of an apparatus as a set of its moves, with its clearance rule. */
  async saveLevel(em: EntityManager, actor: User, input: MoveLevelInput): Promise<MoveLevel> {
    assertMayManageMoves(actor);
    return em.transactional(async (tx) => {
      const apparatus = await tx.findOne(Apparatus, { id: input.apparatusId });
      if (!apparatus) throw notFound('That apparatus');
      const ids = [...new Set(input.requiredMoveIds)];
      if (ids.length && (await tx.count(Move, { id: { $in: ids }, apparatus: apparatus.id, archivedAt: null })) !== ids.length)
        throw badInput(`A level of ${apparatus.name} requires moves of ${apparatus.name} only.`, {
          requiredMoveIds: 'Choose moves of this apparatus.',
        });
      const level =
        (await tx.findOne(MoveLevel, { apparatus: apparatus.id, number: input.number })) ??
        tx.create(MoveLevel, { apparatus, number: input.number, name: input.name });
      tx.assign(level, { name: input.name.trim(), requiredMoveIds: ids, cleanReps: input.cleanReps, cleanDays: input.cleanDays });
      await tx.flush();
      return level;
    });
  }

  /** Every apparatus with its moves (not archived) and levels. */
  async catalogue(em: EntityManager): Promise<{ apparatus: Apparatus; moves: Move[]; levels: MoveLevel[] }[]> {
    const [apparatus, moves, levels] = await Promise.all([
      em.find(Apparatus, {}, { orderBy: { sortOrder: 'asc', name: 'asc' } }),
      em.find(Move, { archivedAt: null }, { orderBy: { level: 'asc', name: 'asc' } }),
      em.find(MoveLevel, {}, { orderBy: { number: 'asc' } }),
    ]);
    return apparatus.map((a) => ({
      apparatus: a,
      moves: moves.filter((m) => m.apparatus.id === a.id),
      levels: levels.filter((l) => l.apparatus.id === a.id),
    }));
  }

  /**
   * Imports moves from a CSV (apparatus, move or name, level; optional aliases, description, safety_notes, sides):
   * a move of the same apparatus and name is updated, others are added. A dry run reports and changes nothing; a
   * real run applies the rows without problems.
   */
  async importMoves(em: EntityManager, actor: User, csv: string, dryRun: boolean): Promise<CsvImportReport> {
    assertMayManageMoves(actor);
    const rows = parseCsv(csv);
    return em.transactional(async (tx) => {
      const apparatus = await tx.find(Apparatus, {});
      const byName = new Map(apparatus.map((a) => [a.name.toLowerCase(), a]));
      const existing = await tx.find(Move, {}, { populate: ['apparatus'] });
      const report = emptyReport(dryRun);
      const seen = new Set<string>();
      rows.forEach((row, index) => {
        const line = index + 2;
        const problem = (message: string) => report.problems.push({ line, message });
        const a = byName.get((row.apparatus ?? '').toLowerCase());
        if (!a) return problem(`No apparatus called "${row.apparatus ?? ''}".`);
        const name = moveName.safeParse(row.move ?? row.name ?? '');
        if (!name.success) return problem(name.error.issues[0].message);
        const level = moveLevel.safeParse(Number(row.level));
        if (!level.success) return problem(`Level: ${level.error.issues[0].message}`);
        const aliases = moveAliases.safeParse(list(row.aliases));
        if (!aliases.success) return problem(`Aliases: ${aliases.error.issues[0].message}`);
        const key = `${a.id}:${name.data.toLowerCase()}`;
        if (seen.has(key)) return problem(`${name.data} appears twice for ${a.name}.`);
        seen.add(key);
        const values = {
          level: level.data,
          aliases: aliases.data,
          ...(row.description !== undefined ? { description: row.description } : {}),
          ...(row.safety_notes !== undefined ? { safetyNotes: row.safety_notes } : {}),
          ...(row.sides !== undefined ? { hasSides: truthy(row.sides) } : {}),
        };
        const move = existing.find((m) => m.apparatus.id === a.id && m.name.toLowerCase() === name.data.toLowerCase());
        if (!move) {
          report.created += 1;
          report.changes.push({ line, outcome: CsvImportOutcome.created, summary: `${a.name}: ${name.data}, level ${level.data}` });
          if (!dryRun) tx.create(Move, { apparatus: a, name: name.data, ...values });
          return;
        }
        const changed = (Object.keys(values) as (keyof typeof values)[]).filter(
          (k) => JSON.stringify(move[k]) !== JSON.stringify(values[k]),
        );
        if (!changed.length) report.unchanged += 1;
        else {
          report.updated += 1;
          const levelNote = changed.includes('level') ? ` (level ${move.level} → ${level.data})` : '';
          report.changes.push({
            line,
            outcome: CsvImportOutcome.updated,
            summary: `${a.name}: ${move.name}${levelNote}, changed: ${changed.map((k) => FIELD_LABELS[k]).join(', ')}`,
          });
          if (!dryRun) tx.assign(move, values);
        }
      });
      if (!dryRun) await tx.flush();
      return report;
    });
  }

  /**
   * Imports students' levels and signed-off moves from a level sheet (username or email, apparatus, level, signed_off:
   * move names separated by ";"): each level is a placement and each move a sign-off, kept in the history as
   * imported by this admin. A dry run reports and changes nothing.
   */
  async importPlacements(em: EntityManager, actor: User, csv: string, dryRun: boolean): Promise<CsvImportReport> {
    assertMayManageMoves(actor);
    const rows = parseCsv(csv);
    return em.transactional(async (tx) => {
      const apparatus = await tx.find(Apparatus, {});
      const byName = new Map(apparatus.map((a) => [a.name.toLowerCase(), a]));
      const moves = await tx.find(Move, { archivedAt: null }, { populate: ['apparatus'] });
      const report = emptyReport(dryRun);
      const touched = new Set<string>();
      for (const [index, row] of rows.entries()) {
        const line = index + 2;
        const problems: CsvImportProblem[] = [];
        const who = (row.username ?? row.email ?? '').trim();
        const student = who ? await tx.findOne(User, { $or: [{ username: who }, { email: who.toLowerCase() }], removedAt: null }) : null;
        if (!student) problems.push({ line, message: `No member with username or email "${who}".` });
        const a = byName.get((row.apparatus ?? '').toLowerCase());
        if (!a) problems.push({ line, message: `No apparatus called "${row.apparatus ?? ''}".` });
        const level = row.level?.trim() ? moveLevel.safeParse(Number(row.level)) : null;
        if (level && !level.success) problems.push({ line, message: `Level: ${level.error.issues[0].message}` });
        const named = list(row.signed_off);
        const found = named.map((n) =>
          moves.find(
            (m) =>
              m.apparatus.id === a?.id &&
              (m.name.toLowerCase() === n.toLowerCase() || m.aliases.some((al) => al.toLowerCase() === n.toLowerCase())),
          ),
        );
        named.forEach((n, i) => !found[i] && a && problems.push({ line, message: `${a.name} has no move called "${n}".` }));
        if (problems.length || !student || !a) {
          report.problems.push(...problems);
          continue;
        }
        const note = `Imported from a level sheet by ${fullName(actor)}.`;
        if (level?.success) {
          report.created += 1;
          report.changes.push({ line, outcome: CsvImportOutcome.created, summary: `${who}: placed at ${a.name} level ${level.data}` });
          if (!dryRun) {
            tx.create(LevelPlacement, { student, apparatus: a, level: level.data, reason: note, by: actor });
            tx.create(MoveHistoryEntry, {
              student,
              move: null,
              moveName: `${a.name} level ${level.data}`,
              apparatusName: a.name,
              kind: MoveChangeKind.placement,
              note,
              by: actor,
              byName: fullName(actor),
            });
          }
        }
        for (const move of found as Move[]) {
          for (const side of sidesOf(move)) {
            const row = await tx.findOne(MoveProgress, { student: student.id, move: move.id, side });
            if (row?.state === MoveState.signed_off) {
              report.unchanged += 1;
              continue;
            }
            report.updated += 1;
            const sideNote = side === MoveSide.both ? '' : ` (${side})`;
            report.changes.push({ line, outcome: CsvImportOutcome.updated, summary: `${who}: ${move.name}${sideNote} signed off` });
            if (dryRun) continue;
            const progress = row ?? tx.create(MoveProgress, { student, move, side, state: MoveState.not_started });
            tx.create(MoveHistoryEntry, {
              student,
              move: move.id,
              moveName: move.name,
              apparatusName: move.apparatus.name,
              kind: MoveChangeKind.placement,
              side: side as MoveSide,
              fromState: progress.state,
              toState: MoveState.signed_off,
              note,
              by: actor,
              byName: fullName(actor),
            });
            Object.assign(progress, { state: MoveState.signed_off, signedOffAt: new Date(), signedOffBy: actor, updatedAt: new Date() });
          }
        }
        touched.add(student.id);
      }
      if (!dryRun) {
        await tx.flush();
        for (const id of touched) await publishOnCommit(tx, 'MOVES_CHANGED', id, { kind: 'changed' });
      }
      return report;
    });
  }
}
