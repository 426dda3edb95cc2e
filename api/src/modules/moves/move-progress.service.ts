import { fullName } from '@studio/rules';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { DomainEvents } from '../../events/domain-events.js';
import { badInput, conflict, notFound } from '../../graphql/errors.js';
import { publishOnCommit } from '../../graphql/pubsub.js';
import type { RequestQuota } from '../auth/login-limiter.js';
import { Apparatus } from '../classes/apparatus.entity.js';
import { NotificationType } from '../notifications/notification.entity.js';
import type { NotificationService } from '../notifications/notification.service.js';
import { User } from '../users/user.entity.js';
import type { UserService } from '../users/user.service.js';
import {
  LevelPlacement,
  MoveAttempt,
  MoveChangeKind,
  MoveHistoryEntry,
  MoveProgress,
  MoveSide,
  MoveState,
  SignOffOutcome,
  SignOffRequest,
} from './move-progress.entity.js';
import type { MoveStandings } from './move-standings.service.js';
import { clearanceMet, clearedDays, ruleFor, sidesOf } from './move.clearance.js';
import { LevelAchievement } from './level-achievement.entity.js';
import { Move, MoveLevel } from './move.entity.js';
import { assertMayCoachMoves, assertMayManageMoves, assertMayRequestSignOff, assertMaySetMoveState, mayCoachMoves } from './move.policy.js';
import type {
  MoveAttemptInput,
  MoveChangeResult,
  MoveNoteInput,
  MoveStateInput,
  PlacementArgs,
  SignOffDecisionArgs,
  SignOffRequestArgs,
} from './move.types.js';

type SignOffBy = 'staff' | 'clearance';

/**
 * State changes one person may send in a window: a whole class grid tapped through on the mat, or a tap queue
 * replayed after a lost connection, stays well inside it; a script flooding the history does not.
 */
export const MOVE_STATE_QUOTA = { points: 120, windowSeconds: 60 };
/** Sign-off requests one person may send in a window: each one lands on an instructor's grid. */
export const SIGN_OFF_REQUEST_QUOTA = { points: 10, windowSeconds: 10 * 60 };

/** The per-person quotas on changing moves (counted in PostgreSQL, shared by every API instance). */
export interface MoveQuotas {
  states: RequestQuota;
  requests: RequestQuota;
}

/**
 * Changing a student's moves, each change kept in the append-only history: states per side, staff attempts against
 * the clearance rule, notes, sign-off requests and level placements. A sign-off closes the move's requests, tells the
 * student and announces `move.signed_off` (and `level.achieved` when it completes a level).
 */
export class MoveProgressService {
  constructor(
    private readonly read: MoveStandings,
    private readonly notifications: NotificationService,
    private readonly users: UserService,
    private readonly events: DomainEvents,
    private readonly quotas: MoveQuotas,
  ) {}

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
    await this.quotas.states.enforce([`user:${actor.id}`], 'move changes');
    const entry = await em.transactional(async (tx) => {
      if (await this.replayed(tx, input.operationId)) return null;
      const student = await this.studentFor(tx, input.studentId);
      const move = await this.activeMove(tx, input.moveId);
      const settings = await this.read.settings(tx);
      const sides = this.sidesFor(move, input.side);
      const rule = ruleFor(move, (await this.levelDefFor(tx, move)) ?? undefined);
      const levelBefore = await this.read.levelOf(tx, student.id, move.apparatus.id);
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
    return { entry, move: await this.read.studentMoveNow(em, input.studentId, input.moveId) };
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

  /**
   * A move was signed off on some side: once every side is, its open requests close, the student (or their parent)
   * is told, `move.signed_off` is announced and, when it completes a level, `level.achieved`.
   */
  private async signedOff(tx: EntityManager, by: User, student: User, move: Move, how: SignOffBy, levelBefore: number): Promise<void> {
    await this.changed(tx, student.id, move.id);
    const rows = await tx.find(MoveProgress, { student: student.id, move: move.id });
    const sides = sidesOf(move);
    if (!sides.every((side) => rows.some((r) => r.side === side && r.state === MoveState.signed_off))) return;
    await tx.nativeUpdate(
      SignOffRequest,
      { student: student.id, move: move.id, closedAt: null },
      { closedAt: new Date(), outcome: SignOffOutcome.approved, closedBy: by },
    );
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
    const levelAfter = await this.read.levelOf(tx, student.id, move.apparatus.id);
    if (levelAfter > levelBefore) await this.achieved(tx, student.id, move.apparatus.id, levelAfter, 'sign_off');
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
      const levelBefore = await this.read.levelOf(tx, student.id, move.apparatus.id);
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
    return { entry, move: await this.read.studentMoveNow(em, input.studentId, input.moveId) };
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
    return { entry, move: await this.read.studentMoveNow(em, input.studentId, input.moveId) };
  }

  /** A student (or their parent) asks for a sign-off; staff see it on the class grid and /student-moves. */
  async requestSignOff(em: EntityManager, actor: User, args: SignOffRequestArgs): Promise<MoveChangeResult> {
    await this.quotas.requests.enforce([`user:${actor.id}`], 'sign-off requests');
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
    return { entry, move: await this.read.studentMoveNow(em, args.studentId, args.moveId) };
  }

  /** An open sign-off request, for staff to decide on. */
  private async openRequestFor(tx: EntityManager, actor: User, requestId: string): Promise<SignOffRequest> {
    assertMayCoachMoves(actor);
    const request = await tx.findOne(SignOffRequest, { id: requestId }, { populate: ['move.apparatus', 'student.guardian'] });
    if (!request) throw notFound('That sign-off request');
    if (request.closedAt) throw conflict('That sign-off request is already closed.');
    return request;
  }

  /**
   * Staff approve a request: its move is signed off on every side as a staff sign-off does (the clearance rule
   * still applies), which closes the request as approved and tells the student.
   */
  async approveSignOff(em: EntityManager, actor: User, args: SignOffDecisionArgs): Promise<SignOffRequest> {
    const request = await this.openRequestFor(em, actor, args.requestId);
    await this.setState(em, actor, {
      studentId: request.student.id,
      moveId: request.move.id,
      side: MoveSide.both,
      state: MoveState.signed_off,
      note: args.note.trim(),
    });
    if (args.note.trim()) await em.nativeUpdate(SignOffRequest, { id: request.id }, { response: args.note.trim() });
    await em.refresh(request);
    return request;
  }

  /**
   * Staff turn a request down with a note: it closes as rejected, the note is kept (and written to the history), the
   * student (or their parent) is told and `move.sign_off_rejected` announced.
   */
  async rejectSignOff(em: EntityManager, actor: User, args: SignOffDecisionArgs): Promise<SignOffRequest> {
    const note = args.note.trim();
    if (!note) throw badInput('Say why the sign-off is turned down.', { note: 'Give a reason.' });
    return em.transactional(async (tx) => {
      const request = await this.openRequestFor(tx, actor, args.requestId);
      const { student, move } = request;
      Object.assign(request, { closedAt: new Date(), outcome: SignOffOutcome.rejected, response: note, closedBy: actor });
      this.record(tx, actor, student, move, { kind: MoveChangeKind.note, note: `Sign-off not yet: ${note}` });
      await this.notifications.add(tx, this.notifications.recipientOf(student), {
        type: NotificationType.other,
        title: `${move.name}: not signed off yet`,
        message: `${fullName(actor)} looked at ${fullName(student)}'s request for ${move.name}: ${note}`,
        link: '/moves',
      });
      await tx.flush();
      await this.events.emit(tx, 'move.sign_off_rejected', {
        requestId: request.id,
        studentId: student.id,
        moveId: move.id,
        moveName: move.name,
        rejectedById: actor.id,
        note,
      });
      await this.changed(tx, student.id, move.id);
      return request;
    });
  }

  /** An admin places a student at a level of an apparatus (kept in the history); it counts as that level met. */
  async place(em: EntityManager, actor: User, args: PlacementArgs): Promise<LevelPlacement> {
    assertMayManageMoves(actor);
    return em.transactional(async (tx) => {
      const student = await this.studentFor(tx, args.studentId);
      const apparatus = await tx.findOne(Apparatus, { id: args.apparatusId });
      if (!apparatus) throw notFound('That apparatus');
      const levelBefore = await this.read.levelOf(tx, student.id, apparatus.id);
      const placement = tx.create(LevelPlacement, { student, apparatus, level: args.level, reason: args.reason.trim(), by: actor });
      this.record(tx, actor, student, null, {
        kind: MoveChangeKind.placement,
        moveName: `${apparatus.name} level ${args.level}`,
        apparatusName: apparatus.name,
        note: args.reason.trim(),
      });
      await tx.flush();
      await this.changed(tx, student.id);
      const levelAfter = await this.read.levelOf(tx, student.id, apparatus.id);
      if (levelAfter > levelBefore) await this.achieved(tx, student.id, apparatus.id, levelAfter, 'placement');
      return placement;
    });
  }

  /** A student reached a level: its date is recorded and level.achieved announced, in the transaction that reached it. */
  private async achieved(tx: EntityManager, studentId: string, apparatusId: string, level: number, by: 'sign_off' | 'placement') {
    tx.create(LevelAchievement, {
      student: tx.getReference(User, studentId),
      apparatus: tx.getReference(Apparatus, apparatusId),
      level,
      by,
    });
    await tx.flush();
    await this.events.emit(tx, 'level.achieved', { studentId, apparatusId, level, by });
  }
}
