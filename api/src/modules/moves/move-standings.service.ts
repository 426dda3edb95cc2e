import { fullName } from '@studio/rules';
import type { EntityManager } from '@mikro-orm/postgresql';
import { notFound } from '../../graphql/errors.js';
import { Apparatus } from '../classes/apparatus.entity.js';
import { User } from '../users/user.entity.js';
import { MoveSettings } from './move-gate.entity.js';
import { LevelPlacement, MoveHistoryEntry, MoveSide, MoveState, SignOffRequest } from './move-progress.entity.js';
import { Standing, type LevelDefinition, type ProgressData } from './move-standing.js';
import { Move } from './move.entity.js';
import { assertMayCoachMoves, assertMayFollowMoves, assertMayManageMoves } from './move.policy.js';
import type { MoveSettingsInput, StudentMove, StudentMoves } from './move.types.js';
import { pgArray } from '../../common/pg-array.js';

/** The catalogue as one student's standing needs it: the moves (not archived) with their apparatus, and the levels. */
interface Catalogue {
  moves: Move[];
  levels: LevelDefinition[];
  settings: MoveSettings;
}

interface ProgressRow {
  studentId: string;
  progress: { moveId: string; side: MoveSide; state: MoveState; signedOffAt: string | null }[];
  attempts: { moveId: string; side: MoveSide; day: string; cleanReps: number }[];
  placements: { id: string; apparatusId: string; level: number; reason: string; at: string }[];
  attended: { apparatusId: string; at: string }[];
  requests: string[];
  history: (Omit<MoveHistoryEntry, 'at'> & { at: string })[];
}

/** A move of the catalogue as the statement reads it (dates as JSON strings). */
type MoveRow = Omit<Move, 'createdAt' | 'archivedAt'> & { createdAt: string; archivedAt: null };

/** A student's last history entries and placements, as GraphQL shows them. */
interface HistoryRows {
  entries: MoveHistoryEntry[];
  placements: LevelPlacement[];
}

/**
 * Moves: the catalogue per apparatus, levels as sets of required moves, each student's progress per move and side
 * with its append-only history, the clearance rule, refresh, sign-off requests, placements, and the gate that keeps

/**
 * Reading moves: the studio's move settings, sign-off requests, and each student's standing (progress, attempts,
 * placements, refresh, open requests, history) read in two statements for any number of students; My Moves is built
 * from it.
 */
export class MoveStandings {
  // ── settings ────────────────────────────────────────────────────────────────────────────────────────────

  async ensure(em: EntityManager): Promise<void> {
    await em.getConnection().execute('insert into move_settings (id) values (1) on conflict (id) do nothing');
  }

  async settings(em: EntityManager): Promise<MoveSettings> {
    return (await em.findOne(MoveSettings, { id: 1 })) ?? new MoveSettings();
  }

  async updateSettings(em: EntityManager, actor: User, changes: MoveSettingsInput): Promise<MoveSettings> {
    assertMayManageMoves(actor);
    await this.ensure(em);
    const settings = await em.findOneOrFail(MoveSettings, { id: 1 });
    em.assign(settings, Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined && v !== null)));
    await em.flush();
    return settings;
  }

  // ── reading a student's standing ────────────────────────────────────────────────────────────────────────

  /**
   * In one statement: the moves (not archived) with their apparatus, the level definitions, the settings and each
   * student's progress, attempts, placements, last class per apparatus and open requests (with `history`, their
   * last 100 history entries and placements too), for any number of students.
   */
  async standings(
    em: EntityManager,
    studentIds: readonly string[],
    history = false,
  ): Promise<{ catalogue: Catalogue; progress: Map<string, ProgressData>; history: Map<string, HistoryRows> }> {
    const [row] = await em
      .getConnection()
      .execute<
        { moves: MoveRow[] | null; levels: LevelDefinition[] | null; settings: MoveSettings | null; students: ProgressRow[] | null }[]
      >(
        `select (select json_agg(json_build_object('id', m.id, 'name', m.name, 'aliases', m.aliases, 'level', m.level,
                'description', m.description, 'safetyNotes', m.safety_notes, 'prerequisiteIds', m.prerequisite_ids,
                'hasSides', m.has_sides, 'imageKey', m.image_key, 'cleanReps', m.clean_reps, 'cleanDays', m.clean_days,
                'archivedAt', m.archived_at, 'createdAt', m.created_at, 'apparatus', json_build_object('id', a.id, 'name', a.name,
                'description', a.description, 'sortOrder', a.sort_order)) order by a.sort_order, m.level, m.name)
                from move m join apparatus a on a.id = m.apparatus_id where m.archived_at is null) as moves,
              (select json_agg(json_build_object('apparatusId', apparatus_id, 'number', number, 'name', name,
                'requiredMoveIds', required_move_ids, 'cleanReps', clean_reps, 'cleanDays', clean_days)) from move_level) as levels,
              (select json_build_object('refreshDays', refresh_days, 'refreshCountsForBooking', refresh_counts_for_booking,
                'parentsMayMarkLearning', parents_may_mark_learning) from move_settings where id = 1) as settings,
              (select json_agg(json_build_object('studentId', s.id,
         'progress', coalesce((select json_agg(json_build_object('moveId', p.move_id, 'side', p.side, 'state', p.state, 'signedOffAt', p.signed_off_at))
                     from move_progress p where p.student_id = s.id), '[]'),
         'attempts', coalesce((select json_agg(json_build_object('moveId', a.move_id, 'side', a.side, 'day', a.day, 'cleanReps', a.clean_reps))
                     from move_attempt a where a.student_id = s.id), '[]'),
         'placements', coalesce((select json_agg(json_build_object('id', l.id, 'apparatusId', l.apparatus_id, 'level', l.level, 'reason', l.reason, 'at', l.at)
                     order by l.at desc) from level_placement l where l.student_id = s.id), '[]'),
         'attended', coalesce((select json_agg(json_build_object('apparatusId', x.apparatus_id, 'at', x.last)) from
                     (select cb.apparatus_id, max(ci.starts_at) as last from booking b
                        join class_instance ci on ci.id = b.class_instance_id
                        join class_blueprint cb on cb.id = ci.blueprint_id
                       where b.attendee_id = s.id and b.status = 'confirmed' and ci.starts_at < now()
                       group by cb.apparatus_id) x), '[]'),
         'requests', coalesce((select json_agg(r.move_id) from sign_off_request r where r.student_id = s.id and r.closed_at is null), '[]'),
         'history', ${
           history
             ? `coalesce((select json_agg(h) from (select id, move_id as "move", move_name as "moveName", apparatus_name as "apparatusName",
                  kind, side, from_state as "fromState", to_state as "toState", clean_reps as "cleanReps", note, by_name as "byName", at
                  from move_history_entry where student_id = s.id order by at desc, id desc limit 100) h), '[]')`
             : `'[]'::json`
         }))
         from unnest(?::uuid[]) as s(id)) as students`,
        [pgArray(studentIds)],
        'all',
        em.getTransactionContext(),
      );
    // Plain rows shaped as the entity, not managed entities: hydrating hundreds of moves cost most of the request.
    const moves = (row.moves ?? []).map((m) => ({ ...m, createdAt: new Date(m.createdAt), archivedAt: null }) as unknown as Move);
    const catalogue = { moves, levels: row.levels ?? [], settings: Object.assign(new MoveSettings(), row.settings ?? {}) };
    const students = row.students ?? [];
    return {
      catalogue,
      progress: new Map(
        students.map((r) => [
          r.studentId,
          {
            progress: r.progress.map((p) => ({ ...p, signedOffAt: p.signedOffAt ? new Date(p.signedOffAt) : null })),
            attempts: r.attempts,
            placements: r.placements.map((p) => ({ ...p, at: new Date(p.at) })),
            attended: new Map(r.attended.map((a) => [a.apparatusId, new Date(a.at)])),
            openRequests: new Set(r.requests),
          },
        ]),
      ),
      history: new Map(
        students.map((r) => [
          r.studentId,
          {
            entries: r.history.map((h) => ({ ...h, at: new Date(h.at) })) as MoveHistoryEntry[],
            placements: r.placements.map((p) => ({
              ...p,
              apparatus: em.getReference(Apparatus, p.apparatusId),
              at: new Date(p.at),
            })) as unknown as LevelPlacement[],
          },
        ]),
      ),
    };
  }

  standingOf(catalogue: Catalogue, data: ProgressData | undefined): Standing {
    const empty: ProgressData = { progress: [], attempts: [], placements: [], attended: new Map(), openRequests: new Set() };
    return new Standing(catalogue.moves, catalogue.levels, data ?? empty, catalogue.settings);
  }

  /** Someone whose moves the actor follows: themselves (no query), their child, or anyone for staff. */
  async followed(em: EntityManager, actor: User, studentId: string | undefined | null): Promise<User> {
    if (!studentId || studentId === actor.id) return actor;
    const student = await em.findOne(User, { id: studentId }, { populate: ['guardian'] });
    assertMayFollowMoves(actor, student);
    return student;
  }

  /** My Moves: per apparatus the level, what the next needs, the moves with their states; the history. */
  async studentMoves(em: EntityManager, actor: User, studentId?: string | null): Promise<StudentMoves> {
    const student = await this.followed(em, actor, studentId);
    const { catalogue, progress, history } = await this.standings(em, [student.id], true);
    const standing = this.standingOf(catalogue, progress.get(student.id));
    const apparatus = [...new Map(catalogue.moves.map((m) => [m.apparatus.id, m.apparatus])).values()];
    return {
      studentId: student.id,
      studentName: fullName(student),
      apparatus: apparatus.map((a) => standing.apparatusMoves(a)),
      history: history.get(student.id)?.entries ?? [],
      placements: history.get(student.id)?.placements ?? [],
    };
  }

  // ── sign-off requests ───────────────────────────────────────────────────────────────────────────────────

  /** A student's sign-off requests, open and closed, newest first: how each was answered. */
  async requestsOf(em: EntityManager, student: User): Promise<SignOffRequest[]> {
    return em.find(
      SignOffRequest,
      { student: student.id },
      { populate: ['move.apparatus', 'student'], orderBy: { createdAt: 'desc', id: 'desc' }, limit: 100 },
    );
  }

  /** Open sign-off requests, oldest first (staff). */
  async openRequests(em: EntityManager, actor: User, studentIds?: string[]): Promise<SignOffRequest[]> {
    assertMayCoachMoves(actor);
    return em.find(
      SignOffRequest,
      { closedAt: null, ...(studentIds ? { student: { $in: studentIds } } : {}) },
      { populate: ['move.apparatus', 'student'], orderBy: { createdAt: 'asc' }, limit: 200 },
    );
  }

  async studentMoveNow(em: EntityManager, studentId: string, moveId: string): Promise<StudentMove> {
    const { catalogue, progress } = await this.standings(em, [studentId]);
    const move = catalogue.moves.find((m) => m.id === moveId);
    if (!move) throw notFound('That move');
    return this.standingOf(catalogue, progress.get(studentId)).studentMove(move);
  }

  /**
   * Everyone who has reached `level` or above on an apparatus right now: of the people with a sign-off or a placement
   * there, those whose standing says so (levels are computed from progress, as for one student), 500 at a time.
   */
  async reachedLevel(em: EntityManager, apparatusId: string, level: number): Promise<string[]> {
    const candidates = await em.getConnection().execute<{ id: string }[]>(
      `select p.student_id as id from move_progress p join move m on m.id = p.move_id
        where m.apparatus_id = ? and p.state = 'signed_off'
       union
       select l.student_id from level_placement l where l.apparatus_id = ?`,
      [apparatusId, apparatusId],
      'all',
      em.getTransactionContext(),
    );
    const reached: string[] = [];
    for (let i = 0; i < candidates.length; i += 500) {
      const ids = candidates.slice(i, i + 500).map((c) => c.id);
      const { catalogue, progress } = await this.standings(em, ids);
      for (const id of ids) if (this.standingOf(catalogue, progress.get(id)).levelOn(apparatusId) >= level) reached.push(id);
    }
    return reached;
  }

  /** The level a student has reached on an apparatus right now (inside the transaction). */
  async levelOf(tx: EntityManager, studentId: string, apparatusId: string): Promise<number> {
    const { catalogue, progress } = await this.standings(tx, [studentId]);
    return this.standingOf(catalogue, progress.get(studentId)).levelOn(apparatusId);
  }
}
