import { feedbackMessage, feedbackPage } from '@studio/rules';
import { IsOptional } from 'class-validator';
import { ArgsType, Field, InputType, ObjectType } from 'type-graphql';
import { PageArgs, Paginated } from '../../common/paging.js';
import { Rule } from '../../common/validators.js';
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
export class FeedbackListArgs extends PageArgs {
  @Field(() => FeedbackCategory, { nullable: true }) category?: FeedbackCategory;
}
