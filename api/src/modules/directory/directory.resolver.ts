import { Arg, Args, Authorized, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { Context, Viewer } from '../../graphql/context.js';
import { CurrentUser } from '../../graphql/current-user.js';
import { RendersDocument } from '../../graphql/cost.js';
import { Parent } from '../../graphql/parent.js';
import { MembershipStatus } from '../memberships/membership.entity.js';
import { Role } from '../users/role.js';
import { User } from '../users/user.entity.js';
import {
  BulkDeactivation,
  CreateMemberInput,
  MemberMergeResult,
  StudentListArgs,
  StudentPage,
  StudentSortField,
  UserListArgs,
  UserPage,
  UserSelectionArgs,
  UserSortField,
} from './directory.types.js';
import { PersonalData, Scope, SearchesPersonalData, SortsByPersonalData } from '../../graphql/access.js';

/** Sorting people by these orders them by their email or birthday, which reveals them (members:pii for keys). */
const PERSONAL_USER_SORTS = [UserSortField.email, UserSortField.birthday];

/** The admin's people tables: /admin/users and /admin/students. */
@Resolver()
export class DirectoryResolver {
  @Authorized(Role.admin)
  @Scope('members:read')
  @SearchesPersonalData('search')
  @SortsByPersonalData('sortField', PERSONAL_USER_SORTS)
  @Query(() => UserPage, { description: 'Accounts (people who sign in), sorted, filtered and paged on the server (/admin/users)' })
  async users(@Args() args: UserListArgs, @Ctx() ctx: Context): Promise<UserPage> {
    const page = await ctx.services.directory.accounts(ctx.em, args);
    for (const row of page.rows) {
      ctx.loaders.waiverSigned.prime(row.user.id, row.waiverSigned);
      ctx.loaders.membershipStatus.prime(row.user.id, row.membershipStatus);
    }
    return { ...page, items: page.rows.map((row) => row.user), page: args.page, pageSize: args.pageSize };
  }

  @Authorized(Role.admin)
  @Scope('members:read')
  @SearchesPersonalData('search')
  @SortsByPersonalData('sortField', PERSONAL_USER_SORTS)
  @PersonalData()
  @RendersDocument()
  @Query(() => String, { description: 'Every account the filters match as CSV (paging and sorting as given, all pages)' })
  usersCsv(@Args() args: UserListArgs, @Ctx() ctx: Context): Promise<string> {
    return ctx.services.directory.accountsCsv(ctx.em, args);
  }

  @Authorized(Role.admin)
  @Scope('members:write')
  @Mutation(() => User, {
    description: 'A member made at the front desk (an adult, or a parent with children); they choose a password from the emailed link',
  })
  createMember(@Arg('input') input: CreateMemberInput, @Ctx() ctx: Context): Promise<User> {
    return ctx.services.directory.createMember(ctx.em, input);
  }

  @Authorized(Role.admin)
  @Scope('members:write')
  @Mutation(() => User, {
    description: 'Ends every session of this account on every device (they sign in again); the account stays active',
  })
  signOutUserEverywhere(@Arg('id', () => ID) id: string, @Ctx() ctx: Context): Promise<User> {
    return ctx.services.directory.signOutEverywhere(ctx.em, id);
  }

  @Authorized(Role.admin)
  @Scope('members:write')
  @SearchesPersonalData('search')
  @Mutation(() => BulkDeactivation, {
    description: 'Deactivates the checked accounts, or every account the filters match; never your own. Their sessions end.',
  })
  deactivateUsers(@Args() selection: UserSelectionArgs, @CurrentUser() admin: Viewer, @Ctx() ctx: Context): Promise<BulkDeactivation> {
    return ctx.services.directory.deactivateAccounts(ctx.em, admin, selection);
  }

  @Authorized(Role.admin)
  @Scope('members:write')
  @Mutation(() => MemberMergeResult, {
    description:
      'Merges two accounts of one person: every record of the duplicate (bookings, orders, waivers, memberships, moves, family…) moves to the kept account, the duplicate is deactivated and the merge recorded',
  })
  mergeMembers(
    @Arg('keptId', () => ID) keptId: string,
    @Arg('mergedId', () => ID) mergedId: string,
    @CurrentUser() admin: Viewer,
    @Ctx() ctx: Context,
  ): Promise<MemberMergeResult> {
    return ctx.services.directory.mergeMembers(ctx.em, admin, keptId, mergedId);
  }

  @Authorized(Role.admin)
  @Scope('members:read')
  @SearchesPersonalData('search')
  @SortsByPersonalData('sortField', [StudentSortField.age])
  @Query(() => StudentPage, { description: 'Students with their bookings, attendance and family (/admin/students)' })
  async adminStudents(@Args() args: StudentListArgs, @Ctx() ctx: Context): Promise<StudentPage> {
    const page = await ctx.services.directory.students(ctx.em, args);
    return { ...page, items: page.rows, page: args.page, pageSize: args.pageSize };
  }
}

/** A people page's total, counted only when a client selects it. */
function totalResolvers<Page extends UserPage | StudentPage>(pageType: new () => Page) {
  @Resolver(() => pageType)
  class PeopleTotalResolver {
    @FieldResolver(() => Int)
    async total(@Parent() page: Page): Promise<number> {
      return (await page.count()).total;
    }

    @FieldResolver(() => Boolean, { description: 'The total is an estimate ("about N"): more than 10,000 match' })
    async totalIsEstimate(@Parent() page: Page): Promise<boolean> {
      return (await page.count()).estimate;
    }
  }
  return PeopleTotalResolver;
}

export const UserPageTotalResolver = totalResolvers(UserPage);
export const StudentPageTotalResolver = totalResolvers(StudentPage);

@Resolver(() => User)
export class UserMembershipResolver {
  @Authorized(Role.admin)
  @FieldResolver(() => MembershipStatus, { nullable: true, description: 'The membership this person holds (active first), if any' })
  membershipStatus(@Parent() user: User, @Ctx() ctx: Context): Promise<MembershipStatus | null> {
    return ctx.loaders.membershipStatus.load(user.id);
  }
}
