import { Args, Authorized, Ctx, Query, Resolver } from 'type-graphql';
import type { Context } from '../../graphql/context.js';
import { Role } from '../users/role.js';
import { OutboxArgs, OutboxEmailPage } from './email.types.js';
import { Scope } from '../../graphql/access.js';

/** The admin's view of every email the studio sent or holds (the mailbox when no SMTP server is configured). */
@Resolver()
export class EmailResolver {
  @Authorized(Role.admin)
  @Scope('messages:read')
  @Query(() => OutboxEmailPage)
  async outboxEmails(@Args() args: OutboxArgs, @Ctx() ctx: Context): Promise<OutboxEmailPage> {
    const { items, total } = await ctx.services.email.outbox(ctx.em, args);
    return { items, total, page: args.page, pageSize: args.pageSize };
  }
}
