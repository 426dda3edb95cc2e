import { Arg, Args, Authorized, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { Context } from '../../graphql/context.js';
import { Role } from '../users/role.js';
import { OutboxEmail } from './outbox-email.entity.js';
import { OutboxArgs, OutboxEmailPage } from './email.types.js';
import { NO_KEYS, Scope } from '../../graphql/access.js';

/** The admin's view of every email the studio sent or holds (the mailbox when no SMTP server is configured). */
@Resolver()
export class EmailResolver {
  @Authorized(Role.admin)
  @Query(() => OutboxEmailPage)
  @Scope(NO_KEYS)
  async outboxEmails(@Args() args: OutboxArgs, @Ctx() ctx: Context): Promise<OutboxEmailPage> {
    const { items, total } = await ctx.services.email.outbox(ctx.em, args);
    return { items, total, page: args.page, pageSize: args.pageSize };
  }

  @Authorized(Role.admin)
  @Query(() => OutboxEmail, { description: 'One email of the outbox, with its content' })
  @Scope(NO_KEYS)
  outboxEmail(@Arg('id', () => ID) id: string, @Ctx() ctx: Context): Promise<OutboxEmail> {
    return ctx.services.email.find(ctx.em, id);
  }

  @Authorized(Role.admin)
  @Mutation(() => OutboxEmail, { description: 'Sends an email of the outbox again, as a new message (the first stays as it was)' })
  @Scope(NO_KEYS)
  resendEmail(@Arg('id', () => ID) id: string, @Ctx() ctx: Context): Promise<OutboxEmail> {
    return ctx.services.email.resend(ctx.em, id);
  }
}
