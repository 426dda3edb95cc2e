import { Entity, Index, ManyToOne, OptionalProps, PrimaryKey, Property, types } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { Apparatus } from '../classes/apparatus.entity.js';
import { User } from '../users/user.entity.js';

/**
 * When a student reached a level of an apparatus (from level.achieved): the moves module computes levels from
 * progress and keeps no dates, and the dashboard's "time to the next level" and "stuck at a level" need them.
 */
@Entity()
@Index({ properties: ['student', 'at'] })
@Index({ properties: ['at'] })
export class LevelAchievement {
  [OptionalProps]?: 'at';

  @PrimaryKey({ type: 'uuid' }) id: string = randomUUID();
  @ManyToOne(() => User, { deleteRule: 'cascade' }) student: User;
  @ManyToOne(() => Apparatus, { deleteRule: 'cascade' }) apparatus: Apparatus;
  @Property() level: number;
  @Property({ type: types.text }) by: 'sign_off' | 'placement';
  @Property({ type: types.datetime, defaultRaw: 'now()' }) at: Date = new Date();
}
