import { feedbackMessage, feedbackPage } from '@studio/rules';
import { IsOptional } from 'class-validator';
import { Arg, Args, ArgsType, Authorized, Ctx, Field, InputType, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import { offsetOf, PageArgs, Paginated } from '../../common/paging.js';
import { Rule } from '../../common/validators.js';
import type { Context } from '../../graphql/context.js';
import { Role } from '../users/role.js';
import { Feedback, FeedbackCategory } from './feedback.entity.js';

@InputType()
export class FeedbackInput {
  @Field() @Rule(feedbackMessage) message: string;
  @Field(() => FeedbackCategory, { defaultValue: FeedbackCategory.general }) category: FeedbackCategory = FeedbackCategory.general;
  @Field({ nullable: true }) @IsOptional() @Rule(feedbackPage) page?: string;
}

@ObjectType()
export class FeedbackPage extends Paginated(Feedback) {}

@ArgsType()
class FeedbackListArgs extends PageArgs {
  @Field(() => FeedbackCategory, { nullable: true }) category?: FeedbackCategory;
}

@Resolver()
export class FeedbackResolver {
  @Authorized()
  @Mutation(() => Feedback)
  async submitFeedback(@Arg('input') input: FeedbackInput, @Ctx() ctx: Context): Promise<Feedback> {
    const feedback = new Feedback({ message: input.message.trim(), category: input.category, author: ctx.user!, page: input.page ?? null });
    await ctx.em.persistAndFlush(feedback);
    return feedback;
  }

  @Authorized(Role.admin)
  @Query(() => FeedbackPage, { description: 'Feedback from members, newest first' })
  async feedback(@Args() args: FeedbackListArgs, @Ctx() ctx: Context): Promise<FeedbackPage> {
    const [items, total] = await ctx.em.findAndCount(Feedback, args.category ? { category: args.category } : {}, {
      populate: ['author'],
      orderBy: { createdAt: 'desc', id: 'asc' },
      limit: args.pageSize,
      offset: offsetOf(args),
    });
    return { items, total, page: args.page, pageSize: args.pageSize };
  }
}
