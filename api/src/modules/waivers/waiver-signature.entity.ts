import { Entity, Index, ManyToOne, PrimaryKey, Property, types } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { Field, ID, ObjectType } from 'type-graphql';
import { User } from '../users/user.entity.js';
import { WaiverDocument } from './waiver-document.entity.js';
import { Relation } from '../../graphql/relation.js';

/** An immutable record that `signedBy` signed `document` for `signedFor`. A database trigger refuses updates and deletes. */
@ObjectType({ description: 'A waiver signature: who it covers, who signed, which version, when and from where' })
@Entity()
@Index({ properties: ['signedFor', 'document'] })
export class WaiverSignature {
  @Field(() => ID)
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => WaiverDocument, { deleteRule: 'restrict' })
  document: WaiverDocument;

  @Field(() => User)
  @Relation()
  @ManyToOne(() => User, { deleteRule: 'restrict' })
  signedFor: User;

  @Field(() => User)
  @Relation()
  @ManyToOne(() => User, { deleteRule: 'restrict' })
  signedBy: User;

  @Field()
  @Property({ type: types.datetime, defaultRaw: 'now()' })
  signedAt: Date = new Date();

  @Field(() => String, { nullable: true })
  @Property({ length: 64, nullable: true })
  ip: string | null = null;

  @Field(() => String, { nullable: true })
  @Property({ length: 512, nullable: true })
  userAgent: string | null = null;

  constructor(init: { document: WaiverDocument; signedFor: User; signedBy: User; ip?: string | null; userAgent?: string | null }) {
    this.document = init.document;
    this.signedFor = init.signedFor;
    this.signedBy = init.signedBy;
    this.ip = init.ip ?? null;
    this.userAgent = init.userAgent ?? null;
  }
}
