import {
  cleanDays,
  cleanReps,
  moveAliases,
  moveLevel,
  moveLevelName,
  moveName,
  moveNote,
  moveReason,
  movesCsv,
  moveText,
  operationId,
  refreshDays,
  signOffResponse,
} from '@studio/rules';
import { IsOptional, MaxLength } from 'class-validator';
import { ArgsType, Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { PageArgs, Paginated, SortDirection } from '../../common/paging.js';
import { IsDateOnly, Rule } from '../../common/validators.js';
import { Apparatus } from '../classes/apparatus.entity.js';
import { LevelPlacement, MoveHistoryEntry, MoveSide, MoveState, SignOffRequest } from './move-progress.entity.js';
import { Move, MoveLevel } from './move.entity.js';

// ── the catalogue ────────────────────────────────────────────────────────────────────────────────────────

export enum MoveSortField {
  name = 'name',
  apparatus = 'apparatus',
  level = 'level',
  createdAt = 'createdAt',
}
registerEnumType(MoveSortField, { name: 'MoveSortField' });

@ArgsType()
export class MoveListArgs extends PageArgs {
  @Field({ nullable: true, description: 'Matches names and aliases' }) @IsOptional() @MaxLength(100) search?: string;
  @Field(() => ID, { nullable: true }) apparatusId?: string;
  @Field(() => Int, { nullable: true }) @IsOptional() @Rule(moveLevel) level?: number;
  @Field({ defaultValue: false, description: 'Archived moves too' }) includeArchived: boolean = false;
  @Field(() => MoveSortField, { defaultValue: MoveSortField.apparatus }) sortField: MoveSortField = MoveSortField.apparatus;
  @Field(() => SortDirection, { defaultValue: SortDirection.ASC }) sortDirection: SortDirection = SortDirection.ASC;
}

@ObjectType()
export class MovePage extends Paginated(Move) {}

@InputType()
export class MoveInput {
  @Field(() => ID, { nullable: true, description: 'Left out: a new move' }) id?: string;
  @Field(() => ID) apparatusId: string;
  @Field() @Rule(moveName) name: string;
  @Field(() => [String], { defaultValue: [] }) @Rule(moveAliases) aliases: string[];
  @Field(() => Int) @Rule(moveLevel) level: number;
  @Field({ defaultValue: '' }) @Rule(moveText) description: string;
  @Field({ defaultValue: '' }) @Rule(moveText) safetyNotes: string;
  @Field(() => [ID], { defaultValue: [] }) prerequisiteIds: string[];
  @Field({ defaultValue: false }) hasSides: boolean;
  @Field(() => Int, { nullable: true }) @IsOptional() @Rule(cleanReps) cleanReps?: number | null;
  @Field(() => Int, { nullable: true }) @IsOptional() @Rule(cleanDays) cleanDays?: number | null;
}

@ArgsType()
export class MoveIdsArgs {
  @Field(() => [ID]) moveIds: string[];
}

@ArgsType()
export class ArchiveMovesArgs extends MoveIdsArgs {
  @Field({ defaultValue: true, description: 'false: back in the catalogue' }) archived: boolean = true;
}

@ArgsType()
export class MovesLevelArgs extends MoveIdsArgs {
  @Field(() => Int) @Rule(moveLevel) level: number;
}

@InputType()
export class MoveLevelInput {
  @Field(() => ID) apparatusId: string;
  @Field(() => Int) @Rule(moveLevel) number: number;
  @Field() @Rule(moveLevelName) name: string;
  @Field(() => [ID]) requiredMoveIds: string[];
  @Field(() => Int, { defaultValue: 1 }) @Rule(cleanReps) cleanReps: number;
  @Field(() => Int, { defaultValue: 1 }) @Rule(cleanDays) cleanDays: number;
}

@ArgsType()
export class CsvImportArgs {
  @Field() @Rule(movesCsv) csv: string;
  @Field({ defaultValue: true, description: 'true: only report what would change' }) dryRun: boolean = true;
}

@ObjectType({ description: 'What a CSV import did, or would do in a dry run' })
export class CsvImportReport {
  @Field() dryRun: boolean;
  @Field(() => Int) created: number;
  @Field(() => Int) updated: number;
  @Field(() => Int) unchanged: number;
  @Field(() => [CsvImportProblem]) problems: CsvImportProblem[];
  @Field(() => [CsvImportChange], { description: 'Each row that adds or changes something, in file order' }) changes: CsvImportChange[];
}

@ObjectType()
export class CsvImportProblem {
  @Field(() => Int, { description: 'The line in the file (the header is line 1)' }) line: number;
  @Field() message: string;
}

export enum CsvImportOutcome {
  created = 'created',
  updated = 'updated',
}
registerEnumType(CsvImportOutcome, { name: 'CsvImportOutcome' });

@ObjectType({ description: 'What one row adds or changes (or would, in a dry run)' })
export class CsvImportChange {
  @Field(() => Int, { description: 'The line in the file (the header is line 1)' }) line: number;
  @Field(() => CsvImportOutcome) outcome: CsvImportOutcome;
  @Field({ description: '"Lyra: Gazelle, level 2 (was 1)", "ava.chen: Lyra level 2"' }) summary: string;
}

@ObjectType({ description: 'The moves and levels of an apparatus' })
export class MoveCatalogue {
  @Field(() => Apparatus) apparatus: Apparatus;
  @Field(() => [Move]) moves: Move[];
  @Field(() => [MoveLevel]) levels: MoveLevel[];
}

@InputType()
export class MoveSettingsInput {
  @Field(() => Int, { nullable: true }) @IsOptional() @Rule(refreshDays) refreshDays?: number;
  @Field({ nullable: true }) refreshCountsForBooking?: boolean;
  @Field({ nullable: true }) parentsMayMarkLearning?: boolean;
}

// ── a student's progress ─────────────────────────────────────────────────────────────────────────────────

@ArgsType()
export class StudentArgs {
  @Field(() => ID, { nullable: true, description: 'Left out: yourself' }) studentId?: string;
}

@InputType()
export class MoveStateInput {
  @Field(() => ID) studentId: string;
  @Field(() => ID) moveId: string;
  @Field(() => MoveSide, { defaultValue: MoveSide.both, description: 'both on a move with sides: each side' }) side: MoveSide;
  @Field(() => MoveState) state: MoveState;
  @Field({ defaultValue: '', description: 'Required to take a sign-off back' }) @Rule(moveNote) note: string;
  @Field({ nullable: true, description: "The client's id for this change: sent again, it is applied once" })
  @IsOptional()
  @Rule(operationId)
  operationId?: string;
}

@InputType()
export class MoveAttemptInput {
  @Field(() => ID) studentId: string;
  @Field(() => ID) moveId: string;
  @Field(() => MoveSide, { defaultValue: MoveSide.both }) side: MoveSide;
  @Field(() => Int) @Rule(cleanReps) cleanReps: number;
  @Field({ nullable: true }) @IsOptional() @Rule(operationId) operationId?: string;
}

@InputType()
export class MoveNoteInput {
  @Field(() => ID) studentId: string;
  @Field(() => ID) moveId: string;
  @Field() @Rule(moveReason) note: string;
}

@ArgsType()
export class SignOffRequestArgs {
  @Field(() => ID) studentId: string;
  @Field(() => ID) moveId: string;
  @Field({ defaultValue: '' }) @Rule(moveNote) note: string;
}

@ArgsType()
export class SignOffDecisionArgs {
  @Field(() => ID) requestId: string;
  @Field({ defaultValue: '', description: "The instructor's note to the student; required to turn a request down" })
  @Rule(signOffResponse)
  note: string;
}

@ArgsType()
export class PlacementArgs {
  @Field(() => ID) studentId: string;
  @Field(() => ID) apparatusId: string;
  @Field(() => Int) @Rule(moveLevel) level: number;
  @Field() @Rule(moveReason) reason: string;
}

@ObjectType({ description: 'One side of a move for a student' })
export class SideProgress {
  @Field(() => MoveSide) side: MoveSide;
  @Field(() => MoveState) state: MoveState;
  @Field(() => Int, { description: 'Days with enough clean reps so far' }) daysCleared: number;
}

@ObjectType({ description: 'A move as a student stands on it' })
export class StudentMove {
  @Field(() => Move) move: Move;
  @Field(() => MoveState, { description: 'The lowest state of its sides' }) state: MoveState;
  @Field(() => [SideProgress]) sides: SideProgress[];
  @Field({ description: 'Signed off, but its apparatus not attended for the refresh days' }) refresh: boolean;
  @Field(() => Int, { description: 'Clean reps per side a day needs' }) cleanReps: number;
  @Field(() => Int, { description: 'Different days needed ("2 of 3 days")' }) cleanDays: number;
  @Field(() => Date, { nullable: true }) signedOffAt: Date | null;
  @Field({ description: 'Its prerequisites are signed off' }) prerequisitesMet: boolean;
  @Field({ description: 'A sign-off request is open' }) signOffRequested: boolean;
}

@ObjectType({ description: 'How far a student is towards a level: "3 of 9 moves for Lyra 2"' })
export class LevelProgress {
  @Field(() => Int) number: number;
  @Field() name: string;
  @Field(() => Int) required: number;
  @Field(() => Int) signedOff: number;
}

@ObjectType({ description: 'Where a student stood on one apparatus at one moment of their progress' })
export class MoveProgressPoint {
  @Field() at: Date;
  @Field(() => Int, { description: 'Moves of the apparatus signed off by then (of those signed off now)' }) signedOff: number;
  @Field(() => Int, { description: 'The level reached by then' }) level: number;
}

@ObjectType({ description: "A student's moves on one apparatus" })
export class ApparatusMoves {
  @Field(() => Apparatus) apparatus: Apparatus;
  @Field(() => Int, { description: 'The level reached (0: none yet)' }) level: number;
  @Field(() => LevelProgress, { nullable: true, description: 'What the next level needs; null at the top' })
  nextLevel: LevelProgress | null;
  @Field(() => [StudentMove]) moves: StudentMove[];
  @Field(() => [ID], { description: 'Moves to learn next: not signed off, prerequisites met, lowest level first' }) learnNext: string[];
  @Field(() => [MoveProgressPoint], { description: 'Each sign-off and placement so far, oldest first: for a progress chart' })
  progress: MoveProgressPoint[];
}

@ObjectType({ description: "A student's moves: per apparatus, the level, the moves and the history" })
export class StudentMoves {
  @Field(() => ID) studentId: string;
  @Field() studentName: string;
  @Field(() => [ApparatusMoves]) apparatus: ApparatusMoves[];
  @Field(() => [MoveHistoryEntry], { description: 'Newest first, at most 100' }) history: MoveHistoryEntry[];
  @Field(() => [LevelPlacement]) placements: LevelPlacement[];
}

@ObjectType({ description: 'What one change did: the student stands here now' })
export class MoveChangeResult {
  @Field(() => StudentMove) move: StudentMove;
  @Field(() => MoveHistoryEntry, { nullable: true, description: 'The entry written; null when the operation had been applied before' })
  entry: MoveHistoryEntry | null;
}

// ── staff: the class grid ────────────────────────────────────────────────────────────────────────────────

@ObjectType({ description: 'One student of the class grid with their states on its moves' })
export class GridStudent {
  @Field(() => ID) studentId: string;
  @Field() name: string;
  @Field(() => [StudentMove]) moves: StudentMove[];
}

@ObjectType({ description: "A class's students × the moves of its level" })
export class ClassMoveGrid {
  @Field(() => ID) classInstanceId: string;
  @Field() className: string;
  @Field(() => [Move]) moves: Move[];
  @Field(() => [GridStudent]) students: GridStudent[];
  @Field(() => [SignOffRequest]) requests: SignOffRequest[];
}

// ── booking gated on moves ───────────────────────────────────────────────────────────────────────────────

@InputType()
export class ClassRequirementInput {
  @Field(() => ID) classTypeId: string;
  @Field(() => ID, { nullable: true, description: 'With level: the apparatus of the level' }) apparatusId?: string | null;
  @Field(() => Int, { nullable: true }) @IsOptional() @Rule(moveLevel) level?: number | null;
  @Field(() => [ID], { defaultValue: [] }) moveIds: string[];
}

@ArgsType()
export class OverrideArgs {
  @Field(() => ID) attendeeId: string;
  @Field(() => ID, { nullable: true, description: 'This one class' }) classInstanceId?: string;
  @Field({ nullable: true, description: 'Every class until this date (YYYY-MM-DD, inclusive)' }) @IsOptional() @IsDateOnly() until?: string;
  @Field() @Rule(moveReason) reason: string;
}

@ArgsType()
export class RequirementCheckArgs {
  @Field(() => ID) classInstanceId: string;
  @Field(() => ID, { nullable: true, description: 'Left out: yourself' }) attendeeId?: string;
}

@ObjectType({ description: "Whether an attendee meets a class's requirement, and what is missing" })
export class RequirementCheck {
  @Field({ description: 'The requirement in words; empty when there is none' }) requirement: string;
  @Field() met: boolean;
  @Field(() => [String], { description: 'The moves not signed off yet, by name' }) missingMoves: string[];
  @Field({ description: 'Let in by staff despite it' }) overridden: boolean;
}
