import { password } from '@studio/rules';
import { IsOptional, MaxLength } from 'class-validator';
import { ArgsType, Field, InputType, ObjectType, registerEnumType } from 'type-graphql';
import { PageArgs, Paginated, SortDirection } from '../../common/paging.js';
import { EmailRules, IsDateOnly, NameRules, Rule, UsernameRules } from '../../common/validators.js';
import { Role } from './role.js';
import { User } from './user.entity.js';

@InputType({ description: "Changes to the signed-in user's own profile; omitted fields stay as they are" })
export class UpdateProfileInput {
  @Field({ nullable: true }) @IsOptional() @NameRules() firstName?: string;
  @Field({ nullable: true }) @IsOptional() @NameRules() lastName?: string;
  @Field({ nullable: true }) @IsOptional() @EmailRules() email?: string;
  @Field({ nullable: true }) @IsOptional() @IsDateOnly() birthday?: string;
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

export enum UserSortField {
  lastName = 'lastName',
  firstName = 'firstName',
  username = 'username',
  email = 'email',
  role = 'role',
  birthday = 'birthday',
  createdAt = 'createdAt',
}
registerEnumType(UserSortField, { name: 'UserSortField' });

@ArgsType()
export class UserListArgs extends PageArgs {
  @Field({ nullable: true, description: 'Matches first name, last name, username or email' }) @IsOptional() @MaxLength(100) search?: string;
  @Field(() => Role, { nullable: true }) role?: Role;
  @Field({ nullable: true }) isActive?: boolean;
  @Field(() => UserSortField, { defaultValue: UserSortField.lastName }) sortField: UserSortField = UserSortField.lastName;
  @Field(() => SortDirection, { defaultValue: SortDirection.ASC }) sortDirection: SortDirection = SortDirection.ASC;
}

@ObjectType()
export class UserPage extends Paginated(User) {}
