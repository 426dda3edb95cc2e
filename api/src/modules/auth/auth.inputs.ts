import { loginPassword, loginUsername, password } from '@studio/rules';
import { IsBoolean, MaxLength, MinLength } from 'class-validator';
import { ArgsType, Field, InputType, ObjectType } from 'type-graphql';
import { EmailRules, IsDateOnly, NameRules, Rule, UsernameRules } from '../../common/validators.js';
import { User } from '../users/user.entity.js';

@ObjectType({ description: 'A signed-in session' })
export class AuthPayload {
  @Field({ description: 'Bearer token, valid for 7 days unless revoked' }) token: string;
  @Field(() => User) user: User;
  @Field({ description: '/waiver until the current waiver is signed, else /dashboard' }) redirect: string;
}

@InputType()
export class RegisterInput {
  @Field() @NameRules() firstName: string;
  @Field() @NameRules() lastName: string;
  @Field() @UsernameRules() username: string;
  @Field() @EmailRules() email: string;
  @Field() @Rule(password) password: string;
  @Field({ description: 'YYYY-MM-DD' }) @IsDateOnly() birthday: string;
  @Field({ defaultValue: false, description: 'Parents and guardians can add family members and sign for minors' })
  @IsBoolean()
  isParentOrGuardian: boolean;
}

@ArgsType()
export class LoginArgs {
  @Field() @Rule(loginUsername) username: string;
  @Field() @Rule(loginPassword) password: string;
}

@InputType()
export class ChangePasswordInput {
  @Field() @Rule(password) currentPassword: string;
  @Field() @Rule(password) newPassword: string;
}

@ArgsType()
export class ResetPasswordArgs {
  @Field() @MinLength(1) @MaxLength(200) token: string;
  @Field() @Rule(password) password: string;
}

@ArgsType()
export class RequestPasswordResetArgs {
  @Field() @EmailRules() email: string;
}
