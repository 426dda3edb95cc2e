import { Entity, ManyToOne, OptionalProps, PrimaryKey, Property, types } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { Field, ID, ObjectType } from 'type-graphql';
import { User } from '../users/user.entity.js';

/**
 * One sign-in on one device. A session token names its row: signing out sets `revokedAt`, which ends that device
 * only. `tokenVersion` is the user's version when the row was last confirmed; bumping the user's version (sign out
 * everywhere, a password reset, deactivation) ends every session at once.
 */
@ObjectType('Session', { description: 'A device signed in to this account' })
@Entity({ tableName: 'user_session' })
export class Session {
  [OptionalProps]?: 'createdAt' | 'lastUsedAt' | 'revokedAt' | 'ip';

  @Field(() => ID)
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => User, { deleteRule: 'cascade', index: true })
  user: User;

  @Field({ description: 'Browser and system from the User-Agent, e.g. "Chrome on Android"' })
  @Property({ length: 120 })
  device: string;

  /** Where the sign-in came from; kept with the record, not shown. */
  @Property({ type: 'string', length: 64, nullable: true })
  ip: string | null = null;

  @Property()
  tokenVersion: number;

  @Field({ description: 'When this device signed in' })
  @Property({ type: types.datetime, defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Field({ description: 'The last request from this device, to the minute' })
  @Property({ type: types.datetime, defaultRaw: 'now()' })
  lastUsedAt: Date = new Date();

  /** When its token expires (a password change on this device hands it a new one). */
  @Property({ type: types.datetime })
  expiresAt: Date;

  @Property({ type: types.datetime, nullable: true })
  revokedAt: Date | null = null;

  constructor(user: User, tokenVersion: number, device: string, ip: string | null, expiresAt: Date) {
    this.user = user;
    this.tokenVersion = tokenVersion;
    this.device = device;
    this.ip = ip;
    this.expiresAt = expiresAt;
  }
}
