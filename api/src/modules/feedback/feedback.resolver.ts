import { Arg, Args, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { Context, Viewer } from '../../graphql/context.js';
import { CurrentUser } from '../../graphql/current-user.js';
import { Role } from '../users/role.js';
import { Feedback } from './feedback.entity.js';
import { FeedbackInput, FeedbackListArgs, FeedbackPage } from './feedback.types.js';
import { Scope } from '../../graphql/access.js';

@Resolver()
export class FeedbackResolver {
  @Authorized()
  @Scope('messages:write')
  @Mutation(() => Feedback)
  submitFeedback(@Arg('input') input: FeedbackInput, @CurrentUser() user: Viewer, @Ctx() ctx: Context): Promise<Feedback> {
    return ctx.services.feedback.submit(ctx.em, user, input);
  }

  @Authorized(Role.admin)
  @Scope('messages:read')
  @Query(() => FeedbackPage, { description: 'Feedback from members, newest first' })
  async feedback(@Args() args: FeedbackListArgs, @Ctx() ctx: Context): Promise<FeedbackPage> {
    const { items, total } = await ctx.services.feedback.list(ctx.em, args);
    return { items, total, page: args.page, pageSize: args.pageSize };
  }
}
