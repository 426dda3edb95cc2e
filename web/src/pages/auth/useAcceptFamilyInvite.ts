import { useMutation } from '@apollo/client/react';
import { AcceptFamilyInviteDocument } from './acceptInvite.generated';

/** Creates the invited member's login; the page starts the session with the answer (useAuth().signIn). */
export const useAcceptFamilyInvite = () => useMutation(AcceptFamilyInviteDocument);
