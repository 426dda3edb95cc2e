import { Collection, Entity, ManyToOne, OneToMany, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { Field, ID, Int, ObjectType } from 'type-graphql';

/** A piece of aerial equipment (silks, lyra, …). Classes happen on one apparatus. */
@ObjectType()
@Entity()
export class Apparatus {
  @Field(() => ID) @PrimaryKey({ type: 'uuid' }) id: string = randomUUID();
  @Field() @Property({ length: 50, unique: true }) name: string;
  @Field() @Property({ length: 500, default: '' }) description: string = '';
  @Field(() => Int) @Property({ default: 0 }) sortOrder: number = 0;

  @OneToMany(() => RigPoint, (p) => p.apparatus, { orderBy: { sortOrder: 'asc' } })
  rigPoints = new Collection<RigPoint>(this);

  constructor(name: string, sortOrder = 0) {
    this.name = name;
    this.sortOrder = sortOrder;
  }
}

/** A named hanging point on an apparatus (e.g. Silks 3): one attendee per point per class. */
@ObjectType()
@Entity()
export class RigPoint {
  [OptionalProps]?: 'isActive';

  @Field(() => ID) @PrimaryKey({ type: 'uuid' }) id: string = randomUUID();
  @ManyToOne(() => Apparatus, { deleteRule: 'cascade', index: true }) apparatus: Apparatus;
  @Field() @Property({ length: 50 }) name: string;
  @Field(() => Int) @Property({ default: 0 }) sortOrder: number = 0;
  @Field() @Property({ default: true }) isActive: boolean = true;

  constructor(apparatus: Apparatus, name: string, sortOrder: number) {
    this.apparatus = apparatus;
    this.name = name;
    this.sortOrder = sortOrder;
  }
}
