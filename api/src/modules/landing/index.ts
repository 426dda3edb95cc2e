import { defineModule } from '../module.js';
import { LandingPageConfig } from './landing-page-config.entity.js';
import { LandingResolver } from './landing.resolver.js';
import { landingRestRoutes } from './landing.rest.js';
import { LandingService } from './landing.service.js';
import { landingTopics } from './landing.topics.js';

/** The public landing page's content and colours, edited by admins and pushed live to open pages. */
export const landingModule = defineModule({
  name: 'landing',
  uses: [],
  entities: [LandingPageConfig],
  resolvers: [LandingResolver],
  topics: landingTopics,
  service: ({ pubsub }) => {
    const landing = new LandingService(pubsub);
    pubsub.onResync(() => landing.resync());
    return landing;
  },
  ensure: (em, { landing }) => landing.ensureConfig(em),
  restRoutes: landingRestRoutes,
});
