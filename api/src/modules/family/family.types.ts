import { password } from '@studio/rules';
import { IsOptional, IsUUID, Length } from 'class-validator';
import { ArgsType, Field, ID, InputType, ObjectType } from 'type-graphql';
import { EmailRules, IsDateOnly, NameRules, Rule, UsernameRules } from '../../common/validators.js';

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

@ArgsType()
export class InviteFamilyMemberArgs {
  @Field(() => ID) @IsUUID('all') memberId: string;
  @Field({ description: "The family member's own email address: the link goes there and becomes their email" })
  @EmailRules()
  email: string;
}

@ArgsType()
export class FamilyMemberIdArgs {
  @Field(() => ID) @IsUUID('all') memberId: string;
}

@ArgsType()
export class FamilyInviteLinkArgs {
  @Field({ description: 'The token from the emailed link' }) @Length(10, 200) token: string;
}

@ArgsType()
export class AcceptFamilyInviteArgs extends FamilyInviteLinkArgs {
  @Field() @UsernameRules() username: string;
  @Field() @Rule(password) password: string;
}

@ObjectType({ description: 'What an invite link shows before the invited member creates their login' })
export class FamilyInvitePreview {
  @Field() firstName: string;
  @Field() lastName: string;
  @Field({ description: 'Their email once they accept' }) email: string;
  @Field({ description: 'Full name of the parent who sent it' }) invitedBy: string;
  @Field() expiresAt: Date;
}
