import { Entity, Enum, Index, ManyToOne, OptionalProps, PrimaryKey, Property, types } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { Field, ID, ObjectType, registerEnumType } from 'type-graphql';
import { User } from '../users/user.entity.js';
import { GroupRule } from './groups.types.js';

export enum GroupKind {
  /** Members added and removed by an admin. */
  manual = 'manual',
  /** Members are whoever matches the saved conditions, right now. */
  rule = 'rule',
}
registerEnumType(GroupKind, { name: 'GroupKind', description: 'manual: members added by an admin; rule: whoever matches its conditions' });

/** A group of members: usable wherever members are chosen (the users table's filter, its bulk actions, email). */
@ObjectType('Group', { description: 'A group of members: a manual list, or a saved rule that every member matches' })
@Entity({ tableName: 'member_group' })
@Index({ properties: ['archivedAt', 'name'] })
export class MemberGroup {
  [OptionalProps]?: 'rule' | 'description' | 'archivedAt' | 'createdAt' | 'updatedAt';

  @Field(() => ID) @PrimaryKey({ type: 'uuid' }) id: string = randomUUID();
  @Field() @Property({ length: 100 }) name: string;
  @Field() @Property({ type: types.text, default: '' }) description: string = '';
  @Field(() => GroupKind) @Enum({ items: () => GroupKind }) kind: GroupKind;
  /** A rule group's conditions (GroupRule, checked by the shared rule when saved); null for a manual group. */
  @Field(() => GroupRule, { nullable: true }) @Property({ type: types.json, nullable: true }) rule: GroupRule | null = null;
  @Field(() => Date, { nullable: true, description: 'Archived groups are hidden from pickers; their members stay' })
  @Property({ type: types.datetime, nullable: true })
  archivedAt: Date | null = null;
  @Field() @Property({ type: types.datetime, defaultRaw: 'now()' }) createdAt: Date = new Date();
  @Field() @Property({ type: types.datetime, defaultRaw: 'now()', onUpdate: () => new Date() }) updatedAt: Date = new Date();
}

/** A member of a manual group: one row per group and person (adding twice, or from two tabs at once, is one row). */
@Entity()
@Index({ properties: ['user'] })
export class GroupMember {
  [OptionalProps]?: 'addedAt';

  @ManyToOne(() => MemberGroup, { primary: true, deleteRule: 'cascade' }) group: MemberGroup;
  @ManyToOne(() => User, { primary: true, deleteRule: 'cascade' }) user: User;
  @Property({ type: types.datetime, defaultRaw: 'now()' }) addedAt: Date = new Date();
}
