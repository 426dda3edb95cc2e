import { Check, Entity, Index, ManyToOne, OptionalProps, PrimaryKey, Property, types } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { Field, ID, Int, ObjectType } from 'type-graphql';
import { Apparatus } from '../classes/apparatus.entity.js';
import { ClassBlueprint } from '../classes/class-blueprint.entity.js';
import { ClassInstance } from '../classes/class-instance.entity.js';
import { User } from '../users/user.entity.js';

/** What a class type asks of its attendees: a level on an apparatus, specific signed-off moves, or both. */
@ObjectType({ description: 'The level and moves a class type requires of its attendees' })
@Entity()
@Check({ name: 'class_move_requirement_level_range', expression: 'level is null or (level >= 1 and level <= 10)' })
export class ClassMoveRequirement {
  [OptionalProps]?: 'level' | 'apparatus' | 'moveIds';

  @PrimaryKey({ type: 'uuid' }) id: string = randomUUID();
  @ManyToOne(() => ClassBlueprint, { deleteRule: 'cascade', unique: true }) blueprint: ClassBlueprint;
  @Field(() => Apparatus, { nullable: true })
  @ManyToOne(() => Apparatus, { nullable: true, deleteRule: 'cascade' })
  apparatus: Apparatus | null = null;
  @Field(() => Int, { nullable: true, description: 'The level of the apparatus the attendee must have' })
  @Property({ type: types.integer, nullable: true })
  level: number | null = null;
  @Field(() => [ID], { description: 'Moves the attendee must have signed off' })
  @Property({ type: types.array, default: '{}' })
  moveIds: string[] = [];
}

/**
 * Staff let an attendee into classes whose requirements they have not met: one class, or every class until a date,
 * with the reason kept.
 */
@ObjectType({ description: "Staff's leave for an attendee to book classes whose moves they have not signed off" })
@Entity()
@Index({ properties: ['attendee'] })
@Check({ name: 'move_override_scope', expression: 'class_instance_id is not null or until is not null' })
export class MoveOverride {
  [OptionalProps]?: 'createdAt' | 'classInstance' | 'until';

  @Field(() => ID) @PrimaryKey({ type: 'uuid' }) id: string = randomUUID();
  @ManyToOne(() => User, { deleteRule: 'cascade' }) attendee: User;
  @ManyToOne(() => ClassInstance, { nullable: true, deleteRule: 'cascade' }) classInstance: ClassInstance | null = null;
  @Field(() => ID, { nullable: true, description: 'The one class it lets them into' }) get classInstanceId(): string | null {
    return this.classInstance?.id ?? null;
  }
  @Field(() => String, { nullable: true, description: 'Every class until this date (YYYY-MM-DD, inclusive)' })
  @Property({ type: types.date, nullable: true })
  until: string | null = null;
  @Field() @Property({ type: types.text }) reason: string;
  @ManyToOne(() => User, { deleteRule: 'cascade' }) by: User;
  @Field() @Property({ type: types.datetime, defaultRaw: 'now()' }) createdAt: Date = new Date();
}

/** How the studio runs moves (a single row, id 1). */
@ObjectType({ description: 'How the studio tracks moves' })
@Entity()
@Check({ name: 'move_settings_single_row', expression: 'id = 1' })
@Check({ name: 'move_settings_refresh_days_positive', expression: 'refresh_days >= 1' })
export class MoveSettings {
  @PrimaryKey({ autoincrement: false }) id: number = 1;
  @Field(() => Int, { description: 'A signed-off move is shown as refresh after this many days without attending its apparatus' })
  @Property({ default: 120 })
  refreshDays: number = 120;
  @Field({ description: 'A signed-off move in refresh still counts for booking' })
  @Property({ default: true })
  refreshCountsForBooking: boolean = true;
  @Field({ description: "Parents may mark their children's moves as learning (otherwise they only follow them)" })
  @Property({ default: false })
  parentsMayMarkLearning: boolean = false;
}
