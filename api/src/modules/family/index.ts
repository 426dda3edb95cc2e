import { mergeFamily } from './family.merge.js';
import { authModule } from '../auth/index.js';
import { RequestQuota } from '../auth/login-limiter.js';
import { emailModule } from '../email/index.js';
import { usersModule } from '../users/index.js';
import { defineModule } from '../module.js';
import { FamilyInvite } from './family-invite.entity.js';
import { familyLoaders } from './family.loaders.js';
import { FamilyInviteResolver, FamilyResolver, UserFamilyInviteResolver } from './family.resolver.js';
import { FamilyService, INVITES_PER_PARENT_PER_HOUR } from './family.service.js';

/** A parent's family members: people without their own login whom the parent manages, and invites to one. */
export const familyModule = defineModule({
  name: 'family',
  uses: [usersModule, emailModule, authModule],
  entities: [FamilyInvite],
  resolvers: [FamilyResolver, UserFamilyInviteResolver, FamilyInviteResolver],
  service: ({ env, orm, users, email, auth }) =>
    new FamilyService(
      users,
      email,
      auth,
      { publicUrl: env.publicUrl, studioName: env.STUDIO_NAME },
      new RequestQuota(orm.em.fork(), 'family-invite', INVITES_PER_PARENT_PER_HOUR, 3600),
    ),
  events: (on) => on('member.merged', 'inTransaction', (tx, pair) => mergeFamily(tx, pair)),
  loaders: (request) => familyLoaders(request),
});
