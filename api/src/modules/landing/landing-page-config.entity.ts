import { Check, Entity, OptionalProps, PrimaryKey, Property, types } from '@mikro-orm/core';
import { Field, ObjectType } from 'type-graphql';

@ObjectType()
export class LandingFeature {
  @Field({ description: 'Material icon name, e.g. "event", "forum", "trending_up", "family_restroom"' }) icon: string;
  @Field() title: string;
  @Field() description: string;
}

@ObjectType()
export class SocialLink {
  @Field({ description: 'e.g. Instagram' }) label: string;
  @Field() url: string;
}

/** The studio's customisable landing page. A single row (id 1). */
@ObjectType({ description: 'Landing page content and colours, edited by admins' })
@Entity()
@Check({ name: 'landing_page_config_single_row', expression: 'id = 1' })
export class LandingPageConfig {
  [OptionalProps]?:
    | 'updatedAt'
    | 'introOfferTitle'
    | 'introOfferText'
    | 'introOfferCta'
    | 'introOfferLink'
    | 'visitAddress'
    | 'visitHours'
    | 'contactPhone'
    | 'contactEmail';

  @PrimaryKey({ autoincrement: false })
  id: number = 1;

  @Field() @Property({ default: false }) announcementEnabled: boolean = false;
  @Field() @Property({ length: 500, default: '' }) announcementText: string = '';
  @Field() @Property({ length: 120 }) heroTitle: string;
  @Field() @Property({ length: 300 }) heroSubtitle: string;
  @Field() @Property({ length: 60 }) heroCta: string;
  @Field() @Property({ length: 500 }) heroCtaLink: string;
  @Field() @Property({ length: 1000, default: '' }) heroBackgroundImage: string = '';
  @Field() @Property({ length: 7 }) primaryColor: string;
  @Field() @Property({ length: 7 }) secondaryColor: string;
  @Field() @Property({ length: 120 }) featuresTitle: string;
  @Field() @Property({ length: 300 }) featuresSubtitle: string;
  @Field(() => [LandingFeature]) @Property({ type: types.json }) featuresContent: LandingFeature[];
  @Field(() => [SocialLink]) @Property({ type: types.json }) socialLinks: SocialLink[];
  @Field({ description: 'The intro offer card; shown when it has a title' })
  @Property({ length: 80, default: '' })
  introOfferTitle: string = '';
  @Field() @Property({ length: 300, default: '' }) introOfferText: string = '';
  @Field() @Property({ length: 40, default: '' }) introOfferCta: string = '';
  @Field({ description: 'A path like /memberships or a full address' }) @Property({ length: 500, default: '' }) introOfferLink: string = '';
  @Field({ description: 'The studio\'s address, one line per row; "Visit us" shows when it or the hours are filled in' })
  @Property({ length: 300, default: '' })
  visitAddress: string = '';
  @Field({ description: 'Opening hours as the studio writes them, one line per row' })
  @Property({ length: 500, default: '' })
  visitHours: string = '';
  @Field() @Property({ length: 30, default: '' }) contactPhone: string = '';
  @Field() @Property({ length: 254, default: '' }) contactEmail: string = '';

  @Field()
  @Property({ type: types.datetime, defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
