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
    /** Each signature's drawing (a PNG data URL), or null: one statement for all the signatures asked about. */
    signatureDrawing: new DataLoader<string, string | null>(async (ids) => {
      const drawings = await services.waivers.drawings(em(), [...ids]);
      return ids.map((id) => drawings.get(id) ?? null);
    }),
  };
}
