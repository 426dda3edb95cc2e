import { useMutation } from '@apollo/client/react';
import { SignWaiversDocument } from './waiver.generated';

/** Signs the waiver for the member and chosen minors; the people signed for come back with waiverSigned set. */
export const useSignWaivers = () => useMutation(SignWaiversDocument);
