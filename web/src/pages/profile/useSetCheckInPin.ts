import { useMutation } from '@apollo/client/react';
import { SetCheckInPinDocument } from './profile.generated';

/** Sets the kiosk PIN; the cached check-in state then says a PIN is set. */
export function useSetCheckInPin() {
  return useMutation(SetCheckInPinDocument, {
    update(cache, { data }) {
      if (!data?.setCheckInPin) return;
      cache.modify({ id: cache.identify({ __typename: 'MyCheckIn' }), fields: { hasPin: () => true } });
    },
  });
}
