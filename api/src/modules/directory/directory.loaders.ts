import DataLoader from 'dataloader';
import type { LoaderRequest } from '../../graphql/context.js';
import { Membership, MembershipStatus } from '../memberships/membership.entity.js';

/** The membership states that count as holding one, in the order the users table prefers them. */
export const HELD_MEMBERSHIP = [MembershipStatus.active, MembershipStatus.past_due, MembershipStatus.paused];

export function directoryLoaders({ em }: LoaderRequest) {
  return {
    /** The membership state each person holds (active before past due before paused), or null. */
    membershipStatus: new DataLoader<string, MembershipStatus | null>(async (userIds) => {
      const held = await em().find(
        Membership,
        { holder: { $in: [...userIds] }, status: { $in: HELD_MEMBERSHIP } },
        { fields: ['holder', 'status'] },
      );
      return userIds.map((id) => {
        const states = held.filter((m) => m.holder.id === id).map((m) => m.status);
        return HELD_MEMBERSHIP.find((status) => states.includes(status)) ?? null;
      });
    }),
  };
}
