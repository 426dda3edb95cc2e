import { IsOptional, MaxLength } from 'class-validator';
import { ArgsType, Field, ObjectType } from 'type-graphql';
import { PageArgs, Paginated } from '../../common/paging.js';
import { OutboxEmail, OutboxStatus } from './outbox-email.entity.js';

@ObjectType()
export class OutboxEmailPage extends Paginated(OutboxEmail) {}

@ArgsType()
export class OutboxArgs extends PageArgs {
  @Field(() => OutboxStatus, { nullable: true }) status?: OutboxStatus;
  @Field({ nullable: true, description: 'Part of the recipient address or the subject' }) @IsOptional() @MaxLength(100) search?: string;
}
