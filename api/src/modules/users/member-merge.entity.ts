import { Entity, Index, ManyToOne, OptionalProps, PrimaryKey, Property, types } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { User } from './user.entity.js';

/**
 * The record of one merge of two accounts of one person: the duplicate (`merged`, deactivated by it) went into `kept`,
 * by an admin, with how many rows of each table moved. Its `merged` column is the one reference to the duplicate that
 * a merge leaves in place.
 */
@Entity()
@Index({ properties: ['kept'] })
export class MemberMerge {
  [OptionalProps]?: 'mergedAt';

  @PrimaryKey({ type: 'uuid' }) id: string = randomUUID();
  @ManyToOne(() => User, { deleteRule: 'restrict' }) kept: User;
  /** One merge per duplicate: a merged account cannot be merged again. */
  @ManyToOne(() => User, { deleteRule: 'restrict', unique: true }) merged: User;
  @ManyToOne(() => User, { deleteRule: 'restrict', index: true }) by: User;
  @Property({ type: types.datetime, defaultRaw: 'now()' }) mergedAt: Date = new Date();
  /** Rows that now reference the kept account instead of the duplicate, by table (tables with none left out). */
  @Property({ type: types.json }) moved: Record<string, number>;

  constructor(init: { kept: User; merged: User; by: User; moved: Record<string, number> }) {
    this.kept = init.kept;
    this.merged = init.merged;
    this.by = init.by;
    this.moved = init.moved;
  }
}
