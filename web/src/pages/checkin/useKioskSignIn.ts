import { useMutation } from '@apollo/client/react';
import { KioskSignInDocument } from './checkin.generated';

/** Identifies a member at the kiosk by username and PIN; the answer is the kiosk's short session (not cached data). */
export const useKioskSignIn = () => useMutation(KioskSignInDocument);
