import { Check, Entity, Enum, Index, ManyToOne, OptionalProps, PrimaryKey, Property, types } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { Field, ID, ObjectType } from 'type-graphql';
import { Role } from './role.js';
import { PersonalData } from '../../graphql/access.js';

/** What people search matches (lower case): first and last name, username, email and phone, one string per person. */
// Written the way PostgreSQL prints it back, so the schema diff sees no change.
const PEOPLE_SEARCH_TEXT = `lower((((((((((first_name)::text || ' '::text) || (last_name)::text) || ' '::text) || (COALESCE(username, ''::character varying))::text) || ' '::text) || (COALESCE(email, ''::character varying))::text) || ' '::text) || (COALESCE(phone, ''::character varying))::text))`;

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
// The admin's people tables: one index per sort (ties broken by id, so a cursor names one place) and a trigram index
// for search by any part of a name, username, email or phone. Same SQL as their migration.
@Index({
  name: 'app_user_people_last_name',
  expression: 'create index "app_user_people_last_name" on "app_user" ("last_name", "first_name", "id") where "removed_at" is null',
})
@Index({
  name: 'app_user_people_first_name',
  expression: 'create index "app_user_people_first_name" on "app_user" ("first_name", "last_name", "id") where "removed_at" is null',
})
@Index({
  name: 'app_user_people_username',
  expression: 'create index "app_user_people_username" on "app_user" ("username", "id") where "removed_at" is null',
})
@Index({
  name: 'app_user_people_email',
  expression: `create index "app_user_people_email" on "app_user" ((coalesce("email", '')), "id") where "removed_at" is null`,
})
@Index({
  name: 'app_user_people_role',
  expression: 'create index "app_user_people_role" on "app_user" ("role", "last_name", "first_name", "id") where "removed_at" is null',
})
@Index({
  name: 'app_user_people_birthday',
  expression: 'create index "app_user_people_birthday" on "app_user" ("birthday", "id") where "removed_at" is null',
})
@Index({
  name: 'app_user_people_created_at',
  expression: 'create index "app_user_people_created_at" on "app_user" ("created_at", "id") where "removed_at" is null',
})
@Index({
  name: 'app_user_people_last_visit_asc',
  expression: `create index "app_user_people_last_visit_asc" on "app_user" ((coalesce("last_visit_at", 'infinity'::timestamptz)), "id") where "removed_at" is null`,
})
@Index({
  name: 'app_user_people_last_visit_desc',
  expression: `create index "app_user_people_last_visit_desc" on "app_user" ((coalesce("last_visit_at", '-infinity'::timestamptz)), "id") where "removed_at" is null`,
})
@Index({
  name: 'app_user_people_bookings',
  expression: 'create index "app_user_people_bookings" on "app_user" ("booking_count", "id") where "removed_at" is null',
})
@Index({
  name: 'app_user_people_attended',
  expression: 'create index "app_user_people_attended" on "app_user" ("attended_count", "id") where "removed_at" is null',
})
@Index({
  name: 'app_user_people_no_shows',
  expression: 'create index "app_user_people_no_shows" on "app_user" ("no_show_count", "id") where "removed_at" is null',
})
@Index({
  name: 'app_user_people_search',
  expression: `create index "app_user_people_search" on "app_user" using gin ("search_text" gin_trgm_ops) where "removed_at" is null`,
})
@Check({ name: 'app_user_login_complete', expression: '(username IS NULL) = (password_hash IS NULL)' })
@Check({ name: 'app_user_not_own_guardian', expression: 'guardian_id <> id' })
export class User {
  [OptionalProps]?:
    | 'role'
    | 'isActive'
    | 'tokenVersion'
    | 'createdAt'
    | 'updatedAt'
    | 'bio'
    | 'photoUpdatedAt'
    | 'phone'
    | 'lastVisitAt'
    | 'bookingCount'
    | 'attendedCount'
    | 'noShowCount';

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
  @PersonalData()
  @Property({ length: 254, nullable: true })
  email: string | null = null;

  /** scrypt hash; never exposed. */
  @Property({ type: 'text', nullable: true, hidden: true, lazy: true })
  passwordHash: string | null = null;

  @Field(() => Role)
  @Enum({ items: () => Role, default: Role.student })
  role: Role = Role.student;

  @Field(() => String, { nullable: true })
  @PersonalData()
  @Property({ length: 30, nullable: true })
  phone: string | null = null;

  @Field(() => String, { description: 'Date of birth, YYYY-MM-DD' })
  @PersonalData()
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

  // Attendance figures, kept by the booking table's trigger (booking_attendance_figures) on every booking write so
  // the people tables sort and filter by them through an index; never written by the application.
  @Field(() => Date, { nullable: true, description: 'When this person last checked in to a class' })
  @Property({ type: types.datetime, nullable: true })
  lastVisitAt: Date | null = null;

  /** Bookings that are not cancelled. */
  @Property({ default: 0 })
  bookingCount: number = 0;

  @Property({ default: 0 })
  attendedCount: number = 0;

  @Property({ default: 0 })
  noShowCount: number = 0;

  /**
   * What people search matches, kept by the database: a stored column, so checking a trigram match reads it instead of
   * building it again for every candidate row.
   */
  @Property({ type: types.text, generated: `(${PEOPLE_SEARCH_TEXT}) stored`, hidden: true, lazy: true, nullable: true })
  searchText?: string;

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
