import { Entity, ManyToOne, OneToOne, OptionalProps, PrimaryKey, Property, types } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { Field, ID, Int, ObjectType } from 'type-graphql';
import { User } from '../users/user.entity.js';

/**
 * A key a third party sends as `Authorization: Bearer studio_…`. Only its prefix (the first characters, shown in
 * the list) and the SHA-256 of the whole key are kept; the key itself is shown once, when it is made. The key acts as
 * its integration user (an admin-role account that cannot sign in, named after the key), so audit trails name it
 * ("booked by <name>"), within its scopes.
 */
@ObjectType('ApiKey', { description: 'A key an integration calls the API with, limited to its scopes' })
@Entity({ tableName: 'api_key' })
export class ApiKey {
  [OptionalProps]?:
    'createdAt' | 'expiresAt' | 'revokedAt' | 'lastUsedAt' | 'lastUsedIp' | 'trustedDocuments' | 'bucketPoints' | 'bucketAt';

  @Field(() => ID)
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Field({ description: 'What the key is for; also the name audit trails give its actions' })
  @Property({ length: 80 })
  name: string;

  @Field(() => [String], { description: 'What the key may do (see the scopes table in the README)' })
  @Property({ type: types.array, columnType: 'text[]' })
  scopes: string[];

  @Field({ description: 'The start of the key (studio_ and 8 characters), to recognise it by' })
  @Property({ length: 24, unique: true })
  prefix: string;

  /** SHA-256 (hex) of the whole key; never exposed. */
  @Property({ length: 64, hidden: true })
  hash: string;

  /** SHA-256 (hex) of each document the key may run; null: any document. */
  @Property({ type: types.array, columnType: 'text[]', nullable: true, hidden: true })
  trustedDocuments: string[] | null = null;

  @ManyToOne(() => User, { nullable: true, deleteRule: 'set null' })
  createdBy: User | null = null;

  /** The account the key acts as (see above); one per key. */
  @OneToOne(() => User, { owner: true, deleteRule: 'restrict', hidden: true })
  integrationUser: User;

  @Field()
  @Property({ type: types.datetime, defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Field(() => Date, { nullable: true, description: 'After this the key is refused' })
  @Property({ type: types.datetime, nullable: true })
  expiresAt: Date | null = null;

  @Field(() => Date, { nullable: true, description: 'When an admin revoked the key; it is refused from then on' })
  @Property({ type: types.datetime, nullable: true })
  revokedAt: Date | null = null;

  @Field(() => Date, { nullable: true, description: 'The last request made with the key' })
  @Property({ type: types.datetime, nullable: true })
  lastUsedAt: Date | null = null;

  @Field(() => String, { nullable: true, description: 'The address the last request came from' })
  @Property({ type: 'string', length: 64, nullable: true })
  lastUsedIp: string | null = null;

  /** The cost bucket: the points it held at `bucketAt`; it refills from there (apikeys.service.ts `charge`). */
  @Property({ type: types.double, hidden: true })
  bucketPoints: number = 0;

  @Property({ type: types.datetime, defaultRaw: 'now()', hidden: true })
  bucketAt: Date = new Date();

  @Field(() => Int, { description: 'How many documents the key is limited to (0: any document)' })
  get trustedDocumentCount(): number {
    return this.trustedDocuments?.length ?? 0;
  }

  constructor(init: {
    name: string;
    scopes: string[];
    prefix: string;
    hash: string;
    createdBy: User;
    integrationUser: User;
    bucketPoints: number;
  }) {
    this.name = init.name;
    this.scopes = init.scopes;
    this.prefix = init.prefix;
    this.hash = init.hash;
    this.createdBy = init.createdBy;
    this.integrationUser = init.integrationUser;
    this.bucketPoints = init.bucketPoints;
  }
}
