import { Args, ArgsType, Authorized, Ctx, Field, ObjectType, Query, Resolver } from 'type-graphql';
import { offsetOf, PageArgs, Paginated } from '../../common/paging.js';
import type { Context } from '../../graphql/context.js';
import { Role } from '../users/role.js';
import { OutboxEmail, OutboxStatus } from './outbox-email.entity.js';

@ObjectType()
export class OutboxEmailPage extends Paginated(OutboxEmail) {}

@ArgsType()
class OutboxArgs extends PageArgs {
  @Field(() => OutboxStatus, { nullable: true }) status?: OutboxStatus;
}

/** The admin's view of every email the studio sent or holds (the mailbox when no SMTP server is configured). */
@Resolver()
export class EmailResolver {
  @Authorized(Role.admin)
  @Query(() => OutboxEmailPage)
  async outboxEmails(@Args() args: OutboxArgs, @Ctx() ctx: Context): Promise<OutboxEmailPage> {
    const [items, total] = await ctx.em.findAndCount(OutboxEmail, args.status ? { status: args.status } : {}, {
      orderBy: { createdAt: 'desc', id: 'asc' },
      limit: args.pageSize,
      offset: offsetOf(args),
    });
    return { items, total, page: args.page, pageSize: args.pageSize };
  }
}
