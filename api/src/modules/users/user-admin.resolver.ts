import { Arg, Authorized, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { Context, Viewer } from '../../graphql/context.js';
import { CurrentUser } from '../../graphql/current-user.js';
import { Role } from './role.js';
import { User } from './user.entity.js';
import { CreateUserInput, UpdateUserInput } from './user.inputs.js';
import { Scope } from '../../graphql/access.js';

/** Admin user management (/admin/users): creating accounts, editing them, roles and access. */
@Resolver()
export class UserAdminResolver {
  @Authorized(Role.admin)
  @Scope('members:read')
  @Query(() => User)
  user(@Arg('id', () => ID) id: string, @Ctx() ctx: Context): Promise<User> {
    return ctx.services.users.findAccount(ctx.em, id);
  }

  @Authorized(Role.admin)
  @Scope('members:write')
  @Mutation(() => User)
  createUser(@Arg('input') input: CreateUserInput, @Ctx() ctx: Context): Promise<User> {
    return ctx.services.users.create(ctx.em, input);
  }

  @Authorized(Role.admin)
  @Scope('members:write')
  @Mutation(() => User)
  async updateUser(@Arg('id', () => ID) id: string, @Arg('input') input: UpdateUserInput, @Ctx() ctx: Context): Promise<User> {
    const user = await ctx.services.users.findAccount(ctx.em, id);
    return ctx.services.users.update(ctx.em, user, input);
  }

  @Authorized(Role.admin)
  @Scope('members:write')
  @Mutation(() => User)
  setUserRole(
    @Arg('id', () => ID) id: string,
    @Arg('role', () => Role) role: Role,
    @CurrentUser() user: Viewer,
    @Ctx() ctx: Context,
  ): Promise<User> {
    return ctx.services.users.setRole(ctx.em, user, id, role);
  }

  @Authorized(Role.admin)
  @Scope('members:write')
  @Mutation(() => User, { description: 'The user can no longer sign in and their sessions end' })
  deactivateUser(@Arg('id', () => ID) id: string, @CurrentUser() user: Viewer, @Ctx() ctx: Context): Promise<User> {
    return ctx.services.users.setActive(ctx.em, user, id, false);
  }

  @Authorized(Role.admin)
  @Scope('members:write')
  @Mutation(() => User)
  reactivateUser(@Arg('id', () => ID) id: string, @CurrentUser() user: Viewer, @Ctx() ctx: Context): Promise<User> {
    return ctx.services.users.setActive(ctx.em, user, id, true);
  }
}
