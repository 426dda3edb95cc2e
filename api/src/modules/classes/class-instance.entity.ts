import { Check, Entity, Enum, Index, ManyToOne, OptionalProps, PrimaryKey, Property, types } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { User } from '../users/user.entity.js';
import { ClassBlueprint } from './class-blueprint.entity.js';
import { ClassSeries } from './class-series.entity.js';
import { Relation } from '../../graphql/relation.js';

export enum ClassStatus {
  scheduled = 'scheduled',
  cancelled = 'cancelled',
}
registerEnumType(ClassStatus, { name: 'ClassStatus' });

/**
 * One dated class. `spotsTaken` counts held and confirmed bookings and is only ever changed by conditional
 * UPDATEs, so capacity holds under any concurrency.
 */
@ObjectType({ description: 'A class on a date, with its own instructor and capacity' })
@Entity()
@Index({ properties: ['startsAt'] })
@Check({ name: 'class_instance_spots_nonnegative', expression: 'spots_taken >= 0' })
@Check({ name: 'class_instance_capacity_range', expression: 'capacity >= 1 and capacity <= 200' })
@Check({ name: 'class_instance_ends_after_start', expression: 'ends_at > starts_at' })
export class ClassInstance {
  [OptionalProps]?:
    | 'status'
    | 'spotsTaken'
    | 'notes'
    | 'createdAt'
    | 'series'
    | 'cancelledAt'
    | 'bookedCount'
    | 'attendedCount'
    | 'noShowCount'
    | 'lateCancelCount';

  @Field(() => ID) @PrimaryKey({ type: 'uuid' }) id: string = randomUUID();
  @Field(() => ClassBlueprint)
  @Relation()
  @ManyToOne(() => ClassBlueprint, { deleteRule: 'restrict', index: true })
  blueprint: ClassBlueprint;
  @Field(() => ClassSeries, { nullable: true })
  @Relation()
  @ManyToOne(() => ClassSeries, { nullable: true, deleteRule: 'set null', index: true })
  series: ClassSeries | null = null;
  @Field({ description: 'YYYY-MM-DD in the studio time zone' }) @Property({ type: types.date }) date: string;
  @Field({ description: 'HH:MM in the studio time zone' }) @Property({ length: 5 }) startTime: string;
  @Field({ description: 'HH:MM in the studio time zone' }) @Property({ length: 5 }) endTime: string;
  @Field() @Property({ type: types.datetime }) startsAt: Date;
  @Field() @Property({ type: types.datetime }) endsAt: Date;
  /** Exposed as a PersonSummary by a field resolver. */ @ManyToOne(() => User, { deleteRule: 'restrict', index: true }) instructor: User;
  @Field(() => Int) @Property() capacity: number;
  @Field(() => Int, { description: 'Held and confirmed bookings' }) @Property({ default: 0 }) spotsTaken: number = 0;
  @Field(() => ClassStatus) @Enum({ items: () => ClassStatus, default: ClassStatus.scheduled }) status: ClassStatus = ClassStatus.scheduled;
  @Field() @Property({ type: types.text, default: '' }) notes: string = '';
  @Field(() => Date, { nullable: true }) @Property({ type: types.datetime, nullable: true }) cancelledAt: Date | null = null;
  @Field() @Property({ type: types.datetime, defaultRaw: 'now()' }) createdAt: Date = new Date();
  // The class's booking figures for the admin's dashboard, kept by the trigger booking_class_figures on every booking
  // row whichever code writes it (never written from here): confirmed or no-show, checked in, no-show, late cancels.
  @Property({ default: 0 }) bookedCount: number = 0;
  @Property({ default: 0 }) attendedCount: number = 0;
  @Property({ default: 0 }) noShowCount: number = 0;
  @Property({ default: 0 }) lateCancelCount: number = 0;
}
