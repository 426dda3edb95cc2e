import DataLoader from 'dataloader';
import type { LoaderRequest } from '../../graphql/context.js';
import { FamilyInvite } from './family-invite.entity.js';

export function familyLoaders({ em }: LoaderRequest) {
  return {
    /** The invite (if any) of each family member, by member id. */
    familyInvites: new DataLoader<string, FamilyInvite | null>(async (memberIds) => {
      const invites = await em().find(FamilyInvite, { member: { $in: [...memberIds] } });
      return memberIds.map((id) => invites.find((i) => i.member.id === id) ?? null);
    }),
  };
}
