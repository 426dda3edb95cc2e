import { Args, Arg, Authorized, Ctx, FieldResolver, Mutation, Query, Resolver, Root } from 'type-graphql';
import { NO_KEYS, Public, Scope } from '../../graphql/access.js';
import type { Context, Viewer } from '../../graphql/context.js';
import { CurrentUser } from '../../graphql/current-user.js';
import { OncePerRequest } from '../../graphql/armor.js';
import { User } from '../users/user.entity.js';
import { AuthPayload, ChangePasswordInput, LoginArgs, RegisterInput, RequestPasswordResetArgs, ResetPasswordArgs } from './auth.inputs.js';
import { EndSessionArgs } from './auth.types.js';
import { Session } from './session.entity.js';

/** The rest of the operation is answered as the newly signed-in user (e.g. `user { familyMembers }`). */
function signedIn(ctx: Context, payload: AuthPayload): AuthPayload {
  ctx.user = payload.user;
  return payload;
}

const client = (ctx: Context) => ({ ip: ctx.ip, userAgent: ctx.userAgent });

@Resolver()
export class AuthResolver {
  @Public()
  @Scope(NO_KEYS)
  @OncePerRequest()
  @Mutation(() => AuthPayload, { description: 'Creates a parent or student account and signs it in' })
  async register(@Arg('input') input: RegisterInput, @Ctx() ctx: Context): Promise<AuthPayload> {
    return signedIn(ctx, await ctx.services.auth.register(ctx.em, input, client(ctx)));
  }

  @Public()
  @Scope(NO_KEYS)
  @OncePerRequest()
  @Mutation(() => AuthPayload, { description: 'Signs in; 10 failures per username or IP in 15 minutes lock further attempts' })
  async login(@Args() { username, password }: LoginArgs, @Ctx() ctx: Context): Promise<AuthPayload> {
    return signedIn(ctx, await ctx.services.auth.login(ctx.em, username, password, client(ctx)));
  }

  @Authorized()
  @Scope(NO_KEYS)
  @Query(() => User, { description: 'The signed-in user' })
  me(@CurrentUser() user: Viewer): User {
    return user;
  }

  @Authorized()
  @Scope(NO_KEYS)
  @Mutation(() => Boolean, { description: 'Signs this device out; the other sessions of the user go on' })
  async logout(@CurrentUser() user: Viewer, @Ctx() ctx: Context): Promise<boolean> {
    await ctx.services.auth.logout(ctx.em, user, ctx.sessionId!);
    return true;
  }

  @Authorized()
  @Scope(NO_KEYS)
  @Query(() => [Session], { description: "The signed-in user's devices, the most recently used first" })
  mySessions(@CurrentUser() user: Viewer, @Ctx() ctx: Context): Promise<Session[]> {
    return ctx.services.auth.mySessions(ctx.em, user);
  }

  @Authorized()
  @Scope(NO_KEYS)
  @Mutation(() => Session, { description: "Ends one of the signed-in user's sessions (another user's is NOT_FOUND)" })
  endSession(@Args() { id }: EndSessionArgs, @CurrentUser() user: Viewer, @Ctx() ctx: Context): Promise<Session> {
    return ctx.services.auth.endSession(ctx.em, user, id);
  }

  @Authorized()
  @Scope(NO_KEYS)
  @Mutation(() => Boolean, { description: 'Ends every session of the signed-in user, this one included' })
  async signOutEverywhere(@CurrentUser() user: Viewer, @Ctx() ctx: Context): Promise<boolean> {
    await ctx.services.auth.signOutEverywhere(ctx.em, user);
    return true;
  }

  @Authorized()
  @Scope(NO_KEYS)
  @OncePerRequest()
  @Mutation(() => AuthPayload, { description: 'Changes the password; other sessions end, this one gets a new token' })
  async changePassword(@Arg('input') input: ChangePasswordInput, @CurrentUser() user: Viewer, @Ctx() ctx: Context): Promise<AuthPayload> {
    return signedIn(ctx, await ctx.services.auth.changePassword(ctx.em, user, ctx.sessionId!, input.currentPassword, input.newPassword));
  }

  @Public()
  @Scope(NO_KEYS)
  @OncePerRequest()
  @Mutation(() => Boolean, { description: 'Emails a reset link if the address has an account; always answers true' })
  async requestPasswordReset(@Args() { email }: RequestPasswordResetArgs, @Ctx() ctx: Context): Promise<boolean> {
    await ctx.services.auth.requestPasswordReset(ctx.em, email, ctx.ip);
    return true;
  }

  @Public()
  @Scope(NO_KEYS)
  @OncePerRequest()
  @Mutation(() => Boolean, { description: 'Sets a new password with a single-use reset token (valid 1 hour)' })
  async resetPassword(@Args() { token, password }: ResetPasswordArgs, @Ctx() ctx: Context): Promise<boolean> {
    await ctx.services.auth.resetPassword(ctx.em, token, password);
    return true;
  }
}

@Resolver(() => Session)
export class SessionResolver {
  @FieldResolver(() => Boolean, { description: 'Whether this is the session of the device asking' })
  thisDevice(@Root() session: Session, @Ctx() ctx: Context): boolean {
    return session.id === ctx.sessionId;
  }
}
