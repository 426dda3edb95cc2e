import { useMutation } from '@apollo/client/react';
import { InviteFamilyMemberDocument } from './family.generated';

/** Sends (or sends again) an adult family member's invite; the answer is the member with the new invite, which the cache takes by id. */
export const useInviteFamilyMember = () => useMutation(InviteFamilyMemberDocument);
