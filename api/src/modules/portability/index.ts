import { defineModule } from '../module.js';
import { PortabilityResolver } from './portability.resolver.js';

/**
 * Moving the studio's data out (and, next, in): the catalogue of every module's export sources, downloaded from
 * /api/export/… (exports/); a member's own data from /api/export/my-data.json.
 */
export const portabilityModule = defineModule({
  name: 'portability',
  uses: [],
  resolvers: [PortabilityResolver],
  service: () => ({}),
});
