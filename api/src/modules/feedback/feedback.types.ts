import { IsOptional, Length, Matches, MaxLength } from 'class-validator';
import { ArgsType, Field, InputType, ObjectType } from 'type-graphql';
import { PageArgs, Paginated } from '../../common/paging.js';
import { Feedback, FeedbackCategory } from './feedback.entity.js';

@InputType()
export class FeedbackInput {
  @Field()
  @Length(1, 5000, { message: 'Write a message of up to 5,000 characters.' })
  @Matches(/\S/, { message: 'Please write a message.' })
  message: string;
  @Field(() => FeedbackCategory, { defaultValue: FeedbackCategory.general }) category: FeedbackCategory = FeedbackCategory.general;
  @Field({ nullable: true }) @IsOptional() @MaxLength(300) page?: string;
}

@ObjectType()
export class FeedbackPage extends Paginated(Feedback) {}

@ArgsType()
export class FeedbackListArgs extends PageArgs {
  @Field(() => FeedbackCategory, { nullable: true }) category?: FeedbackCategory;
}
