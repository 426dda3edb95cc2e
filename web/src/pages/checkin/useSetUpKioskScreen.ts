import { useMutation } from '@apollo/client/react';
import { SetUpKioskScreenDocument } from './checkin.generated';

/** Sets up this screen as the kiosk; the answer (a device token) is kept by useKioskScreen, not in the cache. */
export const useSetUpKioskScreen = () => useMutation(SetUpKioskScreenDocument);
