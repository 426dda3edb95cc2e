import { useMutation } from '@apollo/client/react';
import { CartDocument } from '../../components/cart.generated';
import { CancelBookingDocument, MyWaitlistDocument } from './classes.generated';

/** Cancels a booking (or releases a held spot); the booking leaves every list that shows it. */
export function useCancelBooking() {
  return useMutation(CancelBookingDocument, {
    refetchQueries: [CartDocument, MyWaitlistDocument],
    update(cache, { data }) {
      if (!data) return;
      cache.evict({ id: cache.identify({ __typename: 'Booking', id: data.cancelBooking.id }) });
      cache.gc();
    },
  });
}
