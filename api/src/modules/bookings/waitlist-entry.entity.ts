import { Entity, Enum, Index, ManyToOne, OptionalProps, PrimaryKey, Property, types } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { Field, ID, ObjectType, registerEnumType } from 'type-graphql';
import { ClassInstance } from '../classes/class-instance.entity.js';
import { User } from '../users/user.entity.js';
import { Booking } from './booking.entity.js';
import { Relation } from '../../graphql/relation.js';

export enum WaitlistStatus {
  waiting = 'waiting',
  /** Promoted: a spot is held for them as a booking until it lapses. */
  offered = 'offered',
  claimed = 'claimed',
  lapsed = 'lapsed',
  left = 'left',
  closed = 'closed',
}
registerEnumType(WaitlistStatus, { name: 'WaitlistStatus' });

/** A place in line for a full class. Strictly first come, first served by (createdAt, id). */
@ObjectType()
@Entity()
@Index({ properties: ['classInstance', 'status', 'createdAt'] })
@Index({
  name: 'waitlist_one_place_per_attendee',
  expression: `create unique index "waitlist_one_place_per_attendee" on "waitlist_entry" ("class_instance_id", "attendee_id") where "status" in ('waiting', 'offered')`,
})
export class WaitlistEntry {
  [OptionalProps]?: 'status' | 'createdAt';

  @Field(() => ID) @PrimaryKey({ type: 'uuid' }) id: string = randomUUID();
  @Field(() => ClassInstance) @Relation() @ManyToOne(() => ClassInstance, { deleteRule: 'restrict' }) classInstance: ClassInstance;
  @Field(() => User) @Relation() @ManyToOne(() => User, { deleteRule: 'restrict', index: true }) attendee: User;
  @Field(() => User) @Relation() @ManyToOne(() => User, { deleteRule: 'restrict' }) requestedBy: User;
  @Field(() => WaitlistStatus) @Enum({ items: () => WaitlistStatus, default: WaitlistStatus.waiting }) status: WaitlistStatus =
    WaitlistStatus.waiting;
  @Field(() => Booking, { nullable: true, description: 'The held booking while an offer is open' })
  @Relation()
  @ManyToOne(() => Booking, { nullable: true, deleteRule: 'set null' })
  offeredBooking: Booking | null = null;
  @Field() @Property({ type: types.datetime, defaultRaw: 'clock_timestamp()' }) createdAt: Date = new Date();
}
