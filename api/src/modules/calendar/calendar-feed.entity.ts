import { Entity, OneToOne, OptionalProps, PrimaryKeyProp, Property, types } from '@mikro-orm/core';
import { User } from '../users/user.entity.js';

/**
 * A member's private calendar feed: the secret in its address (not a sign-in token; it opens this feed and nothing
 * else). Resetting it gives a new secret, and the old address stops working.
 */
@Entity()
export class CalendarFeed {
  [PrimaryKeyProp]?: 'user';
  [OptionalProps]?: 'createdAt';

  @OneToOne(() => User, { primary: true, owner: true, deleteRule: 'cascade' })
  user: User;

  /** 32 random bytes, base64url; never exposed except in the owner's own feed address. */
  @Property({ length: 64, unique: true })
  token: string;

  @Property({ type: types.datetime, defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
