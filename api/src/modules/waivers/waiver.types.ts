import { signatureDrawing, signatureName } from '@studio/rules';
import { ArrayMaxSize, IsOptional, IsUUID, MaxLength, ValidateNested } from 'class-validator';
import { ArgsType, Field, ID, InputType, ObjectType } from 'type-graphql';
import { PageArgs, Paginated } from '../../common/paging.js';
import { Rule } from '../../common/validators.js';
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

@InputType({ description: "The signer's marks: their full name typed, and optionally drawn" })
export class WaiverSignatureInput {
  @Field({ description: "The signer's full name as on their account (case and extra spaces do not matter)" })
  @Rule(signatureName)
  typedName: string;

  @Field(() => String, {
    nullable: true,
    description: 'The drawn signature as a PNG data URL (data:image/png;base64,…), at most 20,000 characters',
  })
  @IsOptional()
  @Rule(signatureDrawing)
  drawing?: string | null;
}

@ArgsType()
export class SignWaiversArgs {
  @Field(() => [ID], { description: 'The caller and/or minors in their family' })
  @ArrayMaxSize(20, { message: 'At most 20 people can be signed for at once.' })
  @IsUUID('all', { each: true, message: 'Unknown person.' })
  userIds: string[];

  @Field(() => WaiverSignatureInput, {
    nullable: true,
    description:
      'The typed (and drawn) signature, kept with each record; the web app always sends it. Without it the ticked agreement is the signature (the REST payload {userIds}).',
  })
  @IsOptional()
  @ValidateNested()
  signature?: WaiverSignatureInput | null;
}

@ArgsType()
export class WaiverSignatureArgs {
  @Field(() => ID) id: string;
}

@ObjectType({ description: 'The PDF copy of a signed waiver (served as a download at GET /api/waivers/signatures/{id}.pdf)' })
export class SignedWaiverPdf {
  @Field() filename: string;
  @Field({ description: 'The PDF, base64-encoded' }) contentBase64: string;
}

@ArgsType()
export class WaiverListArgs extends PageArgs {
  @Field({ nullable: true, description: 'Matches the name or username of the person' }) @IsOptional() @MaxLength(100) search?: string;
}
