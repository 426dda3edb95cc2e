import { useMutation } from '@apollo/client/react';
import { KioskCheckInDocument } from './checkin.generated';

/** Checks in the chosen bookings; the answer is the kiosk session with their new state. */
export const useKioskCheckIn = () => useMutation(KioskCheckInDocument);
