import { Entity, ManyToOne, OneToOne, OptionalProps, PrimaryKey, Property, types } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { User } from '../users/user.entity.js';
import { PersonalData } from '../../graphql/access.js';

export enum FamilyInviteStatus {
  /** The latest link works. */
  pending = 'pending',
  expired = 'expired',
  /** The member created their login with it. */
  accepted = 'accepted',
}
registerEnumType(FamilyInviteStatus, { name: 'FamilyInviteStatus' });

/**
 * A parent's invitation for an adult family member to sign in with a login of their own: an emailed, single-use link
 * that expires. One per family member; sending again replaces the link. Only the link's SHA-256 hash is stored.
 */
@ObjectType({ description: 'An invitation for an adult family member to create their own login' })
@Entity()
export class FamilyInvite {
  [OptionalProps]?: 'sendCount' | 'createdAt';

  @Field(() => ID) @PrimaryKey({ type: 'uuid' }) id: string = randomUUID();

  /** The family member whose record becomes their own account. */
  @OneToOne(() => User, { owner: true, unique: true, deleteRule: 'cascade' })
  member: User;

  @ManyToOne(() => User, { deleteRule: 'cascade', index: true })
  invitedBy: User;

  @Field({ description: 'Where the link went; it becomes their email once they accept' })
  @PersonalData()
  @Property({ length: 254 })
  email: string;

  @Property({ length: 64, unique: true, hidden: true })
  tokenHash: string;

  @Field({ description: 'When the latest link was sent' }) @Property({ type: types.datetime }) sentAt: Date;
  @Field({ description: 'When the latest link stops working' }) @Property({ type: types.datetime }) expiresAt: Date;
  @Field(() => Int, { description: 'How many links were sent' }) @Property({ default: 1 }) sendCount: number = 1;
  @Field(() => Date, { nullable: true }) @Property({ type: types.datetime, nullable: true }) acceptedAt: Date | null = null;
  @Property({ type: types.datetime, defaultRaw: 'now()' }) createdAt: Date = new Date();

  constructor(init: { member: User; invitedBy: User; email: string; tokenHash: string; sentAt: Date; expiresAt: Date }) {
    Object.assign(this, init);
  }
}
