import { ArrayMaxSize, IsOptional, IsUUID, MaxLength } from 'class-validator';
import { ArgsType, Field, ID, ObjectType } from 'type-graphql';
import { PageArgs, Paginated } from '../../common/paging.js';
import { User } from '../users/user.entity.js';
import { WaiverSignature } from './waiver-signature.entity.js';

@ObjectType()
export class SignWaiversPayload {
  @Field(() => [WaiverSignature], { description: 'New signatures (people who had already signed are not signed twice)' })
  signatures: WaiverSignature[];
  @Field(() => User, { description: 'The signer, with waiverSigned refreshed' })
  user: User;
}

@ObjectType()
export class WaiverSignaturePage extends Paginated(WaiverSignature) {}
@ObjectType()
export class UnsignedUserPage extends Paginated(User) {}

@ArgsType()
export class SignWaiversArgs {
  @Field(() => [ID], { description: 'The caller and/or minors in their family' })
  @ArrayMaxSize(20, { message: 'At most 20 people can be signed for at once.' })
  @IsUUID('all', { each: true, message: 'Unknown person.' })
  userIds: string[];
}

@ArgsType()
export class WaiverListArgs extends PageArgs {
  @Field({ nullable: true, description: 'Matches the name or username of the person' }) @IsOptional() @MaxLength(100) search?: string;
}
