import { featureCount, landingFeature, landingPage, socialLink, socialLinkCount } from '@studio/rules';
import { IsOptional, ValidateNested } from 'class-validator';
import { Field, InputType } from 'type-graphql';
import { Rule } from '../../common/validators.js';

const page = landingPage.shape;

@InputType()
export class LandingFeatureInput {
  @Field() @Rule(landingFeature.shape.icon) icon: string;
  @Field() @Rule(landingFeature.shape.title) title: string;
  @Field() @Rule(landingFeature.shape.description) description: string;
}

@InputType()
export class SocialLinkInput {
  @Field() @Rule(socialLink.shape.label) label: string;
  @Field() @Rule(socialLink.shape.url) url: string;
}

@InputType({ description: 'Changes to the landing page; omitted fields stay as they are' })
export class UpdateLandingPageConfigInput {
  @Field({ nullable: true }) @IsOptional() @Rule(page.announcementEnabled) announcementEnabled?: boolean;
  @Field({ nullable: true }) @IsOptional() @Rule(page.announcementText) announcementText?: string;
  @Field({ nullable: true }) @IsOptional() @Rule(page.heroTitle) heroTitle?: string;
  @Field({ nullable: true }) @IsOptional() @Rule(page.heroSubtitle) heroSubtitle?: string;
  @Field({ nullable: true }) @IsOptional() @Rule(page.heroCta) heroCta?: string;
  @Field({ nullable: true }) @IsOptional() @Rule(page.heroCtaLink) heroCtaLink?: string;
  @Field({ nullable: true }) @IsOptional() @Rule(page.heroBackgroundImage) heroBackgroundImage?: string;
  @Field({ nullable: true }) @IsOptional() @Rule(page.primaryColor) primaryColor?: string;
  @Field({ nullable: true }) @IsOptional() @Rule(page.secondaryColor) secondaryColor?: string;
  @Field({ nullable: true }) @IsOptional() @Rule(page.featuresTitle) featuresTitle?: string;
  @Field({ nullable: true }) @IsOptional() @Rule(page.featuresSubtitle) featuresSubtitle?: string;
  @Field({ nullable: true }) @IsOptional() @Rule(page.introOfferTitle) introOfferTitle?: string;
  @Field({ nullable: true }) @IsOptional() @Rule(page.introOfferText) introOfferText?: string;
  @Field({ nullable: true }) @IsOptional() @Rule(page.introOfferCta) introOfferCta?: string;
  @Field({ nullable: true }) @IsOptional() @Rule(page.introOfferLink) introOfferLink?: string;
  @Field({ nullable: true }) @IsOptional() @Rule(page.visitAddress) visitAddress?: string;
  @Field({ nullable: true }) @IsOptional() @Rule(page.visitHours) visitHours?: string;
  @Field({ nullable: true }) @IsOptional() @Rule(page.contactPhone) contactPhone?: string;
  @Field({ nullable: true }) @IsOptional() @Rule(page.contactEmail) contactEmail?: string;

  @Field(() => [LandingFeatureInput], { nullable: true })
  @IsOptional()
  @Rule(featureCount)
  @ValidateNested({ each: true })
  featuresContent?: LandingFeatureInput[];

  @Field(() => [SocialLinkInput], { nullable: true })
  @IsOptional()
  @Rule(socialLinkCount)
  @ValidateNested({ each: true })
  socialLinks?: SocialLinkInput[];
}
