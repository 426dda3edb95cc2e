import { useMutation } from '@apollo/client/react';
import { KioskTapInDocument } from './checkin.generated';

/** Opens the check-in of the family whose name was tapped; the answer is the kiosk's short session (not cached data). */
export const useKioskTapIn = () => useMutation(KioskTapInDocument);
