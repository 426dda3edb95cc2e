import { ArrayMaxSize, IsOptional, IsUUID, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import { ArgsType, Field, ID, InputType, Int, ObjectType, registerEnumType, type ClassType } from 'type-graphql';
import { PageArgs, SortDirection } from '../../common/paging.js';
import { EmailRules, IsDateOnly, NameRules, PhoneRules, UsernameRules } from '../../common/validators.js';
import { PersonSummary } from '../users/person-summary.js';
import { Role } from '../users/role.js';
import { User } from '../users/user.entity.js';
import type { PeopleCount } from './people-table.js';
import { PeopleSegment } from './people-segments.js';

export enum UserSortField {
  lastName = 'lastName',
  firstName = 'firstName',
  username = 'username',
  email = 'email',
  role = 'role',
  birthday = 'birthday',
  createdAt = 'createdAt',
  lastVisitAt = 'lastVisitAt',
}
registerEnumType(UserSortField, { name: 'UserSortField' });

export enum WaiverFilter {
  signed = 'signed',
  missing = 'missing',
}
registerEnumType(WaiverFilter, { name: 'WaiverFilter', description: 'Whether a signature for the current waiver version exists' });

export enum MembershipFilter {
  active = 'active',
  past_due = 'past_due',
  paused = 'paused',
  none = 'none',
}
registerEnumType(MembershipFilter, {
  name: 'MembershipFilter',
  description: 'active, past due or paused: holds one in that state; none: holds no active, past-due or paused membership',
});

@ArgsType()
class PeopleListArgs extends PageArgs {
  @Field({ nullable: true, description: 'Every word matches part of a first or last name, username, email or phone' })
  @IsOptional()
  @MaxLength(100)
  search?: string;

  @Field(() => String, { nullable: true, description: "The previous page's endCursor: the page after it (page is then ignored)" })
  @IsOptional()
  @MaxLength(2000)
  after?: string | null;

  @Field(() => SortDirection, { defaultValue: SortDirection.ASC }) sortDirection: SortDirection = SortDirection.ASC;

  @Field(() => Int, { nullable: true, description: 'Checked in to a class within this many days' })
  @IsOptional()
  @Min(1)
  @Max(3650)
  visitedWithinDays?: number;

  @Field(() => Int, { nullable: true, description: 'Not checked in to a class for this many days (or never)' })
  @IsOptional()
  @Min(1)
  @Max(3650)
  notVisitedForDays?: number;

  @Field(() => WaiverFilter, { nullable: true }) waiver?: WaiverFilter;

  @Field(() => PeopleSegment, { nullable: true, description: 'One of the groups the admin dashboard counts as needing a word' })
  segment?: PeopleSegment;
}

/** The most accounts one selection (a bulk action on checked rows) may name. */
export const MAX_SELECTED = 1000;

@ArgsType()
export class UserListArgs extends PeopleListArgs {
  @Field(() => Role, { nullable: true }) role?: Role;
  @Field({ nullable: true }) isActive?: boolean;
  @Field(() => MembershipFilter, { nullable: true }) membership?: MembershipFilter;
  @Field(() => [ID], { nullable: true, description: `Only these accounts (a selection of rows; at most ${MAX_SELECTED})` })
  @IsOptional()
  @ArrayMaxSize(MAX_SELECTED, { message: `A selection can name at most ${MAX_SELECTED} accounts: choose all matching instead.` })
  @IsUUID('all', { each: true, message: 'Each selected account is named by its id.' })
  ids?: string[] | null;
  @Field(() => ID, { nullable: true, description: "A group's members only (groups: a manual group's members, a rule group's matches)" })
  @IsOptional()
  @IsUUID('all', { message: 'Choose a group from the list.' })
  group?: string | null;
  @Field(() => UserSortField, { defaultValue: UserSortField.lastName }) sortField: UserSortField = UserSortField.lastName;
}

/** The filters of the users table, for a bulk action on every account they match. */
export type AccountFilterArgs = Pick<
  UserListArgs,
  'search' | 'visitedWithinDays' | 'notVisitedForDays' | 'waiver' | 'segment' | 'role' | 'isActive' | 'membership' | 'ids' | 'group'
>;

/**
 * Which accounts a bulk action applies to: the checked rows (`ids`), or `allMatching` the users table's filters (the
 * same arguments as the `users` query, applied by the same code).
 */
@ArgsType()
export class UserSelectionArgs {
  @Field(() => [ID], { nullable: true, description: `The checked rows (at most ${MAX_SELECTED})` })
  @IsOptional()
  @ArrayMaxSize(MAX_SELECTED, { message: `A selection can name at most ${MAX_SELECTED} accounts: choose all matching instead.` })
  @IsUUID('all', { each: true, message: 'Each selected account is named by its id.' })
  ids?: string[] | null;

  @Field({ defaultValue: false, description: 'Every account the filters below match, on every page (ids then narrow it further)' })
  allMatching: boolean = false;

  @Field({ nullable: true }) @IsOptional() @MaxLength(100) search?: string;
  @Field(() => Int, { nullable: true }) @IsOptional() @Min(1) @Max(3650) visitedWithinDays?: number;
  @Field(() => Int, { nullable: true }) @IsOptional() @Min(1) @Max(3650) notVisitedForDays?: number;
  @Field(() => WaiverFilter, { nullable: true }) waiver?: WaiverFilter;
  @Field(() => PeopleSegment, { nullable: true }) segment?: PeopleSegment;
  @Field(() => Role, { nullable: true }) role?: Role;
  @Field({ nullable: true }) isActive?: boolean;
  @Field(() => MembershipFilter, { nullable: true }) membership?: MembershipFilter;
  @Field(() => ID, { nullable: true, description: "A group's members only" })
  @IsOptional()
  @IsUUID('all', { message: 'Choose a group from the list.' })
  group?: string | null;
}

@ObjectType({ description: 'What a bulk deactivation did' })
export class BulkDeactivation {
  @Field(() => Int, { description: 'Accounts the selection matched' }) matched!: number;
  @Field(() => Int, { description: 'Accounts deactivated now (those already deactivated, and your own, are left as they are)' })
  deactivated!: number;
  @Field({ description: 'Your own account was in the selection and was left active' }) skippedSelf!: boolean;
}

export enum StudentSortField {
  name = 'name',
  age = 'age',
  bookings = 'bookings',
  attended = 'attended',
  noShows = 'noShows',
  lastAttendedAt = 'lastAttendedAt',
}
registerEnumType(StudentSortField, { name: 'StudentSortField' });

@ArgsType()
export class StudentListArgs extends PeopleListArgs {
  @Field(() => StudentSortField, { defaultValue: StudentSortField.name }) sortField: StudentSortField = StudentSortField.name;
}

@ObjectType({ description: 'A student row of /admin/students' })
export class StudentRow {
  @Field(() => User) user: User;
  @Field(() => PersonSummary, { nullable: true, description: 'The parent who manages them' }) guardian: PersonSummary | null;
  @Field(() => Int) bookings: number;
  @Field(() => Int) attended: number;
  @Field(() => Int) noShows: number;
  @Field(() => Date, { nullable: true }) lastAttendedAt: Date | null;
}

/** A page of a people table: rows, the cursor to the next page, and the total counted only when asked for. */
function PeoplePaginated<T extends object>(itemType: ClassType<T>) {
  @ObjectType()
  abstract class PeoplePageClass {
    @Field(() => [itemType]) items: T[];
    @Field(() => Int) page: number;
    @Field(() => Int) pageSize: number;
    @Field(() => String, { nullable: true, description: 'Pass as `after` for the next page' }) endCursor: string | null;
    @Field() hasNextPage: boolean;
    count: () => Promise<PeopleCount>;
  }
  return PeoplePageClass;
}

@ObjectType({ description: "total: exact up to 10,000 matches, the planner's estimate above (then totalIsEstimate is true)" })
export class UserPage extends PeoplePaginated(User) {}

@ObjectType({ description: "total: exact up to 10,000 matches, the planner's estimate above (then totalIsEstimate is true)" })
export class StudentPage extends PeoplePaginated(StudentRow) {}

@InputType({ description: 'A child of a new parent account, made a family member without a login' })
export class NewChildInput {
  @Field() @NameRules() firstName: string;
  @Field({ nullable: true, description: "The parent's last name when omitted" }) @IsOptional() @NameRules() lastName?: string;
  @Field() @IsDateOnly() birthday: string;
}

@InputType({ description: 'A member made at the front desk: an adult, or a parent with their children' })
export class CreateMemberInput {
  @Field() @NameRules() firstName: string;
  @Field() @NameRules() lastName: string;
  @Field() @EmailRules() email: string;
  @Field({ nullable: true }) @IsOptional() @PhoneRules() phone?: string;
  @Field() @IsDateOnly() birthday: string;
  @Field({ nullable: true, description: 'Made from the email address when omitted' }) @IsOptional() @UsernameRules() username?: string;
  @Field(() => [NewChildInput], { defaultValue: [], description: 'Children make the account a parent account' })
  @ValidateNested({ each: true })
  @ArrayMaxSize(12, { message: 'A family can have at most 12 members.' })
  children: NewChildInput[];
  @Field({ defaultValue: true, description: 'Email a link to choose a password (valid 7 days)' }) sendPasswordLink: boolean;
}

@ObjectType({ description: 'Rows of one table that a merge moved from the duplicate to the kept account' })
export class MergeMovedRows {
  @Field({ description: 'The table, e.g. booking, waiver_signature, shop_order' })
  table!: string;

  @Field(() => Int)
  rows!: number;
}

@ObjectType({ description: 'Two accounts of one person merged: the duplicate is deactivated and recorded as merged into the kept one' })
export class MemberMergeResult {
  @Field(() => User)
  kept!: User;

  @Field(() => User, { description: 'The duplicate, now deactivated' })
  merged!: User;

  @Field(() => [MergeMovedRows], { description: 'What moved, by table (tables with nothing to move left out)' })
  moved!: MergeMovedRows[];

  @Field(() => Int, { description: 'Rows moved in all' })
  total!: number;

  @Field()
  mergedAt!: Date;
}
