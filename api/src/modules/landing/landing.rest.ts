import type { RestRoute } from '../routes.js';

export const landingRestRoutes: RestRoute[] = [
  {
    method: 'get',
    path: '/landing-page-config',
    operation: `query RestLandingPageConfig { landingPageConfig {
      announcementEnabled announcementText heroTitle heroSubtitle heroCta heroCtaLink heroBackgroundImage
      primaryColor secondaryColor featuresTitle featuresSubtitle featuresContent { icon title description }
      socialLinks { label url } introOfferTitle introOfferText introOfferCta introOfferLink visitAddress visitHours
      contactPhone contactEmail } }`,
    result: (data) => data.landingPageConfig,
  },
];
