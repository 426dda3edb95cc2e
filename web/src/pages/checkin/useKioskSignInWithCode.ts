import { useMutation } from '@apollo/client/react';
import { KioskSignInWithCodeDocument } from './checkin.generated';

/** Identifies a member at the kiosk by their QR code; the answer is the kiosk's short session. */
export const useKioskSignInWithCode = () => useMutation(KioskSignInWithCodeDocument);
