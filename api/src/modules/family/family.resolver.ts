import { fullName } from '@studio/rules';
import { Arg, Args, Authorized, Ctx, FieldResolver, ID, Mutation, Query, Resolver } from 'type-graphql';
import { Public, Scope } from '../../graphql/access.js';
import { OncePerRequest } from '../../graphql/armor.js';
import type { Context, Viewer } from '../../graphql/context.js';
import { CurrentUser } from '../../graphql/current-user.js';
import { Parent } from '../../graphql/parent.js';
import { AuthPayload } from '../auth/auth.inputs.js';
import { Role } from '../users/role.js';
import { User } from '../users/user.entity.js';
import { FamilyInvite, FamilyInviteStatus } from './family-invite.entity.js';
import { inviteStatus, maySeeInvite } from './family.policy.js';
import {
  AcceptFamilyInviteArgs,
  FamilyInviteLinkArgs,
  FamilyInvitePreview,
  FamilyMemberIdArgs,
  FamilyMemberInput,
  InviteFamilyMemberArgs,
  UpdateFamilyMemberInput,
} from './family.types.js';

/** A parent's family members (listed on `profile.familyMembers`) and the invites of adults to their own login. */
@Resolver()
export class FamilyResolver {
  @Authorized(Role.parent)
  @Scope('members:write')
  @Mutation(() => User)
  addFamilyMember(@Arg('input') input: FamilyMemberInput, @CurrentUser() user: Viewer, @Ctx() ctx: Context): Promise<User> {
    return ctx.services.family.add(ctx.em, user, input);
  }

  @Authorized(Role.parent)
  @Scope('members:write')
  @Mutation(() => User)
  updateFamilyMember(
    @Arg('id', () => ID) id: string,
    @Arg('input') input: UpdateFamilyMemberInput,
    @CurrentUser() user: Viewer,
    @Ctx() ctx: Context,
  ): Promise<User> {
    return ctx.services.family.update(ctx.em, user, id, input);
  }

  @Authorized(Role.parent)
  @Scope('members:write')
  @Mutation(() => Boolean)
  async removeFamilyMember(@Arg('id', () => ID) id: string, @CurrentUser() user: Viewer, @Ctx() ctx: Context): Promise<boolean> {
    await ctx.services.family.remove(ctx.em, user, id);
    return true;
  }

  @Authorized(Role.parent)
  @Scope('members:write')
  @Mutation(() => User, {
    description: 'Emails an adult family member a link (valid 7 days) to create their own login; again: a new link replaces the old',
  })
  async inviteFamilyMember(
    @Args() { memberId, email }: InviteFamilyMemberArgs,
    @CurrentUser() user: Viewer,
    @Ctx() ctx: Context,
  ): Promise<User> {
    const member = await ctx.services.family.invite(ctx.em, user, memberId, email);
    ctx.loaders.familyInvites.clear(member.id);
    return member;
  }

  @Authorized(Role.parent)
  @Scope('members:write')
  @Mutation(() => User, { description: "Withdraws a family member's invite that was not accepted yet" })
  async cancelFamilyInvite(@Args() { memberId }: FamilyMemberIdArgs, @CurrentUser() user: Viewer, @Ctx() ctx: Context): Promise<User> {
    const member = await ctx.services.family.cancelInvite(ctx.em, user, memberId);
    ctx.loaders.familyInvites.clear(member.id);
    return member;
  }

  @Public()
  @Scope('members:read')
  @Query(() => FamilyInvitePreview, { nullable: true, description: 'Who an invite link is for; null once it no longer works' })
  async familyInvite(@Args() { token }: FamilyInviteLinkArgs, @Ctx() ctx: Context): Promise<FamilyInvitePreview | null> {
    const invite = await ctx.services.family.inviteForLink(ctx.em, token);
    if (!invite) return null;
    const { member, invitedBy } = invite;
    return {
      firstName: member.firstName,
      lastName: member.lastName,
      email: invite.email,
      invitedBy: fullName(invitedBy),
      expiresAt: invite.expiresAt,
    };
  }

  @Public()
  @Scope('members:write')
  @OncePerRequest()
  @Mutation(() => AuthPayload, {
    description: "Creates the invited family member's login on their existing record and signs them in (then: their waiver)",
  })
  async acceptFamilyInvite(@Args() { token, username, password }: AcceptFamilyInviteArgs, @Ctx() ctx: Context): Promise<AuthPayload> {
    const payload = await ctx.services.family.acceptInvite(ctx.em, token, username, password, { ip: ctx.ip, userAgent: ctx.userAgent });
    // The rest of the operation is answered as the newly signed-in member.
    ctx.user = payload.user;
    return payload;
  }
}

@Resolver(() => User)
export class UserFamilyInviteResolver {
  @FieldResolver(() => FamilyInvite, {
    nullable: true,
    description: 'The invite to a login of their own, for the parent who manages this family member; null otherwise',
  })
  async familyInvite(@Parent() user: User, @Ctx() ctx: Context): Promise<FamilyInvite | null> {
    if (!maySeeInvite(ctx.user, user)) return null;
    return ctx.loaders.familyInvites.load(user.id);
  }
}

@Resolver(() => FamilyInvite)
export class FamilyInviteResolver {
  @FieldResolver(() => FamilyInviteStatus)
  status(@Parent() invite: FamilyInvite): FamilyInviteStatus {
    return inviteStatus(invite, new Date());
  }
}
