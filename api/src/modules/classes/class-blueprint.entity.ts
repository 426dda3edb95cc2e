import { Check, Entity, ManyToOne, OptionalProps, PrimaryKey, Property, types } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { Field, ID, Int, ObjectType } from 'type-graphql';
import { User } from '../users/user.entity.js';
import { Apparatus } from './apparatus.entity.js';
import { Relation } from '../../graphql/relation.js';

/** What a class is (name, apparatus, level, length, price); instances are dated occurrences of it. */
@ObjectType({ description: 'A kind of class: Silks Level 1, Lyra Flow, …' })
@Entity()
@Check({ name: 'class_blueprint_level_range', expression: 'level >= 1 and level <= 5' })
@Check({ name: 'class_blueprint_duration_range', expression: 'duration_minutes >= 15 and duration_minutes <= 300' })
@Check({ name: 'class_blueprint_capacity_range', expression: 'default_capacity >= 1 and default_capacity <= 200' })
@Check({ name: 'class_blueprint_price_nonnegative', expression: 'drop_in_price_cents >= 0' })
@Check({
  name: 'class_blueprint_age_range',
  expression:
    '(min_age is null or (min_age >= 0 and min_age <= 99)) and (max_age is null or (max_age >= 0 and max_age <= 99)) and (min_age is null or max_age is null or min_age <= max_age)',
})
export class ClassBlueprint {
  [OptionalProps]?: 'isActive' | 'usesRigPoints' | 'createdAt' | 'description' | 'bookingGated' | 'minAge' | 'maxAge';

  @Field(() => ID) @PrimaryKey({ type: 'uuid' }) id: string = randomUUID();
  @Field() @Property({ length: 100 }) name: string;
  @Field() @Property({ type: types.text, default: '' }) description: string = '';
  @Field(() => Apparatus) @Relation() @ManyToOne(() => Apparatus, { deleteRule: 'restrict', index: true }) apparatus: Apparatus;
  @Field(() => Int, { description: '1 (intro) to 5' }) @Property() level: number;
  @Field(() => Int) @Property() durationMinutes: number;
  @Field(() => Int) @Property() defaultCapacity: number;
  @Field(() => Int, { description: 'Drop-in price in cents; 0 means free' }) @Property() dropInPriceCents: number;
  /** Exposed as a PersonSummary by a field resolver. */ @ManyToOne(() => User, { nullable: true, deleteRule: 'set null' })
  defaultInstructor: User | null = null;
  @Field({ description: 'Attendees pick a rig point of the apparatus when booking' }) @Property({ default: false }) usesRigPoints: boolean =
    false;
  @Field() @Property({ default: true }) isActive: boolean = true;
  /** Who may be booked in, by age on the class's date (either end optional): checked on every way into a class. */
  @Field(() => Int, { nullable: true, description: 'The youngest age that may be booked in (on the class date); null: no lower limit' })
  @Property({ type: types.integer, nullable: true })
  minAge: number | null = null;
  @Field(() => Int, { nullable: true, description: 'The oldest age that may be booked in (on the class date); null: no upper limit' })
  @Property({ type: types.integer, nullable: true })
  maxAge: number | null = null;
  /**
   * A module above (moves) requires something of attendees: set by that module with its requirement, so bookings ask
   * their requirements port only then, and a class type without one costs a booking no query.
   */
  @Field({ description: 'Booking needs moves signed off (classRequirementCheck names them, for whom)' })
  @Property({ default: false })
  bookingGated: boolean = false;
  @Field() @Property({ type: types.datetime, defaultRaw: 'now()' }) createdAt: Date = new Date();
}
