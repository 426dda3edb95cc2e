import { Entity, ManyToOne, PrimaryKey, Property, Unique, types } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { Field, ID, Int, ObjectType } from 'type-graphql';
import { User } from '../users/user.entity.js';

@ObjectType()
export class WaiverSection {
  @Field() key: string;
  @Field() heading: string;
  @Field() body: string;
}

/** One published version of the liability waiver. The newest published version is the one members sign. */
@ObjectType({ description: 'The liability waiver as published' })
@Entity()
@Unique({ properties: ['documentId', 'version'] })
export class WaiverDocument {
  @Field(() => ID)
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Field({ description: 'The document id printed on the waiver, e.g. ASTRO-WAIVER-2025' })
  @Property({ length: 64 })
  documentId: string;

  @Field(() => Int)
  @Property()
  version: number;

  @Field()
  @Property({ length: 200 })
  title: string;

  @Field(() => String, { description: 'The date printed as "last updated", YYYY-MM-DD' })
  @Property({ type: types.date })
  lastUpdated: string;

  @Field(() => [WaiverSection])
  @Property({ type: types.json })
  sections: WaiverSection[];

  @Field({ description: 'When the version was published: from then on it is the one members sign' })
  @Property({ type: types.datetime, defaultRaw: 'now()' })
  publishedAt: Date = new Date();

  /** The admin who published the version (null for the first version, published at install). */
  @ManyToOne(() => User, { nullable: true, deleteRule: 'restrict' })
  publishedBy: User | null = null;
}
