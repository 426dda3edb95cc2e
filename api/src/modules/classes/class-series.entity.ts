import { Entity, ManyToOne, OptionalProps, PrimaryKey, Property, types } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { Field, ID, Int, ObjectType } from 'type-graphql';
import { User } from '../users/user.entity.js';
import { ClassBlueprint } from './class-blueprint.entity.js';
import { Relation } from '../../graphql/relation.js';

/** A weekly repetition of a blueprint: chosen weekdays at one time between two dates. */
@ObjectType()
@Entity()
export class ClassSeries {
  [OptionalProps]?: 'createdAt' | 'cancelledAt';

  @Field(() => ID) @PrimaryKey({ type: 'uuid' }) id: string = randomUUID();
  @Field(() => ClassBlueprint)
  @Relation()
  @ManyToOne(() => ClassBlueprint, { deleteRule: 'restrict', index: true })
  blueprint: ClassBlueprint;
  @Field(() => [Int], { description: '0 = Sunday … 6 = Saturday' }) @Property({ type: types.json }) weekdays: number[];
  @Field({ description: 'HH:MM in the studio time zone' }) @Property({ length: 5 }) startTime: string;
  @Field() @Property({ type: types.date }) startDate: string;
  @Field() @Property({ type: types.date }) endDate: string;
  /** Exposed as a PersonSummary by a field resolver. */ @ManyToOne(() => User, { deleteRule: 'restrict' }) instructor: User;
  @Field(() => Int) @Property() capacity: number;
  @Field() @Property({ type: types.datetime, defaultRaw: 'now()' }) createdAt: Date = new Date();
  /** Set when the whole series was cancelled: its later classes were cancelled with it. */
  @Field(() => Date, { nullable: true }) @Property({ type: types.datetime, nullable: true }) cancelledAt: Date | null = null;
}
