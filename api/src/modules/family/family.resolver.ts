import { Arg, Authorized, Ctx, ID, Mutation, Resolver } from 'type-graphql';
import type { Context } from '../../graphql/context.js';
import { Role } from '../users/role.js';
import { User } from '../users/user.entity.js';
import { FamilyMemberInput, UpdateFamilyMemberInput } from './family.types.js';

/** A parent's family members (listed on `profile.familyMembers`). */
@Resolver()
export class FamilyResolver {
  @Authorized(Role.parent)
  @Mutation(() => User)
  addFamilyMember(@Arg('input') input: FamilyMemberInput, @Ctx() ctx: Context): Promise<User> {
    return ctx.services.family.add(ctx.em, ctx.user!, input);
  }

  @Authorized(Role.parent)
  @Mutation(() => User)
  updateFamilyMember(@Arg('id', () => ID) id: string, @Arg('input') input: UpdateFamilyMemberInput, @Ctx() ctx: Context): Promise<User> {
    return ctx.services.family.update(ctx.em, ctx.user!, id, input);
  }

  @Authorized(Role.parent)
  @Mutation(() => Boolean)
  async removeFamilyMember(@Arg('id', () => ID) id: string, @Ctx() ctx: Context): Promise<boolean> {
    await ctx.services.family.remove(ctx.em, ctx.user!, id);
    return true;
  }
}
