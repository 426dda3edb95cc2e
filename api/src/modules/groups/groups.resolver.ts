import { Arg, Args, Authorized, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { Context } from '../../graphql/context.js';
import { Parent } from '../../graphql/parent.js';
import type { PeopleCount } from '../directory/people-table.js';
import { UserSelectionArgs } from '../directory/directory.types.js';
import { Role } from '../users/role.js';
import { MemberGroup } from './group.entity.js';
import { GroupInput, GroupListArgs, GroupMembershipChange } from './groups.types.js';
import { Scope, SearchesPersonalData } from '../../graphql/access.js';

/** /admin/groups: groups of members, for admins (the people in them are the users table's, which is theirs only). */
@Resolver(() => MemberGroup)
export class GroupResolver {
  /** One count per group and request, shared by memberCount and memberCountIsEstimate. */
  private readonly counts = new WeakMap<MemberGroup, Promise<PeopleCount>>();

  @Authorized(Role.admin)
  @Scope('members:read')
  @Query(() => [MemberGroup], { description: 'The groups, by name (archived ones with archived: true)' })
  groups(@Args() args: GroupListArgs, @Ctx() ctx: Context): Promise<MemberGroup[]> {
    return ctx.services.groups.list(ctx.em, args);
  }

  @Authorized(Role.admin)
  @Scope('members:read')
  @Query(() => MemberGroup)
  group(@Arg('id', () => ID) id: string, @Ctx() ctx: Context): Promise<MemberGroup> {
    return ctx.services.groups.get(ctx.em, id);
  }

  @Authorized(Role.admin)
  @Scope('members:write')
  @Mutation(() => MemberGroup, { description: 'A group: with a rule, a rule group; without, a manual one' })
  createGroup(@Arg('input') input: GroupInput, @Ctx() ctx: Context): Promise<MemberGroup> {
    return ctx.services.groups.create(ctx.em, input);
  }

  @Authorized(Role.admin)
  @Scope('members:write')
  @Mutation(() => MemberGroup, { description: 'Renames a group or changes its rule (a group keeps its kind)' })
  updateGroup(@Arg('id', () => ID) id: string, @Arg('input') input: GroupInput, @Ctx() ctx: Context): Promise<MemberGroup> {
    return ctx.services.groups.update(ctx.em, id, input);
  }

  @Authorized(Role.admin)
  @Scope('members:write')
  @Mutation(() => MemberGroup, { description: 'Archives a group (hidden from pickers; a manual group keeps its members)' })
  archiveGroup(@Arg('id', () => ID) id: string, @Ctx() ctx: Context): Promise<MemberGroup> {
    return ctx.services.groups.setArchived(ctx.em, id, true);
  }

  @Authorized(Role.admin)
  @Scope('members:write')
  @Mutation(() => MemberGroup)
  restoreGroup(@Arg('id', () => ID) id: string, @Ctx() ctx: Context): Promise<MemberGroup> {
    return ctx.services.groups.setArchived(ctx.em, id, false);
  }

  @Authorized(Role.admin)
  @Scope('members:write')
  @SearchesPersonalData('search')
  @Mutation(() => GroupMembershipChange, {
    description: 'Adds the checked accounts, or all the users table’s filters match, to a manual group; those already in stay once',
  })
  addToGroup(
    @Arg('groupId', () => ID) groupId: string,
    @Args() selection: UserSelectionArgs,
    @Ctx() ctx: Context,
  ): Promise<GroupMembershipChange> {
    return ctx.services.groups.add(ctx.em, groupId, selection);
  }

  @Authorized(Role.admin)
  @Scope('members:write')
  @SearchesPersonalData('search')
  @Mutation(() => GroupMembershipChange, { description: 'Removes the checked accounts, or all matching the filters, from a manual group' })
  removeFromGroup(
    @Arg('groupId', () => ID) groupId: string,
    @Args() selection: UserSelectionArgs,
    @Ctx() ctx: Context,
  ): Promise<GroupMembershipChange> {
    return ctx.services.groups.remove(ctx.em, groupId, selection);
  }

  @FieldResolver(() => Int, {
    description: "Members now: exact up to 10,000, the planner's estimate above 20,000 (then memberCountIsEstimate)",
  })
  async memberCount(@Parent() group: MemberGroup, @Ctx() ctx: Context): Promise<number> {
    return (await this.count(group, ctx)).total;
  }

  @FieldResolver(() => Boolean, { description: 'memberCount is an estimate ("about N")' })
  async memberCountIsEstimate(@Parent() group: MemberGroup, @Ctx() ctx: Context): Promise<boolean> {
    return (await this.count(group, ctx)).estimate;
  }

  private count(group: MemberGroup, ctx: Context): Promise<PeopleCount> {
    let counted = this.counts.get(group);
    if (!counted) {
      counted = ctx.services.groups.memberCount(ctx.em, group);
      this.counts.set(group, counted);
    }
    return counted;
  }
}
