import { IsOptional } from 'class-validator';
import { Field, InputType } from 'type-graphql';
import { IsDateOnly, NameRules } from '../../common/validators.js';

@InputType()
export class FamilyMemberInput {
  @Field() @NameRules() firstName: string;
  @Field() @NameRules() lastName: string;
  @Field({ description: 'YYYY-MM-DD' }) @IsDateOnly() birthday: string;
}

@InputType()
export class UpdateFamilyMemberInput {
  @Field({ nullable: true }) @IsOptional() @NameRules() firstName?: string;
  @Field({ nullable: true }) @IsOptional() @NameRules() lastName?: string;
  @Field({ nullable: true }) @IsOptional() @IsDateOnly() birthday?: string;
}
