import type { EntityManager } from '@mikro-orm/postgresql';
import { introOfferIssues } from '@studio/rules';
import { badInput } from '../../graphql/errors.js';
import type { StudioPubSub } from '../../graphql/pubsub.js';
import { LandingPageConfig, type LandingFeature, type SocialLink } from './landing-page-config.entity.js';

/** The landing page's defaults: purple colours, /register call to action, the four standard features. */
export const DEFAULT_LANDING: Omit<LandingPageConfig, 'id' | 'updatedAt'> = {
  announcementEnabled: false,
  announcementText: '',
  heroTitle: 'Fly higher with every class',
  heroSubtitle:
    'Aerial silks, lyra, trapeze, hammock and pole for every level. Book classes, track your moves and keep your family in sync.',
  heroCta: 'Join the studio',
  heroCtaLink: '/register',
  heroBackgroundImage: '',
  primaryColor: '#8B5CF6',
  secondaryColor: '#A855F7',
  featuresTitle: 'Everything your studio life needs',
  featuresSubtitle: 'One app for members, parents and staff.',
  featuresContent: [
    { icon: 'event', title: 'Class scheduling', description: 'See the live schedule, book a spot or join the waitlist in seconds.' },
    { icon: 'forum', title: 'Real-time communication', description: 'Instant notifications and chat with studio staff.' },
    {
      icon: 'trending_up',
      title: 'Skill tracking',
      description: 'Track the moves you are learning on every apparatus, signed off by your instructor.',
    },
    {
      icon: 'family_restroom',
      title: 'Family management',
      description: 'Book classes and sign waivers for your children from one account.',
    },
  ],
  // A new studio adds its own accounts: links to the bare sites would send visitors nowhere.
  socialLinks: [],
  introOfferTitle: '',
  introOfferText: '',
  introOfferCta: '',
  introOfferLink: '',
  visitAddress: '',
  visitHours: '',
  contactPhone: '',
  contactEmail: '',
};

export type LandingChanges = Partial<Omit<LandingPageConfig, 'id' | 'updatedAt' | 'featuresContent' | 'socialLinks'>> & {
  featuresContent?: LandingFeature[];
  socialLinks?: SocialLink[];
};

export class LandingService {
  constructor(private readonly pubsub: StudioPubSub) {}

  /** Subscribers re-read the saved config on each event: after a gap, one local event brings them up to date. */
  resync(): void {
    this.pubsub.publishLocally('LANDING_PAGE_CONFIG_CHANGED', { updatedAt: new Date().toISOString() });
  }

  /** Creates the default configuration when none exists (idempotent). */
  async ensureConfig(em: EntityManager): Promise<void> {
    await em.getConnection().execute(
      `insert into landing_page_config (id, announcement_enabled, announcement_text, hero_title, hero_subtitle, hero_cta,
        hero_cta_link, hero_background_image, primary_color, secondary_color, features_title, features_subtitle,
        features_content, social_links) values (1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?::jsonb)
       on conflict (id) do nothing`,
      [
        DEFAULT_LANDING.announcementEnabled,
        DEFAULT_LANDING.announcementText,
        DEFAULT_LANDING.heroTitle,
        DEFAULT_LANDING.heroSubtitle,
        DEFAULT_LANDING.heroCta,
        DEFAULT_LANDING.heroCtaLink,
        DEFAULT_LANDING.heroBackgroundImage,
        DEFAULT_LANDING.primaryColor,
        DEFAULT_LANDING.secondaryColor,
        DEFAULT_LANDING.featuresTitle,
        DEFAULT_LANDING.featuresSubtitle,
        JSON.stringify(DEFAULT_LANDING.featuresContent),
        JSON.stringify(DEFAULT_LANDING.socialLinks),
      ],
    );
  }

  async get(em: EntityManager): Promise<LandingPageConfig> {
    const config = await em.findOne(LandingPageConfig, { id: 1 });
    if (config) return config;
    await this.ensureConfig(em);
    return em.findOneOrFail(LandingPageConfig, { id: 1 });
  }

  async update(em: EntityManager, changes: LandingChanges): Promise<LandingPageConfig> {
    const config = await this.get(em);
    for (const [key, value] of Object.entries(changes)) {
      if (value !== undefined && value !== null) (config as unknown as Record<string, unknown>)[key] = value;
    }
    // Checked on the saved page with the changes applied: the input may change only some of the offer's fields.
    const issues = introOfferIssues(config);
    if (issues.length) throw badInput(issues[0].message, Object.fromEntries(issues.map((i) => [i.path, i.message])));
    await em.flush();
    this.pubsub.publish('LANDING_PAGE_CONFIG_CHANGED', { updatedAt: config.updatedAt.toISOString() });
    return config;
  }
}
