import { ArrayMaxSize, IsBoolean, IsOptional, Length, Matches, MaxLength, ValidateNested } from 'class-validator';
import { Field, InputType } from 'type-graphql';

const HEX = /^#[0-9A-Fa-f]{6}$/;
/** A path inside the app (/register) or an absolute http(s) URL. */
const LINK = /^(\/(?!\/)[^\s]*|https?:\/\/[^\s/$.?#].[^\s]*)$/;
const hex = () => Matches(HEX, { message: 'Use a colour like #8B5CF6.' });
const link = (optional = false) =>
  Matches(optional ? new RegExp(`^$|${LINK.source}`) : LINK, { message: 'Use a path starting with / or a full http(s) address.' });

@InputType()
export class LandingFeatureInput {
  @Field() @Length(1, 40) @Matches(/^[a-z0-9_]+$/, { message: 'Use a Material icon name like "event".' }) icon: string;
  @Field() @Length(1, 80) title: string;
  @Field() @Length(1, 300) description: string;
}

@InputType()
export class SocialLinkInput {
  @Field() @Length(1, 40) label: string;
  @Field() @MaxLength(500) @Matches(/^https?:\/\/\S+$/, { message: 'Use a full http(s) address.' }) url: string;
}

@InputType({ description: 'Changes to the landing page; omitted fields stay as they are' })
export class UpdateLandingPageConfigInput {
  @Field({ nullable: true }) @IsOptional() @IsBoolean() announcementEnabled?: boolean;
  @Field({ nullable: true }) @IsOptional() @MaxLength(500) announcementText?: string;
  @Field({ nullable: true }) @IsOptional() @Length(1, 120) heroTitle?: string;
  @Field({ nullable: true }) @IsOptional() @MaxLength(300) heroSubtitle?: string;
  @Field({ nullable: true }) @IsOptional() @Length(1, 60) heroCta?: string;
  @Field({ nullable: true }) @IsOptional() @MaxLength(500) @link() heroCtaLink?: string;
  @Field({ nullable: true }) @IsOptional() @MaxLength(1000) @link(true) heroBackgroundImage?: string;
  @Field({ nullable: true }) @IsOptional() @hex() primaryColor?: string;
  @Field({ nullable: true }) @IsOptional() @hex() secondaryColor?: string;
  @Field({ nullable: true }) @IsOptional() @Length(1, 120) featuresTitle?: string;
  @Field({ nullable: true }) @IsOptional() @MaxLength(300) featuresSubtitle?: string;

  @Field(() => [LandingFeatureInput], { nullable: true })
  @IsOptional()
  @ArrayMaxSize(12)
  @ValidateNested({ each: true })
  featuresContent?: LandingFeatureInput[];

  @Field(() => [SocialLinkInput], { nullable: true })
  @IsOptional()
  @ArrayMaxSize(8)
  @ValidateNested({ each: true })
  socialLinks?: SocialLinkInput[];
}
