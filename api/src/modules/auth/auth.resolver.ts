import { Args, Arg, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { Public } from '../../graphql/access.js';
import type { Context } from '../../graphql/context.js';
import { OncePerRequest } from '../../graphql/armor.js';
import { User } from '../users/user.entity.js';
import { AuthPayload, ChangePasswordInput, LoginArgs, RegisterInput, RequestPasswordResetArgs, ResetPasswordArgs } from './auth.inputs.js';

/** The rest of the operation is answered as the newly signed-in user (e.g. `user { familyMembers }`). */
function signedIn(ctx: Context, session: AuthPayload): AuthPayload {
  ctx.user = session.user;
  return session;
}

@Resolver()
export class AuthResolver {
  @Public()
  @OncePerRequest()
  @Mutation(() => AuthPayload, { description: 'Creates a parent or student account and signs it in' })
  async register(@Arg('input') input: RegisterInput, @Ctx() ctx: Context): Promise<AuthPayload> {
    return signedIn(ctx, await ctx.services.auth.register(ctx.em, input, ctx.ip));
  }

  @Public()
  @OncePerRequest()
  @Mutation(() => AuthPayload, { description: 'Signs in; 10 failures per username or IP in 15 minutes lock further attempts' })
  async login(@Args() { username, password }: LoginArgs, @Ctx() ctx: Context): Promise<AuthPayload> {
    return signedIn(ctx, await ctx.services.auth.login(ctx.em, username, password, ctx.ip));
  }

  @Authorized()
  @Query(() => User, { description: 'The signed-in user' })
  me(@Ctx() ctx: Context): User {
    return ctx.user!;
  }

  @Authorized()
  @Mutation(() => Boolean, { description: 'Ends every session of the signed-in user' })
  async logout(@Ctx() ctx: Context): Promise<boolean> {
    await ctx.services.auth.logout(ctx.em, ctx.user!);
    return true;
  }

  @Authorized()
  @OncePerRequest()
  @Mutation(() => AuthPayload, { description: 'Changes the password; other sessions end, this one gets a new token' })
  async changePassword(@Arg('input') input: ChangePasswordInput, @Ctx() ctx: Context): Promise<AuthPayload> {
    return signedIn(ctx, await ctx.services.auth.changePassword(ctx.em, ctx.user!, input.currentPassword, input.newPassword));
  }

  @Public()
  @OncePerRequest()
  @Mutation(() => Boolean, { description: 'Emails a reset link if the address has an account; always answers true' })
  async requestPasswordReset(@Args() { email }: RequestPasswordResetArgs, @Ctx() ctx: Context): Promise<boolean> {
    await ctx.services.auth.requestPasswordReset(ctx.em, email, ctx.ip);
    return true;
  }

  @Public()
  @OncePerRequest()
  @Mutation(() => Boolean, { description: 'Sets a new password with a single-use reset token (valid 1 hour)' })
  async resetPassword(@Args() { token, password }: ResetPasswordArgs, @Ctx() ctx: Context): Promise<boolean> {
    await ctx.services.auth.resetPassword(ctx.em, token, password);
    return true;
  }
}
