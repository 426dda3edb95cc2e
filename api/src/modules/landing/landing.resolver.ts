import { featureCount, landingFeature, landingPage, socialLink, socialLinkCount } from '@studio/rules';
import { IsOptional, ValidateNested } from 'class-validator';
import { Arg, Authorized, Ctx, Field, InputType, Mutation, Query, Resolver, Subscription } from 'type-graphql';
import { Public } from '../../graphql/access.js';
import type { Context } from '../../graphql/context.js';
import { Rule } from '../../common/validators.js';
import { Role } from '../users/role.js';
import { LandingPageConfig } from './landing-page-config.entity.js';
import type { LandingChangedEvent } from '../../graphql/pubsub.js';
import { Parent } from '../../graphql/parent.js';

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

@Resolver()
export class LandingResolver {
  @Public()
  @Query(() => LandingPageConfig)
  landingPageConfig(@Ctx() ctx: Context): Promise<LandingPageConfig> {
    return ctx.services.landing.get(ctx.em);
  }

  @Authorized(Role.admin)
  @Mutation(() => LandingPageConfig)
  updateLandingPageConfig(@Arg('input') input: UpdateLandingPageConfigInput, @Ctx() ctx: Context): Promise<LandingPageConfig> {
    return ctx.services.landing.update(ctx.em, input);
  }

  @Public()
  @Subscription(() => LandingPageConfig, {
    topics: 'LANDING_PAGE_CONFIG_CHANGED',
    description: 'Fires when an admin saves the landing page',
  })
  landingPageConfigChanged(@Parent() _event: LandingChangedEvent, @Ctx() ctx: Context): Promise<LandingPageConfig> {
    // Events carry no data; each delivery reads the saved config with its own entity manager.
    return ctx.services.landing.get(ctx.services.orm.em.fork() as typeof ctx.em);
  }
}
