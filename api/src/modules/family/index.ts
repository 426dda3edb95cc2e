import { usersModule } from '../users/index.js';
import { defineModule } from '../module.js';
import { FamilyResolver } from './family.resolver.js';
import { FamilyService } from './family.service.js';

/** A parent's family members: people without their own login whom the parent manages. */
export const familyModule = defineModule({
  name: 'family',
  uses: [usersModule],
  resolvers: [FamilyResolver],
  service: ({ users }) => new FamilyService(users),
});
