import { fullName } from '@studio/rules';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { DomainEvents } from '../../events/domain-events.js';
import { badInput, conflict, notFound } from '../../graphql/errors.js';
import { publishOnCommit } from '../../graphql/pubsub.js';
import { Apparatus } from '../classes/apparatus.entity.js';
import { ClassBlueprint } from '../classes/class-blueprint.entity.js';
import { ClassInstance } from '../classes/class-instance.entity.js';
import { NotificationType } from '../notifications/notification.entity.js';
import type { NotificationService } from '../notifications/notification.service.js';
import { User } from '../users/user.entity.js';
import type { UserService } from '../users/user.service.js';
import { ClassMoveRequirement, MoveOverride, MoveSettings } from './move-gate.entity.js';
import {
  LevelPlacement,
  MoveAttempt,
  MoveChangeKind,
  MoveHistoryEntry,
  MoveProgress,
  MoveSide,
  MoveState,
  SignOffRequest,
} from './move-progress.entity.js';
import { Standing, type LevelDefinition, type ProgressData } from './move-standing.js';
import { clearanceMet, clearedDays, ruleFor, sidesOf } from './move.clearance.js';
import { Move, MoveLevel } from './move.entity.js';
import {
  assertMayCoachMoves,
  assertMayFollowMoves,
  assertMayManageMoves,
  assertMayRequestSignOff,
  assertMaySetMoveState,
  mayCoachMoves,
} from './move.policy.js';
import type {
  ClassMoveGrid,
  ClassRequirementInput,
  MoveAttemptInput,
  MoveChangeResult,
  MoveNoteInput,
  MoveSettingsInput,
  MoveStateInput,
  OverrideArgs,
  PlacementArgs,
  RequirementCheck,
  SignOffRequestArgs,
  StudentMove,
  StudentMoves,
} from './move.types.js';

type SignOffBy = 'staff' | 'clearance';

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

/** A student's last history entries and placements, as GraphQL shows them. */
interface HistoryRows {
  entries: MoveHistoryEntry[];
  placements: LevelPlacement[];
}

/**
 * Moves: the catalogue per apparatus, levels as sets of required moves, each student's progress per move and side
 * with its append-only history, the clearance rule, refresh, sign-off requests, placements, and the gate that keeps
 * attendees out of classes whose moves they have not signed off (bookings' `requirements` port).
 */
export class MoveService {
  constructor(
    private readonly notifications: NotificationService,
    private readonly users: UserService,
    private readonly events: DomainEvents,
  ) {}

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
   * The moves (not archived) with their apparatus; then, in one statement, the level definitions, the settings and
   * each student's progress, attempts, placements, last class per apparatus and open requests (with `history`, their
   * last 100 history entries and placements too). Two statements for any number of students.
   */
  async standings(
    em: EntityManager,
    studentIds: readonly string[],
    history = false,
  ): Promise<{ catalogue: Catalogue; progress: Map<string, ProgressData>; history: Map<string, HistoryRows> }> {
    const moves = await em.find(
      Move,
      { archivedAt: null },
      { populate: ['apparatus'], orderBy: { apparatus: { sortOrder: 'asc' }, level: 'asc', name: 'asc' } },
    );
    const [row] = await em
      .getConnection()
      .execute<{ levels: LevelDefinition[] | null; settings: MoveSettings | null; students: ProgressRow[] | null }[]>(
        `select (select json_agg(json_build_object('apparatusId', apparatus_id, 'number', number, 'name', name,
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
        [`{${studentIds.join(',')}}`],
        'all',
        em.getTransactionContext(),
      );
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
            placements: r.placements,
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

  private standingOf(catalogue: Catalogue, data: ProgressData | undefined): Standing {
    const empty: ProgressData = { progress: [], attempts: [], placements: [], attended: new Map(), openRequests: new Set() };
    return new Standing(catalogue.moves, catalogue.levels, data ?? empty, catalogue.settings);
  }

  /** Someone whose moves the actor follows: themselves (no query), their child, or anyone for staff. */
  private async followed(em: EntityManager, actor: User, studentId: string | undefined | null): Promise<User> {
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

  private async studentMoveNow(em: EntityManager, studentId: string, moveId: string): Promise<StudentMove> {
    const { catalogue, progress } = await this.standings(em, [studentId]);
    const move = catalogue.moves.find((m) => m.id === moveId);
    if (!move) throw notFound('That move');
    return this.standingOf(catalogue, progress.get(studentId)).studentMove(move);
  }

  // ── changing a student's moves ──────────────────────────────────────────────────────────────────────────

  private async studentFor(tx: EntityManager, studentId: string): Promise<User> {
    const student = await tx.findOne(User, { id: studentId }, { populate: ['guardian'] });
    if (!student) throw notFound('That student');
    return student;
  }

  private async activeMove(tx: EntityManager, moveId: string): Promise<Move> {
    const move = await tx.findOne(Move, { id: moveId }, { populate: ['apparatus'] });
    if (!move) throw notFound('That move');
    if (move.archivedAt) throw conflict(`${move.name} is archived: it is no longer taught.`);
    return move;
  }

  private sidesFor(move: Move, side: MoveSide): MoveSide[] {
    if (side === MoveSide.both) return sidesOf(move);
    if (!move.hasSides) throw badInput(`${move.name} has no sides.`, { side: 'This move has no sides: use both.' });
    return [side];
  }

  /** An operation the client sent before: nothing more to do. */
  private async replayed(tx: EntityManager, operationId: string | undefined): Promise<boolean> {
    return !!operationId && (await tx.count(MoveHistoryEntry, { operationId })) > 0;
  }

  private async progressRow(tx: EntityManager, student: User, move: Move, side: MoveSide): Promise<MoveProgress> {
    const row = await tx.findOne(MoveProgress, { student: student.id, move: move.id, side });
    return row ?? tx.create(MoveProgress, { student, move, side, state: MoveState.not_started });
  }

  private record(
    tx: EntityManager,
    by: User,
    student: User,
    move: Move | null,
    data: Partial<MoveHistoryEntry> & { kind: MoveChangeKind },
  ): MoveHistoryEntry {
    return tx.create(MoveHistoryEntry, {
      student,
      move: move?.id ?? null,
      moveName: move?.name ?? data.moveName ?? '',
      apparatusName: move?.apparatus.name ?? data.apparatusName ?? '',
      by,
      byName: fullName(by),
      ...data,
    });
  }

  private async levelDefFor(tx: EntityManager, move: Move): Promise<MoveLevel | null> {
    return tx.findOne(MoveLevel, { apparatus: move.apparatus.id, number: move.level });
  }

  /**
   * Sets a student's state on a move (each side, or one), keeping the change in the history. Students go up to
   * "solid" for themselves, staff sign off (when the move's clearance rule asks for more than one sign-off, only once
   * its attempts meet it) and take a sign-off back with a reason (move.policy). With an operation id sent before,
   * nothing changes again.
   */
  async setState(em: EntityManager, actor: User, input: MoveStateInput): Promise<MoveChangeResult> {
    const entry = await em.transactional(async (tx) => {
      if (await this.replayed(tx, input.operationId)) return null;
      const student = await this.studentFor(tx, input.studentId);
      const move = await this.activeMove(tx, input.moveId);
      const settings = await this.settings(tx);
      const sides = this.sidesFor(move, input.side);
      const rule = ruleFor(move, (await this.levelDefFor(tx, move)) ?? undefined);
      const levelBefore = await this.levelOf(tx, student.id, move.apparatus.id);
      let first: MoveHistoryEntry | null = null;
      for (const side of sides) {
        const row = await this.progressRow(tx, student, move, side);
        const from = row.state;
        if (from === input.state) continue;
        assertMaySetMoveState(actor, student, { from, to: input.state }, settings);
        if (from === MoveState.signed_off && !input.note.trim())
          throw badInput('Give a reason for taking the sign-off back.', { note: 'Give a reason.' });
        if (input.state === MoveState.signed_off && (rule.cleanDays > 1 || rule.cleanReps > 1)) {
          const attempts = await tx.find(MoveAttempt, { student: student.id, move: move.id, side });
          const days = clearedDays(attempts, side, rule);
          if (days < rule.cleanDays)
            throw conflict(
              `${move.name} is signed off after ${rule.cleanReps} clean reps per side on ${rule.cleanDays} different days: ${days} of ${rule.cleanDays} days so far${move.hasSides ? ` on the ${side} side` : ''}. Record attempts instead.`,
            );
        }
        this.moveTo(row, input.state, actor);
        const entry = this.record(tx, actor, student, move, {
          kind: MoveChangeKind.state,
          side,
          fromState: from,
          toState: input.state,
          note: input.note.trim(),
          operationId: first ? null : (input.operationId ?? null),
        });
        first ??= entry;
      }
      await tx.flush();
      if (input.state === MoveState.signed_off) await this.signedOff(tx, actor, student, move, 'staff', levelBefore);
      else if (first) await this.changed(tx, student.id, move.id);
      return first;
    });
    return { entry, move: await this.studentMoveNow(em, input.studentId, input.moveId) };
  }

  private moveTo(row: MoveProgress, state: MoveState, by: User): void {
    row.state = state;
    row.updatedAt = new Date();
    row.signedOffAt = state === MoveState.signed_off ? new Date() : null;
    row.signedOffBy = state === MoveState.signed_off ? by : null;
  }

  private async changed(tx: EntityManager, studentId: string, moveId?: string): Promise<void> {
    await publishOnCommit(tx, 'MOVES_CHANGED', studentId, { kind: 'changed', moveId });
  }

  /** The level a student has reached on an apparatus right now (inside the transaction). */
  private async levelOf(tx: EntityManager, studentId: string, apparatusId: string): Promise<number> {
    const { catalogue, progress } = await this.standings(tx, [studentId]);
    return this.standingOf(catalogue, progress.get(studentId)).levelOn(apparatusId);
  }

  /**
   * A move was signed off on some side: once every side is, its open requests close, the student (or their parent)
   * is told, `move.signed_off` is announced and, when it completes a level, `level.achieved`.
   */
  private async signedOff(tx: EntityManager, by: User, student: User, move: Move, how: SignOffBy, levelBefore: number): Promise<void> {
    await this.changed(tx, student.id, move.id);
    const rows = await tx.find(MoveProgress, { student: student.id, move: move.id });
    const sides = sidesOf(move);
    if (!sides.every((side) => rows.some((r) => r.side === side && r.state === MoveState.signed_off))) return;
    await tx.nativeUpdate(SignOffRequest, { student: student.id, move: move.id, closedAt: null }, { closedAt: new Date() });
    await this.notifications.add(tx, this.notifications.recipientOf(student), {
      type: NotificationType.other,
      title: `${move.name} signed off`,
      message: `${fullName(by)} signed off ${move.name} (${move.apparatus.name}) for ${fullName(student)}.`,
      link: '/moves',
    });
    await this.events.emit(tx, 'move.signed_off', {
      studentId: student.id,
      moveId: move.id,
      moveName: move.name,
      apparatusId: move.apparatus.id,
      signedOffById: by.id,
      by: how,
    });
    const levelAfter = await this.levelOf(tx, student.id, move.apparatus.id);
    if (levelAfter > levelBefore)
      await this.events.emit(tx, 'level.achieved', {
        studentId: student.id,
        apparatusId: move.apparatus.id,
        level: levelAfter,
        by: 'sign_off',
      });
  }

  /**
   * Staff record the clean reps they saw today; when the move's clearance rule is then met on every side, the move
   * is signed off. With an operation id sent before, nothing is recorded again.
   */
  async recordAttempt(em: EntityManager, actor: User, input: MoveAttemptInput): Promise<MoveChangeResult> {
    assertMayCoachMoves(actor);
    const entry = await em.transactional(async (tx) => {
      if (await this.replayed(tx, input.operationId)) return null;
      const student = await this.studentFor(tx, input.studentId);
      const move = await this.activeMove(tx, input.moveId);
      const sides = this.sidesFor(move, input.side);
      const day = this.users.today();
      const levelBefore = await this.levelOf(tx, student.id, move.apparatus.id);
      let first: MoveHistoryEntry | null = null;
      for (const side of sides) {
        tx.create(MoveAttempt, { student, move, side, cleanReps: input.cleanReps, day, recordedBy: actor });
        const entry = this.record(tx, actor, student, move, {
          kind: MoveChangeKind.attempt,
          side,
          cleanReps: input.cleanReps,
          operationId: first ? null : (input.operationId ?? null),
        });
        first ??= entry;
      }
      await tx.flush();
      const rule = ruleFor(move, (await this.levelDefFor(tx, move)) ?? undefined);
      const attempts = await tx.find(MoveAttempt, { student: student.id, move: move.id });
      const rows = await Promise.all(sidesOf(move).map((side) => this.progressRow(tx, student, move, side)));
      if (clearanceMet(attempts, sidesOf(move), rule) && rows.some((r) => r.state !== MoveState.signed_off)) {
        for (const row of rows.filter((r) => r.state !== MoveState.signed_off)) {
          this.record(tx, actor, student, move, {
            kind: MoveChangeKind.state,
            side: row.side,
            fromState: row.state,
            toState: MoveState.signed_off,
            note: `Cleared: ${rule.cleanReps} clean reps per side on ${rule.cleanDays} different days.`,
          });
          this.moveTo(row, MoveState.signed_off, actor);
        }
        await tx.flush();
        await this.signedOff(tx, actor, student, move, 'clearance', levelBefore);
      } else {
        await this.changed(tx, student.id, move.id);
      }
      return first;
    });
    return { entry, move: await this.studentMoveNow(em, input.studentId, input.moveId) };
  }

  /** A note on a student's move, from the student, their parent or staff; kept in the history, seen by all of them. */
  async addNote(em: EntityManager, actor: User, input: MoveNoteInput): Promise<MoveChangeResult> {
    const entry = await em.transactional(async (tx) => {
      const student = await this.studentFor(tx, input.studentId);
      if (!mayCoachMoves(actor)) assertMayRequestSignOff(actor, student);
      const move = await this.activeMove(tx, input.moveId);
      const entry = this.record(tx, actor, student, move, { kind: MoveChangeKind.note, note: input.note.trim() });
      await tx.flush();
      await this.changed(tx, student.id, move.id);
      return entry;
    });
    return { entry, move: await this.studentMoveNow(em, input.studentId, input.moveId) };
  }

  /** A student (or their parent) asks for a sign-off; staff see it on the class grid and /student-moves. */
  async requestSignOff(em: EntityManager, actor: User, args: SignOffRequestArgs): Promise<MoveChangeResult> {
    const entry = await em.transactional(async (tx) => {
      const student = await this.studentFor(tx, args.studentId);
      assertMayRequestSignOff(actor, student);
      const move = await this.activeMove(tx, args.moveId);
      const rows = await tx.find(MoveProgress, { student: student.id, move: move.id });
      if (sidesOf(move).every((side) => rows.some((r) => r.side === side && r.state === MoveState.signed_off)))
        throw conflict(`${move.name} is already signed off.`);
      if (await tx.count(SignOffRequest, { student: student.id, move: move.id, closedAt: null }))
        throw conflict(`A sign-off of ${move.name} is already asked for.`);
      tx.create(SignOffRequest, { student, move, note: args.note.trim() });
      const entry = this.record(tx, actor, student, move, { kind: MoveChangeKind.sign_off_request, note: args.note.trim() });
      await tx.flush();
      await this.changed(tx, student.id, move.id);
      return entry;
    });
    return { entry, move: await this.studentMoveNow(em, args.studentId, args.moveId) };
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

  /** An admin places a student at a level of an apparatus (kept in the history); it counts as that level met. */
  async place(em: EntityManager, actor: User, args: PlacementArgs): Promise<LevelPlacement> {
    assertMayManageMoves(actor);
    return em.transactional(async (tx) => {
      const student = await this.studentFor(tx, args.studentId);
      const apparatus = await tx.findOne(Apparatus, { id: args.apparatusId });
      if (!apparatus) throw notFound('That apparatus');
      const levelBefore = await this.levelOf(tx, student.id, apparatus.id);
      const placement = tx.create(LevelPlacement, { student, apparatus, level: args.level, reason: args.reason.trim(), by: actor });
      this.record(tx, actor, student, null, {
        kind: MoveChangeKind.placement,
        moveName: `${apparatus.name} level ${args.level}`,
        apparatusName: apparatus.name,
        note: args.reason.trim(),
      });
      await tx.flush();
      await this.changed(tx, student.id);
      const levelAfter = await this.levelOf(tx, student.id, apparatus.id);
      if (levelAfter > levelBefore)
        await this.events.emit(tx, 'level.achieved', {
          studentId: student.id,
          apparatusId: apparatus.id,
          level: levelAfter,
          by: 'placement',
        });
      return placement;
    });
  }

  // ── staff: the class grid ───────────────────────────────────────────────────────────────────────────────

  /** A class's students (active bookings) × the moves of its level on its apparatus, with open requests. */
  async classGrid(em: EntityManager, actor: User, classInstanceId: string): Promise<ClassMoveGrid> {
    assertMayCoachMoves(actor);
    const instance = await em.findOne(ClassInstance, { id: classInstanceId }, { populate: ['blueprint.apparatus'] });
    if (!instance) throw notFound('That class');
    const attendees = await em.getConnection().execute<{ id: string; first_name: string; last_name: string }[]>(
      `select u.id, u.first_name, u.last_name from booking b join app_user u on u.id = b.attendee_id
        where b.class_instance_id = ? and b.status in ('held', 'confirmed') order by u.first_name, u.last_name`,
      [classInstanceId],
    );
    const { catalogue, progress } = await this.standings(
      em,
      attendees.map((a) => a.id),
    );
    const apparatusId = instance.blueprint.apparatus.id;
    const probe = this.standingOf(catalogue, undefined);
    const moves = probe.requiredFor(apparatusId, instance.blueprint.level);
    const requests = attendees.length
      ? await this.openRequests(
          em,
          actor,
          attendees.map((a) => a.id),
        )
      : [];
    return {
      classInstanceId,
      className: instance.blueprint.name,
      moves,
      students: attendees.map((a) => {
        const standing = this.standingOf(catalogue, progress.get(a.id));
        return { studentId: a.id, name: `${a.first_name} ${a.last_name}`, moves: moves.map((m) => standing.studentMove(m)) };
      }),
      requests,
    };
  }

  // ── booking gated on moves ──────────────────────────────────────────────────────────────────────────────

  async setClassRequirement(em: EntityManager, actor: User, input: ClassRequirementInput): Promise<ClassMoveRequirement | null> {
    assertMayManageMoves(actor);
    return em.transactional(async (tx) => {
      const blueprint = await tx.findOne(ClassBlueprint, { id: input.classTypeId });
      if (!blueprint) throw notFound('That class type');
      const moveIds = [...new Set(input.moveIds)];
      const found = moveIds.length ? await tx.count(Move, { id: { $in: moveIds }, archivedAt: null }) : 0;
      if (found !== moveIds.length)
        throw badInput('Some of those moves do not exist or are archived.', { moveIds: 'Choose moves of the catalogue.' });
      const existing = await tx.findOne(ClassMoveRequirement, { blueprint: blueprint.id });
      if (!input.level && !moveIds.length) {
        if (existing) tx.remove(existing);
        blueprint.bookingGated = false;
        await tx.flush();
        return null;
      }
      const apparatusId = input.level ? (input.apparatusId ?? blueprint.apparatus.id) : null;
      if (apparatusId && !(await tx.count(Apparatus, { id: apparatusId }))) throw notFound('That apparatus');
      const requirement = existing ?? tx.create(ClassMoveRequirement, { blueprint });
      tx.assign(requirement, { apparatus: apparatusId, level: input.level ?? null, moveIds });
      blueprint.bookingGated = true;
      await tx.flush();
      return requirement;
    });
  }

  async classRequirement(em: EntityManager, classTypeId: string): Promise<ClassMoveRequirement | null> {
    return em.findOne(ClassMoveRequirement, { blueprint: classTypeId }, { populate: ['apparatus'] });
  }

  /** Staff let an attendee into one class, or every class until a date, though they lack its moves. */
  async grantOverride(em: EntityManager, actor: User, args: OverrideArgs): Promise<MoveOverride> {
    assertMayCoachMoves(actor);
    if (!args.classInstanceId && !args.until)
      throw badInput('Choose the class, or the date the leave lasts until.', { until: 'Choose a class or a date.' });
    if (args.until && args.until < this.users.today()) throw badInput('That date has passed.', { until: 'Choose today or a later date.' });
    return em.transactional(async (tx) => {
      const attendee = await tx.findOne(User, { id: args.attendeeId });
      if (!attendee) throw notFound('That person');
      if (args.classInstanceId && !(await tx.count(ClassInstance, { id: args.classInstanceId }))) throw notFound('That class');
      const override = tx.create(MoveOverride, {
        attendee,
        classInstance: args.classInstanceId ?? null,
        until: args.until ?? null,
        reason: args.reason.trim(),
        by: actor,
      });
      await tx.flush();
      return override;
    });
  }

  /** The requirement of a class in words, and what the attendee lacks (moves in refresh per the studio's setting). */
  async check(em: EntityManager, attendee: User, instance: ClassInstance): Promise<RequirementCheck> {
    const requirement = await em.findOne(ClassMoveRequirement, { blueprint: instance.blueprint.id }, { populate: ['apparatus'] });
    if (!requirement) return { requirement: '', met: true, missingMoves: [], overridden: false };
    const { catalogue, progress } = await this.standings(em, [attendee.id]);
    const standing = this.standingOf(catalogue, progress.get(attendee.id));
    const missing = new Map<string, Move>();
    const parts: string[] = [];
    if (requirement.apparatus && requirement.level) {
      parts.push(standing.levelName(requirement.apparatus.id, requirement.apparatus.name, requirement.level));
      for (const m of standing.missingForLevel(requirement.apparatus.id, requirement.level, true)) missing.set(m.id, m);
    }
    const named = catalogue.moves.filter((m) => requirement.moveIds.includes(m.id));
    if (named.length) parts.push(named.map((m) => m.name).join(', '));
    for (const m of named) if (!standing.isSignedOff(m.id, true)) missing.set(m.id, m);
    const met = missing.size === 0;
    const overridden =
      !met &&
      (await em.count(MoveOverride, {
        attendee: attendee.id,
        $or: [{ classInstance: instance.id }, { until: { $gte: instance.date } }],
      })) > 0;
    return { requirement: parts.join(' and '), met, missingMoves: [...missing.values()].map((m) => m.name), overridden };
  }

  /** What an attendee may check before booking: themselves, a child, or anyone for staff. */
  async checkFor(em: EntityManager, actor: User, classInstanceId: string, attendeeId?: string | null): Promise<RequirementCheck> {
    const attendee = await this.followed(em, actor, attendeeId);
    const instance = await em.findOne(ClassInstance, { id: classInstanceId }, { populate: ['blueprint'] });
    if (!instance) throw notFound('That class');
    return this.check(em, attendee, instance);
  }

  /** The bookings port: why this attendee may not take a spot in this class, or null. */
  async missingFor(tx: EntityManager, attendee: User, instance: ClassInstance): Promise<string | null> {
    const result = await this.check(tx, attendee, instance);
    if (result.met || result.overridden) return null;
    const shown =
      result.missingMoves.slice(0, 10).join(', ') + (result.missingMoves.length > 10 ? ` and ${result.missingMoves.length - 10} more` : '');
    return `${instance.blueprint.name} requires ${result.requirement}: ${fullName(attendee)} has not had ${shown} signed off yet. Ask an instructor about a sign-off or an override.`;
  }
}
