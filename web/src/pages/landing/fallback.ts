import { DEFAULT_PRIMARY, DEFAULT_SECONDARY } from '../../app/theme';
import type { LandingContent } from './LandingView';

/** Shown only when the configuration cannot be loaded: the landing page's defaults. */
export const FALLBACK_LANDING: LandingContent = {
  announcementEnabled: false,
  announcementText: '',
  heroTitle: 'Fly higher with every class',
  heroSubtitle: 'Aerial silks, lyra, trapeze, hammock and pole for every level.',
  heroCta: 'Join the studio',
  heroCtaLink: '/register',
  heroBackgroundImage: '',
  primaryColor: DEFAULT_PRIMARY,
  secondaryColor: DEFAULT_SECONDARY,
  featuresTitle: 'Everything your studio life needs',
  featuresSubtitle: 'One app for members, parents and staff.',
  featuresContent: [
    { icon: 'event', title: 'Class scheduling', description: 'See the schedule and book a spot in seconds.' },
    { icon: 'forum', title: 'Real-time communication', description: 'Notifications and chat with studio staff.' },
    { icon: 'trending_up', title: 'Skill tracking', description: 'Track the moves you are learning on every apparatus.' },
    { icon: 'family_restroom', title: 'Family management', description: 'Book and sign waivers for your children from one account.' },
  ],
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
