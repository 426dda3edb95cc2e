import { defineModule } from '../module.js';
import { WaiverDocument } from './waiver-document.entity.js';
import { WaiverSignature } from './waiver-signature.entity.js';
import { waiverLoaders } from './waiver.loaders.js';
import { UserWaiverResolver, WaiverResolver } from './waiver.resolver.js';
import { waiverRestRoutes } from './waiver.rest.js';
import { WaiverService } from './waiver.service.js';

/** The liability waiver: published versions and immutable signatures (parents sign for minors). */
export const waiversModule = defineModule({
  name: 'waivers',
  uses: [],
  entities: [WaiverDocument, WaiverSignature],
  resolvers: [WaiverResolver, UserWaiverResolver],
  service: ({ env }) => new WaiverService(env.STUDIO_TIME_ZONE, env.STUDIO_NAME),
  loaders: (request) => waiverLoaders(request),
  ensure: (em, { waivers }) => waivers.ensureDocument(em),
  restRoutes: waiverRestRoutes,
});
