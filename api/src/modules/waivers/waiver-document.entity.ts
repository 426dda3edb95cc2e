import { Entity, PrimaryKey, Property, Unique, types } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { Field, Int, ObjectType } from 'type-graphql';

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

  @Field(() => String, { description: 'YYYY-MM-DD' })
  @Property({ type: types.date })
  lastUpdated: string;

  @Field(() => [WaiverSection])
  @Property({ type: types.json })
  sections: WaiverSection[];

  @Property({ type: types.datetime, defaultRaw: 'now()' })
  publishedAt: Date = new Date();
}
