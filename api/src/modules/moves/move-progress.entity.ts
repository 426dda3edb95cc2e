import { fullName } from '@studio/rules';
import { Entity, Enum, Index, ManyToOne, OptionalProps, PrimaryKey, Property, Unique, types } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Relation } from '../../graphql/relation.js';
import { Apparatus } from '../classes/apparatus.entity.js';
import { User } from '../users/user.entity.js';
import { Move } from './move.entity.js';

/** Where a student stands on a move (per side where it has sides), in the order a tap moves it on. */
export enum MoveState {
  not_started = 'not_started',
  learning = 'learning',
  needs_spot = 'needs_spot',
  solid = 'solid',
  signed_off = 'signed_off',
}
registerEnumType(MoveState, {
  name: 'MoveState',
  description: 'Where a student stands on a move',
  valuesConfig: {
    not_started: { description: 'Not started' },
    learning: { description: 'Learning' },
    needs_spot: { description: 'Needs a spot' },
    solid: { description: 'Solid on my own' },
    signed_off: { description: 'Signed off by an instructor' },
  },
});
export const MOVE_STATES = Object.values(MoveState);

/** A move without sides has one progress row, side `both`; a move with sides one per side. */
export enum MoveSide {
  both = 'both',
  left = 'left',
  right = 'right',
}
registerEnumType(MoveSide, { name: 'MoveSide' });

/** What a history entry records. */
export enum MoveChangeKind {
  state = 'state',
  attempt = 'attempt',
  placement = 'placement',
  sign_off_request = 'sign_off_request',
  note = 'note',
}
registerEnumType(MoveChangeKind, { name: 'MoveChangeKind' });

/** A student's current state on one move and side. */
@ObjectType()
@Entity()
@Unique({ properties: ['student', 'move', 'side'] })
export class MoveProgress {
  [OptionalProps]?: 'updatedAt' | 'signedOffAt' | 'signedOffBy';

  @Field(() => ID) @PrimaryKey({ type: 'uuid' }) id: string = randomUUID();
  @ManyToOne(() => User, { deleteRule: 'cascade' }) student: User;
  @ManyToOne(() => Move, { deleteRule: 'cascade', index: true }) move: Move;
  @Field(() => MoveSide) @Enum({ items: () => MoveSide, nativeEnumName: 'move_side' }) side: MoveSide;
  @Field(() => MoveState) @Enum({ items: () => MoveState, nativeEnumName: 'move_state' }) state: MoveState;
  @Field() @Property({ type: types.datetime, defaultRaw: 'now()' }) updatedAt: Date = new Date();
  @Field(() => Date, { nullable: true }) @Property({ type: types.datetime, nullable: true }) signedOffAt: Date | null = null;
  @ManyToOne(() => User, { nullable: true, deleteRule: 'set null' }) signedOffBy: User | null = null;
}

/**
 * The append-only history of a student's moves: every state change, attempt, placement, sign-off request and note,
 * with who, when, from and to. The move's name and apparatus are copied in, so later edits to the catalogue and to
 * levels do not rewrite what happened. `operationId` is the client's id for one tap: replaying it changes nothing.
 */
@ObjectType()
@Entity()
@Index({ properties: ['student', 'at'] })
export class MoveHistoryEntry {
  [OptionalProps]?: 'at' | 'note' | 'operationId' | 'fromState' | 'toState' | 'cleanReps' | 'side';

  @Field(() => ID) @PrimaryKey({ type: 'uuid' }) id: string = randomUUID();
  @ManyToOne(() => User, { deleteRule: 'cascade' }) student: User;
  @Field(() => ID, { nullable: true }) @ManyToOne(() => Move, { nullable: true, deleteRule: 'set null', mapToPk: true }) move:
    string | null;
  @Field() @Property({ length: 100 }) moveName: string;
  @Field() @Property({ length: 50 }) apparatusName: string;
  @Field(() => MoveChangeKind) @Enum({ items: () => MoveChangeKind, nativeEnumName: 'move_change_kind' }) kind: MoveChangeKind;
  @Field(() => MoveSide) @Enum({ items: () => MoveSide, nativeEnumName: 'move_side', default: MoveSide.both }) side: MoveSide =
    MoveSide.both;
  @Field(() => MoveState, { nullable: true })
  @Enum({ items: () => MoveState, nativeEnumName: 'move_state', nullable: true })
  fromState: MoveState | null = null;
  @Field(() => MoveState, { nullable: true })
  @Enum({ items: () => MoveState, nativeEnumName: 'move_state', nullable: true })
  toState: MoveState | null = null;
  @Field(() => Int, { nullable: true, description: 'Clean reps of an attempt' })
  @Property({ type: types.integer, nullable: true })
  cleanReps: number | null = null;
  @Field() @Property({ type: types.text, default: '' }) note: string = '';
  @ManyToOne(() => User, { deleteRule: 'cascade' }) by: User;
  @Field({ description: 'Who made the change, by name' }) @Property({ length: 200 }) byName: string;
  @Field() @Property({ type: types.datetime, defaultRaw: 'now()' }) at: Date = new Date();
  @Property({ length: 100, nullable: true, unique: true }) operationId: string | null = null;
}

/** Clean reps a staff member saw on one day: the clearance rule counts the days with enough of them per side. */
@Entity()
@Index({ properties: ['student', 'move'] })
export class MoveAttempt {
  [OptionalProps]?: 'at';

  @PrimaryKey({ type: 'uuid' }) id: string = randomUUID();
  @ManyToOne(() => User, { deleteRule: 'cascade' }) student: User;
  @ManyToOne(() => Move, { deleteRule: 'cascade' }) move: Move;
  @Enum({ items: () => MoveSide, nativeEnumName: 'move_side' }) side: MoveSide;
  @Property() cleanReps: number;
  /** The studio's date it was seen on. */ @Property({ type: types.date }) day: string;
  @ManyToOne(() => User, { deleteRule: 'cascade' }) recordedBy: User;
  @Property({ type: types.datetime, defaultRaw: 'now()' }) at: Date = new Date();
}

/** How a sign-off request was closed. */
export enum SignOffOutcome {
  /** The move was signed off. */
  approved = 'approved',
  /** A staff member turned it down, with a note saying why. */
  rejected = 'rejected',
}
registerEnumType(SignOffOutcome, { name: 'SignOffOutcome' });

/**
 * A student asks an instructor to sign a move off; open until a sign-off (approved) or a staff member turns it down
 * with a note (rejected). An evidence clip of the attempt may be attached to it (the videos module).
 */
@ObjectType()
@Entity()
@Index({ properties: ['student', 'closedAt'] })
export class SignOffRequest {
  [OptionalProps]?: 'createdAt' | 'closedAt' | 'note' | 'studentId' | 'studentName' | 'outcome' | 'response' | 'closedBy';

  @Field(() => ID) @PrimaryKey({ type: 'uuid' }) id: string = randomUUID();
  @ManyToOne(() => User, { deleteRule: 'cascade' }) student: User;
  @Field(() => Move) @Relation() @ManyToOne(() => Move, { deleteRule: 'cascade' }) move: Move;
  @Field(() => ID, { description: 'Who asks' }) get studentId(): string {
    return this.student.id;
  }
  @Field({ description: 'The student, by name' }) get studentName(): string {
    return fullName(this.student);
  }
  @Field() @Property({ type: types.text, default: '' }) note: string = '';
  @Field() @Property({ type: types.datetime, defaultRaw: 'now()' }) createdAt: Date = new Date();
  @Field(() => Date, { nullable: true }) @Property({ type: types.datetime, nullable: true }) closedAt: Date | null = null;
  @Field(() => SignOffOutcome, { nullable: true, description: 'How it was closed; null while open' })
  @Enum({ items: () => SignOffOutcome, nativeEnumName: 'sign_off_outcome', nullable: true })
  outcome: SignOffOutcome | null = null;
  @Field({ description: "The instructor's note when closing it (why it was turned down)" })
  @Property({ type: types.text, default: '' })
  response: string = '';
  @ManyToOne(() => User, { nullable: true, deleteRule: 'set null' }) closedBy: User | null = null;
}

/** An admin placed a student at a level of an apparatus (a paper level sheet, a transfer): it counts as met. */
@ObjectType()
@Entity()
@Index({ properties: ['student'] })
export class LevelPlacement {
  [OptionalProps]?: 'at' | 'reason';

  @Field(() => ID) @PrimaryKey({ type: 'uuid' }) id: string = randomUUID();
  @ManyToOne(() => User, { deleteRule: 'cascade' }) student: User;
  @Field(() => Apparatus) @Relation() @ManyToOne(() => Apparatus, { deleteRule: 'cascade' }) apparatus: Apparatus;
  @Field(() => Int) @Property() level: number;
  @Field() @Property({ type: types.text, default: '' }) reason: string = '';
  @ManyToOne(() => User, { deleteRule: 'cascade' }) by: User;
  @Field() @Property({ type: types.datetime, defaultRaw: 'now()' }) at: Date = new Date();
}
