import type { EntityManager } from '@mikro-orm/postgresql';
import DataLoader from 'dataloader';
import type { Services } from '../services.js';
import { User } from '../modules/users/user.entity.js';

/** Per-request batch loaders, so list fields cost one query per relation, not one per row. */
export function createLoaders(em: EntityManager, services: Services) {
  return {
    /** Whether each user has signed the current waiver version. */
    waiverSigned: new DataLoader<string, boolean>(async (userIds) => {
      const signed = await services.waivers.signedUserIds(em, [...userIds]);
      return userIds.map((id) => signed.has(id));
    }),
    /** Active family members managed by each guardian. */
    familyMembers: new DataLoader<string, User[]>(async (guardianIds) => {
      const members = await em.find(
        User,
        { guardian: { $in: [...guardianIds] }, removedAt: null },
        { orderBy: { birthday: 'asc', firstName: 'asc' } },
      );
      return guardianIds.map((id) => members.filter((m) => m.guardian?.id === id));
    }),
  };
}
export type Loaders = ReturnType<typeof createLoaders>;
