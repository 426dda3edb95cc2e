import {
  MAX_WAIVER_SECTIONS,
  signatureDrawing,
  signatureName,
  WAIVER_SECTION_MAX_LENGTH,
  WAIVER_SECTIONS_REQUIRED,
  WAIVER_SECTIONS_TOO_MANY,
  waiverDocumentId,
  waiverSectionBody,
  waiverSectionHeading,
  waiverTitle,
} from '@studio/rules';
import { ArrayMaxSize, ArrayMinSize, IsOptional, IsUUID, MaxLength, ValidateNested } from 'class-validator';
import { ArgsType, Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { MAX_PAGE_SIZE, PageArgs, Paginated, SortDirection } from '../../common/paging.js';
import { IsDateOnly, Rule } from '../../common/validators.js';
import { User } from '../users/user.entity.js';
import { WaiverSignature } from './waiver-signature.entity.js';
import { REMINDERS_PER_REQUEST, WaiverStanding } from './waiver-standing.js';

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

registerEnumType(WaiverStanding, {
  name: 'WaiverStanding',
  description: 'Where a person stands with the waiver',
  valuesConfig: {
    CURRENT: { description: 'Signed the current version' },
    OUTDATED: { description: 'Signed an older version only: asked again before their next booking' },
    NEVER: { description: 'Never signed any version' },
  },
});

export enum WaiverStatusSortField {
  name = 'name',
  signedAt = 'signedAt',
}
registerEnumType(WaiverStatusSortField, { name: 'WaiverStatusSortField' });

@InputType({ description: 'One section of a waiver version: its heading and text' })
export class WaiverSectionInput {
  @Field() @Rule(waiverSectionHeading) heading: string;
  @Field({ description: `Plain text; line breaks are kept (at most ${WAIVER_SECTION_MAX_LENGTH.toLocaleString('en-US')} characters)` })
  @Rule(waiverSectionBody)
  body: string;
}

@InputType({ description: 'A new waiver version as the admin writes it' })
export class WaiverVersionInput {
  @Field({ description: 'The document id printed on the waiver, e.g. ASTRO-WAIVER-2026' }) @Rule(waiverDocumentId) documentId: string;
  @Field() @Rule(waiverTitle) title: string;
  @Field({ description: 'The date printed as "last updated", YYYY-MM-DD: not before the current version’s, not after today' })
  @IsDateOnly()
  lastUpdated: string;
  @Field(() => [WaiverSectionInput])
  @ArrayMinSize(1, { message: WAIVER_SECTIONS_REQUIRED })
  @ArrayMaxSize(MAX_WAIVER_SECTIONS, { message: WAIVER_SECTIONS_TOO_MANY })
  @ValidateNested({ each: true })
  sections: WaiverSectionInput[];
}

@ArgsType()
export class PublishWaiverVersionArgs {
  @Field(() => WaiverVersionInput) @ValidateNested() input: WaiverVersionInput;
}

const SEARCH = { nullable: true, description: 'Part of the full name, username or email of the person' } as const;
const STANDINGS = { nullable: true, description: 'Only people in these standings (none: everyone)' } as const;

@ArgsType()
export class WaiverStatusArgs extends PageArgs {
  @Field(() => String, SEARCH) @IsOptional() @MaxLength(100) search?: string | null;
  @Field(() => [WaiverStanding], STANDINGS) @IsOptional() @ArrayMaxSize(3) standings?: WaiverStanding[] | null;
  @Field(() => WaiverStatusSortField, { defaultValue: WaiverStatusSortField.name })
  sortField: WaiverStatusSortField = WaiverStatusSortField.name;
  @Field(() => SortDirection, { defaultValue: SortDirection.ASC }) sortDirection: SortDirection = SortDirection.ASC;
}

@ArgsType()
export class RemindMissingWaiversArgs {
  @Field(() => String, SEARCH) @IsOptional() @MaxLength(100) search?: string | null;
  @Field(() => [WaiverStanding], STANDINGS) @IsOptional() @ArrayMaxSize(3) standings?: WaiverStanding[] | null;
  @Field(() => [ID], { nullable: true, description: 'Only these people (none: everyone the filters match)' })
  @IsOptional()
  @ArrayMaxSize(MAX_PAGE_SIZE)
  @IsUUID('all', { each: true, message: 'Unknown person.' })
  personIds?: string[] | null;
}

@ObjectType({ description: 'One person and where they stand with the waiver' })
export class WaiverStatus {
  @Field(() => ID, { description: "The person's id" }) id: string;
  @Field(() => User) person: User;
  @Field(() => WaiverStanding) standing: WaiverStanding;
  @Field(() => WaiverSignature, { nullable: true, description: 'Their newest signature (of the current version when signed)' })
  signature: WaiverSignature | null;
  @Field(() => User, { description: 'Who is asked to sign: the person, or the parent of a family member without a login' })
  contact: User;
}

@ObjectType({ description: 'How many people the search matches in each standing' })
export class WaiverStandingCounts {
  @Field(() => Int) current: number;
  @Field(() => Int) outdated: number;
  @Field(() => Int) never: number;
  @Field(() => Int, { description: 'Outdated and never signed: those a reminder goes to' }) missing: number;
}

@ObjectType()
export class WaiverStatusPage extends Paginated(WaiverStatus) {
  @Field(() => WaiverStandingCounts) counts: WaiverStandingCounts;
}

@ObjectType({ description: 'What a reminder to sign the waiver did' })
export class WaiverReminderResult {
  @Field(() => Int, { description: 'People reminded now' }) reminded: number;
  @Field(() => Int, { description: 'Emails queued (a parent gets one for the whole family)' }) emails: number;
  @Field(() => Int, { description: 'People already reminded of this version today' }) alreadyReminded: number;
  @Field(() => Int, { description: 'People without an email address to remind them at' }) withoutEmail: number;
  @Field(() => Int, { description: `People still to remind: a request reminds at most ${REMINDERS_PER_REQUEST}, ask again for the rest` })
  remaining: number;
}
