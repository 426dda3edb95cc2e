import { Entity, Index, ManyToOne, OptionalProps, PrimaryKey, Property, types } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { Apparatus } from '../classes/apparatus.entity.js';
import { User } from '../users/user.entity.js';

/**
 * When a student reached a level of an apparatus, recorded with level.achieved in its transaction: levels are
 * computed from progress, and "time to the next level" and "stuck at a level" (dashboard, students table) need dates.
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
