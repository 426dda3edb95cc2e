import { GraphQLByte } from 'graphql-scalars';
import { Arg, Args, Authorized, Ctx, FieldResolver, ID, Mutation, Query, Resolver } from 'type-graphql';
import { NO_KEYS, Scope } from '../../graphql/access.js';
import { PageArgs } from '../../common/paging.js';
import type { Context, Viewer } from '../../graphql/context.js';
import { CurrentUser } from '../../graphql/current-user.js';
import { Parent } from '../../graphql/parent.js';
import { Role } from '../users/role.js';
import { User } from '../users/user.entity.js';
import { recipientsOf, stateCounts } from './mailing-progress.js';
import { Mailing, MailingAttachment } from './mailing.entity.js';
import {
  MailingAudienceInput,
  MailingAudienceSummary,
  MailingInclusion,
  MailingInput,
  MailingPage,
  MailingPreview,
  MailingRecipientArgs,
  MailingRecipientPage,
  MailingStateCount,
} from './mailings.types.js';

/** /admin/email: mailings to members, from the audience check to each recipient's state. */
@Resolver(() => Mailing)
export class MailingResolver {
  @Authorized(Role.admin)
  @Query(() => MailingAudienceSummary, { description: 'Who an audience reaches now: the count, who is left out and why, a sample' })
  @Scope('messages:read')
  mailingAudience(@Arg('audience') audience: MailingAudienceInput, @Ctx() ctx: Context): Promise<MailingAudienceSummary> {
    return ctx.services.mailings.summary(ctx.em, audience);
  }

  @Authorized(Role.admin)
  @Query(() => MailingInclusion, { description: 'Why a person is (or is not) in an audience' })
  @Scope('messages:read')
  mailingInclusion(
    @Arg('audience') audience: MailingAudienceInput,
    @Arg('userId', () => ID) userId: string,
    @Ctx() ctx: Context,
  ): Promise<MailingInclusion> {
    return ctx.services.mailings.inclusion(ctx.em, audience, userId);
  }

  @Authorized(Role.admin)
  @Query(() => MailingPreview, { description: 'The email as its first recipient will read it' })
  @Scope('messages:read')
  mailingPreview(@Arg('input') input: MailingInput, @CurrentUser() viewer: Viewer, @Ctx() ctx: Context): Promise<MailingPreview> {
    return ctx.services.mailings.preview(ctx.em, input, viewer);
  }

  @Authorized(Role.admin)
  @Mutation(() => String, { description: 'Sends the email to the signed-in admin alone, marked [Test]; answers the address' })
  @Scope(NO_KEYS)
  sendTestMailing(@Arg('input') input: MailingInput, @CurrentUser() viewer: Viewer, @Ctx() ctx: Context): Promise<string> {
    return ctx.services.mailings.sendTest(ctx.em, input, viewer);
  }

  @Authorized(Role.admin)
  @Mutation(() => Mailing, { description: 'Sends a mailing now or at scheduledAt, through the outbox at the studio’s sending rate' })
  @Scope('messages:write')
  createMailing(@Arg('input') input: MailingInput, @CurrentUser() viewer: Viewer, @Ctx() ctx: Context): Promise<Mailing> {
    return ctx.services.mailings.create(ctx.em, input, viewer);
  }

  @Authorized(Role.admin)
  @Mutation(() => Mailing, { description: 'Stops a scheduled or sending mailing; what is not sent yet is withdrawn' })
  @Scope('messages:write')
  cancelMailing(@Arg('id', () => ID) id: string, @Ctx() ctx: Context): Promise<Mailing> {
    return ctx.services.mailings.cancel(ctx.em, id);
  }

  @Authorized(Role.admin)
  @Mutation(() => MailingAttachment, {
    description:
      'Keeps a file to attach to mailings (attachmentIds): a PDF or an image of at most 5 MB, told by its bytes. ' +
      'Browsers upload the file itself with PUT /api/mailings/attachments?filename=….',
  })
  @Scope('messages:write')
  uploadMailingAttachment(
    @Arg('filename') filename: string,
    @Arg('file', () => GraphQLByte) file: Buffer,
    @CurrentUser() viewer: Viewer,
    @Ctx() ctx: Context,
  ): Promise<MailingAttachment> {
    return ctx.services.mailings.attachments.upload(ctx.em, viewer, filename, file);
  }

  @Authorized(Role.admin)
  @Query(() => MailingPage, { description: 'Mailings, newest first' })
  @Scope('messages:read')
  async mailings(@Args() args: PageArgs, @Ctx() ctx: Context): Promise<MailingPage> {
    const { items, total } = await ctx.services.mailings.list(ctx.em, args);
    return { items, total, page: args.page, pageSize: args.pageSize };
  }

  @Authorized(Role.admin)
  @Query(() => Mailing)
  @Scope('messages:read')
  mailing(@Arg('id', () => ID) id: string, @Ctx() ctx: Context): Promise<Mailing> {
    return ctx.services.mailings.get(ctx.em, id);
  }

  @FieldResolver(() => [MailingStateCount], { description: 'Recipients in each state (none before it starts)' })
  stateCounts(@Parent() mailing: Mailing, @Ctx() ctx: Context): Promise<MailingStateCount[]> {
    return stateCounts(ctx.em, mailing);
  }

  @FieldResolver(() => MailingRecipientPage, { description: 'Each recipient with their state, by name' })
  async recipients(@Parent() mailing: Mailing, @Args() args: MailingRecipientArgs, @Ctx() ctx: Context): Promise<MailingRecipientPage> {
    const { items, total } = await recipientsOf(ctx.em, mailing, args);
    return { items, total, page: args.page, pageSize: args.pageSize };
  }

  @FieldResolver(() => [String], { description: 'The names of the files every message carries' })
  attachmentNames(@Parent() mailing: Mailing): string[] {
    return (mailing.attachments ?? []).map((a) => a.filename);
  }

  @FieldResolver(() => String, { description: 'Who wrote it' })
  async createdByName(@Parent() mailing: Mailing, @Ctx() ctx: Context): Promise<string> {
    const user = await ctx.em.findOneOrFail(User, mailing.createdBy.id);
    return `${user.firstName} ${user.lastName}`;
  }
}

/** Whether a person receives mailings: their own choice on /profile, shown to admins on the member. */
@Resolver(() => User)
export class MailingSubscriptionResolver {
  @FieldResolver(() => Date, {
    nullable: true,
    description: 'When this person unsubscribed from mailings (null: they receive them); the person and admins',
  })
  mailingsOptOutAt(@Parent() user: User, @Ctx() ctx: Context): Promise<Date | null> | null {
    const viewer = ctx.user;
    if (!viewer || (viewer.id !== user.id && viewer.role !== Role.admin)) return null;
    return ctx.services.mailings.optOuts.optOutOf(ctx.em, user.id);
  }

  @Authorized()
  @Mutation(() => User, { description: 'Receive studio mailings, or not (receipts and account email always come)' })
  @Scope(NO_KEYS)
  async setMailingSubscription(@Arg('subscribed') subscribed: boolean, @CurrentUser() viewer: Viewer, @Ctx() ctx: Context): Promise<User> {
    if (subscribed) await ctx.services.mailings.optOuts.resubscribe(ctx.em, viewer.id);
    else await ctx.services.mailings.optOuts.unsubscribe(ctx.em, viewer.id, 'profile');
    return viewer;
  }
}
