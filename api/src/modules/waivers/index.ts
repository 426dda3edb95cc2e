import { mergeWaivers } from './waivers.merge.js';
import { emailModule } from '../email/index.js';
import { defineModule } from '../module.js';
import { notificationsModule } from '../notifications/index.js';
import { WaiverDocument } from './waiver-document.entity.js';
import { WaiverReminder } from './waiver-reminder.entity.js';
import { WaiverSignature } from './waiver-signature.entity.js';
import { waiverLoaders } from './waiver.loaders.js';
import { UserWaiverResolver, WaiverResolver } from './waiver.resolver.js';
import { waiverRestRoutes } from './waiver.rest.js';
import { WaiverStandingService } from './waiver-standing.service.js';
import { WaiverService } from './waiver.service.js';
import { waiverExports } from './waivers.exports.js';

/** The liability waiver: published versions, immutable signatures (parents sign for minors) and reminders to sign. */
export const waiversModule = defineModule({
  name: 'waivers',
  exports: waiverExports,
  uses: [emailModule, notificationsModule],
  entities: [WaiverDocument, WaiverSignature, WaiverReminder],
  resolvers: [WaiverResolver, UserWaiverResolver],
  service: ({ env, email, notifications }) => {
    const waivers = new WaiverService(env.STUDIO_TIME_ZONE, env.STUDIO_NAME);
    const standing = new WaiverStandingService(waivers, env.STUDIO_TIME_ZONE, env.STUDIO_NAME, email, notifications, env.publicUrl);
    return Object.assign(waivers, { standing });
  },
  loaders: (request) => waiverLoaders(request),
  ensure: (em, { waivers }) => waivers.ensureDocument(em),
  restRoutes: waiverRestRoutes,
  // The duplicate's rows of an account merge are the kept account's.
  events: (on) => on('member.merged', 'inTransaction', (tx, pair) => mergeWaivers(tx, pair)),
});
