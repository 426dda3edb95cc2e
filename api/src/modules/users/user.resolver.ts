import { Arg, Authorized, Ctx, FieldResolver, Int, Mutation, Query, Resolver } from 'type-graphql';
import { ADULT_AGE } from '../../common/dates.js';
import type { Context, Viewer } from '../../graphql/context.js';
import { CurrentUser } from '../../graphql/current-user.js';
import { Parent } from '../../graphql/parent.js';
import { User } from './user.entity.js';
import { UpdateProfileInput } from './user.inputs.js';
import { maySeeFamilyMembers } from './user.policy.js';
import { Scope } from '../../graphql/access.js';

/** The signed-in user's own profile, and the computed fields every User has. */
@Resolver(() => User)
export class UserResolver {
  @Authorized()
  @Scope('members:read')
  @Query(() => User, { description: 'The signed-in user with their family members' })
  profile(@CurrentUser() user: Viewer): User {
    return user;
  }

  @Authorized()
  @Scope('members:write')
  @Mutation(() => User)
  updateProfile(@Arg('input') input: UpdateProfileInput, @CurrentUser() user: Viewer, @Ctx() ctx: Context): Promise<User> {
    return ctx.services.users.update(ctx.em, user, input);
  }

  @FieldResolver(() => Int, { description: "Age in whole years on today's date in the studio's time zone" })
  age(@Parent() user: User, @Ctx() ctx: Context): number {
    return ctx.services.users.age(user);
  }

  @FieldResolver(() => Boolean, { description: 'Under 18' })
  isMinor(@Parent() user: User, @Ctx() ctx: Context): boolean {
    return ctx.services.users.age(user) < ADULT_AGE;
  }

  @FieldResolver(() => Boolean, { description: 'Whether this person signs in with their own account' })
  hasLogin(@Parent() user: User): boolean {
    return user.username !== null;
  }

  @FieldResolver(() => [User], { description: 'Family members managed by this user (visible to the user and admins)' })
  async familyMembers(@Parent() user: User, @Ctx() ctx: Context): Promise<User[]> {
    if (!maySeeFamilyMembers(ctx.user, user)) return [];
    return ctx.loaders.familyMembers.load(user.id);
  }
}
