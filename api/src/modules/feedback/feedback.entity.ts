import { Entity, Enum, ManyToOne, PrimaryKey, Property, types } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { Field, ID, ObjectType, registerEnumType } from 'type-graphql';
import { User } from '../users/user.entity.js';
import { Relation } from '../../graphql/relation.js';

/** Feedback categories: bug, feature, question, general, other (general is the default). */
export enum FeedbackCategory {
  bug = 'bug',
  feature = 'feature',
  question = 'question',
  general = 'general',
  other = 'other',
}
registerEnumType(FeedbackCategory, { name: 'FeedbackCategory' });

/** A message sent with the floating Feedback button. */
@ObjectType()
@Entity()
export class Feedback {
  @Field(() => ID) @PrimaryKey({ type: 'uuid' }) id: string = randomUUID();
  @Field() @Property({ type: types.text }) message: string;
  @Field(() => FeedbackCategory) @Enum({ items: () => FeedbackCategory }) category: FeedbackCategory;
  @Field(() => User) @Relation() @ManyToOne(() => User, { deleteRule: 'restrict', index: true }) author: User;
  @Field(() => String, { nullable: true, description: 'The page the member was on' }) @Property({ length: 300, nullable: true }) page:
    string | null = null;
  @Field() @Property({ type: types.datetime, defaultRaw: 'now()' }) createdAt: Date = new Date();

  constructor(init: { message: string; category: FeedbackCategory; author: User; page?: string | null }) {
    Object.assign(this, init);
  }
}
