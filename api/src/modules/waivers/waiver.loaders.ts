import DataLoader from 'dataloader';
import type { LoaderRequest } from '../../graphql/context.js';
import type { WaiverService } from './waiver.service.js';

export function waiverLoaders({ em, services }: LoaderRequest & { services: { waivers: WaiverService } }) {
  return {
    /** Whether each user has signed the current waiver version. */
    waiverSigned: new DataLoader<string, boolean>(async (userIds) => {
      const signed = await services.waivers.signedUserIds(em(), [...userIds]);
      return userIds.map((id) => signed.has(id));
    }),
  };
}
