import DataLoader from 'dataloader';
import type { LoaderRequest } from '../../graphql/context.js';
import type { MembershipService } from './memberships.service.js';

export function membershipLoaders({ em, services }: LoaderRequest & { services: { memberships: MembershipService } }) {
  return {
    /** Classes used in each membership's current period. */
    membershipUsage: new DataLoader<string, number>(async (ids) => {
      const used = await services.memberships.usedThisPeriod(em(), ids);
      return ids.map((id) => used.get(id) ?? 0);
    }),
  };
}
