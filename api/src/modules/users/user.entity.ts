import { Check, Entity, Enum, Index, ManyToOne, OptionalProps, PrimaryKey, Property, types } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { Field, ID, ObjectType } from 'type-graphql';
import { Role } from './role.js';

/**
 * A person known to the studio. Members sign in with username and password; a minor added by a parent is a
 * user without login (no username, no password) whose `guardian` is that parent.
 */
@ObjectType({ description: 'A member, parent, staff member, or a family member managed by a parent' })
@Entity({ tableName: 'app_user' })
@Index({
  name: 'app_user_username_lower_uq',
  expression: 'create unique index "app_user_username_lower_uq" on "app_user" (lower("username"))',
})
@Index({ name: 'app_user_email_lower_uq', expression: 'create unique index "app_user_email_lower_uq" on "app_user" (lower("email"))' })
@Check({ name: 'app_user_login_complete', expression: '(username IS NULL) = (password_hash IS NULL)' })
@Check({ name: 'app_user_not_own_guardian', expression: 'guardian_id <> id' })
export class User {
  [OptionalProps]?: 'role' | 'isActive' | 'tokenVersion' | 'createdAt' | 'updatedAt' | 'bio' | 'photoUpdatedAt';

  @Field(() => ID)
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Field()
  @Property({ length: 100 })
  firstName: string;

  @Field()
  @Property({ length: 100 })
  lastName: string;

  @Field(() => String, { nullable: true, description: 'Null for family members who do not sign in themselves' })
  @Property({ length: 50, nullable: true })
  username: string | null = null;

  @Field(() => String, { nullable: true })
  @Property({ length: 254, nullable: true })
  email: string | null = null;

  /** scrypt hash; never exposed. */
  @Property({ type: 'text', nullable: true, hidden: true, lazy: true })
  passwordHash: string | null = null;

  @Field(() => Role)
  @Enum({ items: () => Role, default: Role.student })
  role: Role = Role.student;

  @Field(() => String, { description: 'Date of birth, YYYY-MM-DD' })
  @Property({ type: types.date })
  birthday: string;

  @Field({ description: 'Deactivated users cannot sign in and their sessions stop working' })
  @Property({ default: true })
  isActive: boolean = true;

  /** scrypt hash of the 4-digit kiosk check-in PIN; never exposed. */
  @Property({ type: 'text', nullable: true, hidden: true, lazy: true })
  checkInPinHash: string | null = null;

  /** Bumped by sign out everywhere, password change and reset, deactivation: every session and kiosk code ends. */
  @Property({ default: 0, hidden: true })
  tokenVersion: number = 0;

  /** The parent who manages this family member; null for independent accounts. */
  @ManyToOne(() => User, { nullable: true, index: true, deleteRule: 'restrict' })
  guardian: User | null = null;

  /** What members read about an instructor (staff only; see hasInstructorProfile); shown as PersonSummary.bio. */
  @Property({ type: types.text, default: '' })
  bio: string = '';

  /** When the photo last changed (null: no photo); names the photo's version in its URL and its file in storage. */
  @Property({ type: types.datetime, nullable: true })
  photoUpdatedAt: Date | null = null;

  /** Set when a parent removes a family member; the record stays for signatures and history. */
  @Property({ type: types.datetime, nullable: true })
  removedAt: Date | null = null;

  @Field()
  @Property({ type: types.datetime, defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: types.datetime, defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date = new Date();

  constructor(init: { firstName: string; lastName: string; birthday: string; role?: Role }) {
    this.firstName = init.firstName;
    this.lastName = init.lastName;
    this.birthday = init.birthday;
    if (init.role) this.role = init.role;
  }
}
