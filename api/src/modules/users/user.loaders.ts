import DataLoader from 'dataloader';
import type { LoaderRequest } from '../../graphql/context.js';
import { User } from './user.entity.js';

export function userLoaders({ em }: LoaderRequest) {
  return {
    /** Active family members managed by each guardian. */
    familyMembers: new DataLoader<string, User[]>(async (guardianIds) => {
      const members = await em().find(
        User,
        { guardian: { $in: [...guardianIds] }, removedAt: null },
        { orderBy: { birthday: 'asc', firstName: 'asc' } },
      );
      return guardianIds.map((id) => members.filter((m) => m.guardian?.id === id));
    }),
  };
}
