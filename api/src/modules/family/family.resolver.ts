import { IsOptional } from 'class-validator';
import { Arg, Authorized, Ctx, Field, ID, InputType, Mutation, Resolver } from 'type-graphql';
import { IsDateOnly, NameRules } from '../../common/validators.js';
import type { Context } from '../../graphql/context.js';
import { Role } from '../users/role.js';
import { User } from '../users/user.entity.js';

@InputType()
export class FamilyMemberInput {
  @Field() @NameRules() firstName: string;
  @Field() @NameRules() lastName: string;
  @Field({ description: 'YYYY-MM-DD' }) @IsDateOnly() birthday: string;
}

@InputType()
export class UpdateFamilyMemberInput {
  @Field({ nullable: true }) @IsOptional() @NameRules() firstName?: string;
  @Field({ nullable: true }) @IsOptional() @NameRules() lastName?: string;
  @Field({ nullable: true }) @IsOptional() @IsDateOnly() birthday?: string;
}

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
