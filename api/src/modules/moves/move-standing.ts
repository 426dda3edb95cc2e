import { clearedDays, inRefresh, ruleFor, sidesOf, type ClearanceRule, type SeenAttempt } from './move.clearance.js';
import { MoveSide, MoveState, MOVE_STATES } from './move-progress.entity.js';
import type { Move } from './move.entity.js';
import type { ApparatusMoves, LevelProgress, MoveProgressPoint, StudentMove } from './move.types.js';

/** A level as the calculations need it. */
export interface LevelDefinition extends ClearanceRule {
  apparatusId: string;
  number: number;
  name: string;
  requiredMoveIds: string[];
}

/** One student's rows, as read in one statement (MoveStandings.standings). */
export interface ProgressData {
  progress: { moveId: string; side: MoveSide; state: MoveState; signedOffAt: Date | null }[];
  attempts: (SeenAttempt & { moveId: string })[];
  placements: { apparatusId: string; level: number; at: Date }[];
  /** The start of the last class attended, per apparatus. */
  attended: Map<string, Date>;
  openRequests: Set<string>;
}

export interface StandingSettings {
  refreshDays: number;
  refreshCountsForBooking: boolean;
}

const rank = (state: MoveState) => MOVE_STATES.indexOf(state);

/**
 * Where one student stands on the catalogue: each move's state per side, what is signed off (a move in refresh
 * counts for booking only when the studio says so), the level reached on each apparatus and what the next needs.
 * The catalogue's archived moves are neither shown nor required.
 */
export class Standing {
  private readonly levelsByApparatus = new Map<string, LevelDefinition[]>();
  private readonly movesById: Map<string, Move>;

  constructor(
    private readonly moves: readonly Move[],
    levels: readonly LevelDefinition[],
    private readonly data: ProgressData,
    private readonly settings: StandingSettings,
    private readonly now = new Date(),
  ) {
    this.movesById = new Map(moves.map((m) => [m.id, m]));
    for (const level of [...levels].sort((a, b) => a.number - b.number)) {
      const list = this.levelsByApparatus.get(level.apparatusId) ?? [];
      list.push(level);
      this.levelsByApparatus.set(level.apparatusId, list);
    }
  }

  private levelDef(apparatusId: string, number: number): LevelDefinition | undefined {
    return this.levelsByApparatus.get(apparatusId)?.find((l) => l.number === number);
  }

  /** The moves a level requires: its definition's, else the moves taught at that level. */
  requiredFor(apparatusId: string, number: number): Move[] {
    const def = this.levelDef(apparatusId, number);
    const ids = def?.requiredMoveIds.length ? def.requiredMoveIds : null;
    return ids
      ? ids.map((id) => this.movesById.get(id)).filter((m): m is Move => !!m)
      : this.moves.filter((m) => m.apparatus.id === apparatusId && m.level === number);
  }

  private topLevel(apparatusId: string): number {
    const defined = this.levelsByApparatus.get(apparatusId)?.map((l) => l.number) ?? [];
    const taught = this.moves.filter((m) => m.apparatus.id === apparatusId).map((m) => m.level);
    return Math.max(0, ...defined, ...taught);
  }

  levelName(apparatusId: string, apparatusName: string, number: number): string {
    return this.levelDef(apparatusId, number)?.name ?? `${apparatusName} ${number}`;
  }

  private readonly memo = new Map<string, StudentMove>();

  studentMove(move: Move): StudentMove {
    const known = this.memo.get(move.id);
    if (known) return known;
    const answer = this.read(move);
    this.memo.set(move.id, answer);
    return answer;
  }

  private read(move: Move): StudentMove {
    const rule = ruleFor(move, this.levelDef(move.apparatus.id, move.level));
    const attempts = this.data.attempts.filter((a) => a.moveId === move.id);
    const sides = sidesOf(move).map((side) => {
      const row = this.data.progress.find((p) => p.moveId === move.id && p.side === side);
      return {
        side,
        state: row?.state ?? MoveState.not_started,
        daysCleared: clearedDays(attempts, side, rule),
        signedOffAt: row?.signedOffAt ?? null,
      };
    });
    const state = sides.reduce((low, s) => (rank(s.state) < rank(low) ? s.state : low), MoveState.signed_off);
    const signedOffAt = state === MoveState.signed_off ? new Date(Math.max(...sides.map((s) => s.signedOffAt!.getTime()))) : null;
    return {
      move,
      state,
      sides: sides.map(({ side, state, daysCleared }) => ({ side, state, daysCleared })),
      refresh: signedOffAt
        ? inRefresh(signedOffAt, this.data.attended.get(move.apparatus.id) ?? null, this.settings.refreshDays, this.now)
        : false,
      cleanReps: rule.cleanReps,
      cleanDays: rule.cleanDays,
      signedOffAt,
      prerequisitesMet: move.prerequisiteIds.every((id) => !this.movesById.has(id) || this.isSignedOff(id, false)),
      signOffRequested: this.data.openRequests.has(move.id),
    };
  }

  /** Signed off on every side; `forBooking`: a move in refresh counts only when the studio says so. */
  isSignedOff(moveId: string, forBooking: boolean): boolean {
    const move = this.movesById.get(moveId);
    if (!move) return false;
    const sm = this.studentMove(move);
    if (sm.state !== MoveState.signed_off) return false;
    return !(forBooking && sm.refresh && !this.settings.refreshCountsForBooking);
  }

  private placedLevel(apparatusId: string): number {
    return Math.max(0, ...this.data.placements.filter((p) => p.apparatusId === apparatusId).map((p) => p.level));
  }

  /** The moves of levels 1..`number` still to be signed off (levels a placement covers need none). */
  missingForLevel(apparatusId: string, number: number, forBooking: boolean): Move[] {
    const missing: Move[] = [];
    for (let level = this.placedLevel(apparatusId) + 1; level <= number; level++)
      for (const move of this.requiredFor(apparatusId, level)) if (!this.isSignedOff(move.id, forBooking)) missing.push(move);
    return missing;
  }

  /** The highest level whose moves, and every lower level's, are signed off (or placed at). */
  levelOn(apparatusId: string, forBooking = false): number {
    return this.levelWhere(apparatusId, this.placedLevel(apparatusId), (id) => this.isSignedOff(id, forBooking));
  }

  /** From a placed level up, the highest level whose required moves all pass `signedOff`. */
  private levelWhere(apparatusId: string, placed: number, signedOff: (moveId: string) => boolean): number {
    const top = this.topLevel(apparatusId);
    let level = placed;
    while (level < top && this.requiredFor(apparatusId, level + 1).every((m) => signedOff(m.id))) level += 1;
    return level;
  }

  apparatusMoves(apparatus: Move['apparatus']): ApparatusMoves {
    const moves = this.moves.filter((m) => m.apparatus.id === apparatus.id).map((m) => this.studentMove(m));
    const level = this.levelOn(apparatus.id);
    const next = level < this.topLevel(apparatus.id) ? level + 1 : null;
    let nextLevel: LevelProgress | null = null;
    if (next) {
      const required = this.requiredFor(apparatus.id, next);
      nextLevel = {
        number: next,
        name: this.levelName(apparatus.id, apparatus.name, next),
        required: required.length,
        signedOff: required.filter((m) => this.isSignedOff(m.id, false)).length,
      };
    }
    const learnNext = moves
      .filter((m) => m.state !== MoveState.signed_off && m.prerequisitesMet)
      .sort((a, b) => a.move.level - b.move.level || rank(b.state) - rank(a.state))
      .slice(0, 5)
      .map((m) => m.move.id);
    return { apparatus, level, nextLevel, moves, learnNext, progress: this.progressOn(apparatus.id, moves) };
  }

  /**
   * The way here on one apparatus: at each moment a move now signed off was signed off (on its last side) or a
   * placement was made, how many of its moves were signed off by then and the level reached, oldest first.
   */
  private progressOn(apparatusId: string, moves: readonly StudentMove[]): MoveProgressPoint[] {
    const signedAt = new Map(moves.flatMap((m) => (m.signedOffAt ? [[m.move.id, m.signedOffAt.getTime()] as const] : [])));
    const placements = this.data.placements.filter((p) => p.apparatusId === apparatusId);
    const times = [...new Set([...signedAt.values(), ...placements.map((p) => p.at.getTime())])].sort((a, b) => a - b);
    return times.map((time) => ({
      at: new Date(time),
      signedOff: [...signedAt.values()].filter((at) => at <= time).length,
      level: this.levelWhere(
        apparatusId,
        Math.max(0, ...placements.filter((p) => p.at.getTime() <= time).map((p) => p.level)),
        (id) => (signedAt.get(id) ?? Infinity) <= time,
      ),
    }));
  }
}
