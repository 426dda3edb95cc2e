import { Entity, ManyToOne, PrimaryKey, Property, types } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { User } from '../users/user.entity.js';

/** A single-use password reset token. Only its SHA-256 hash is stored. */
@Entity()
export class PasswordResetToken {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => User, { deleteRule: 'cascade', index: true })
  user: User;

  @Property({ length: 64, unique: true })
  tokenHash: string;

  @Property({ type: types.datetime })
  expiresAt: Date;

  @Property({ type: types.datetime, nullable: true })
  usedAt: Date | null = null;

  @Property({ type: types.datetime, defaultRaw: 'now()' })
  createdAt: Date = new Date();

  constructor(user: User, tokenHash: string, expiresAt: Date) {
    this.user = user;
    this.tokenHash = tokenHash;
    this.expiresAt = expiresAt;
  }
}
