import { Check, Entity, ManyToOne, OptionalProps, PrimaryKey, Property, Unique, types } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { Field, ID, Int, ObjectType } from 'type-graphql';
import { Relation } from '../../graphql/relation.js';
import { Apparatus } from '../classes/apparatus.entity.js';

/**
 * A move of the studio's catalogue on one apparatus. Studios name moves differently, so each keeps its own aliases;
 * prerequisites are other moves of the catalogue. An archived move is no longer taught or required, its history stays.
 */
@ObjectType({ description: 'A move (skill) on one apparatus: Man in the Moon, Russian Climb, …' })
@Entity()
@Unique({ properties: ['apparatus', 'name'] })
@Check({ name: 'move_level_range', expression: 'level >= 1 and level <= 10' })
@Check({
  name: 'move_clearance_positive',
  expression: '(clean_reps is null or clean_reps >= 1) and (clean_days is null or clean_days >= 1)',
})
export class Move {
  [OptionalProps]?:
    | 'aliases'
    | 'description'
    | 'safetyNotes'
    | 'prerequisiteIds'
    | 'hasSides'
    | 'archivedAt'
    | 'createdAt'
    | 'imageKey'
    | 'cleanReps'
    | 'cleanDays';

  @Field(() => ID) @PrimaryKey({ type: 'uuid' }) id: string = randomUUID();
  @Field(() => Apparatus) @Relation() @ManyToOne(() => Apparatus, { deleteRule: 'restrict', index: true }) apparatus: Apparatus;
  @Field() @Property({ length: 100 }) name: string;
  @Field(() => [String], { description: "The studio's other names for it" })
  @Property({ type: types.array, default: '{}' })
  aliases: string[] = [];
  @Field(() => Int, { description: 'The level it is taught at' }) @Property() level: number;
  @Field() @Property({ type: types.text, default: '' }) description: string = '';
  @Field({ description: 'Safety and spotting notes' }) @Property({ type: types.text, default: '' }) safetyNotes: string = '';
  @Field(() => [ID], { description: 'Moves to be signed off before this one is learned' })
  @Property({ type: types.array, default: '{}' })
  prerequisiteIds: string[] = [];
  @Field({ description: 'Learned and signed off per side (left and right)' }) @Property({ default: false }) hasSides: boolean = false;
  /** The key of its image in the core storage. */ @Property({ length: 300, nullable: true }) imageKey: string | null = null;
  @Field(() => Int, { nullable: true, description: "Clean reps per side a day counts with (null: the level's rule)" })
  @Property({ type: types.integer, nullable: true })
  cleanReps: number | null = null;
  @Field(() => Int, { nullable: true, description: "Different days with clean reps before sign-off (null: the level's rule)" })
  @Property({ type: types.integer, nullable: true })
  cleanDays: number | null = null;
  @Field(() => Date, { nullable: true }) @Property({ type: types.datetime, nullable: true }) archivedAt: Date | null = null;
  @Field() @Property({ type: types.datetime, defaultRaw: 'now()' }) createdAt: Date = new Date();
}

/**
 * A level of an apparatus as the studio defines it: a set of required moves ("Lyra 2 = these 9 moves"), with the
 * clearance rule its moves are signed off by unless a move has its own (default: one sign-off).
 */
@ObjectType({ description: 'A level of an apparatus: the moves it requires and how they are cleared' })
@Entity()
@Unique({ properties: ['apparatus', 'number'] })
@Check({ name: 'move_level_number_range', expression: 'number >= 1 and number <= 10' })
@Check({ name: 'move_level_clearance_positive', expression: 'clean_reps >= 1 and clean_days >= 1' })
export class MoveLevel {
  [OptionalProps]?: 'requiredMoveIds' | 'cleanReps' | 'cleanDays';

  @Field(() => ID) @PrimaryKey({ type: 'uuid' }) id: string = randomUUID();
  @Field(() => Apparatus) @Relation() @ManyToOne(() => Apparatus, { deleteRule: 'cascade' }) apparatus: Apparatus;
  @Field(() => Int) @Property() number: number;
  @Field({ description: 'Lyra 2, Silks 1, …' }) @Property({ length: 100 }) name: string;
  @Field(() => [ID]) @Property({ type: types.array, default: '{}' }) requiredMoveIds: string[] = [];
  @Field(() => Int, { description: 'Clean reps per side a day counts with' }) @Property({ default: 1 }) cleanReps: number = 1;
  @Field(() => Int, { description: 'Different days with clean reps before a move is signed off (1: one sign-off)' })
  @Property({ default: 1 })
  cleanDays: number = 1;
}
