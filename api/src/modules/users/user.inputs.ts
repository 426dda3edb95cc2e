import { password } from '@studio/rules';
import { IsOptional } from 'class-validator';
import { Field, InputType } from 'type-graphql';
import { EmailRules, IsDateOnly, NameRules, PhoneRules, Rule, UsernameRules } from '../../common/validators.js';
import { Role } from './role.js';

@InputType({ description: "Changes to the signed-in user's own profile; omitted fields stay as they are" })
export class UpdateProfileInput {
  @Field({ nullable: true }) @IsOptional() @NameRules() firstName?: string;
  @Field({ nullable: true }) @IsOptional() @NameRules() lastName?: string;
  @Field({ nullable: true }) @IsOptional() @EmailRules() email?: string;
  @Field({ nullable: true }) @IsOptional() @IsDateOnly() birthday?: string;
  @Field({ nullable: true, description: 'An empty phone removes it' }) @IsOptional() @PhoneRules() phone?: string;
}

@InputType()
export class CreateUserInput {
  @Field() @NameRules() firstName: string;
  @Field() @NameRules() lastName: string;
  @Field() @UsernameRules() username: string;
  @Field() @EmailRules() email: string;
  @Field() @IsDateOnly() birthday: string;
  @Field(() => Role) role: Role;
  @Field({ description: 'Initial password; the user can change it on their profile page' })
  @Rule(password)
  password: string;
}

@InputType()
export class UpdateUserInput extends UpdateProfileInput {
  @Field({ nullable: true }) @IsOptional() @UsernameRules() username?: string;
}
