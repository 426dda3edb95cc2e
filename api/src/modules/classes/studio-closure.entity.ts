import { Entity, PrimaryKey, Property, types } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { Field, ID, ObjectType } from 'type-graphql';

/** A day the studio is closed (holiday): series create no classes on it. */
@ObjectType()
@Entity()
export class StudioClosure {
  @Field(() => ID) @PrimaryKey({ type: 'uuid' }) id: string = randomUUID();
  @Field() @Property({ type: types.date, unique: true }) date: string;
  @Field() @Property({ length: 200 }) reason: string;

  constructor(date: string, reason: string) {
    this.date = date;
    this.reason = reason;
  }
}
