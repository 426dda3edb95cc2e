import { useMutation } from '@apollo/client/react';
import { CancelBookingDocument } from './classes.generated';
import { addMyBooking, dropGonePlaces } from './placesCache';

/**
 * Cancels a booking (or releases a held spot): it leaves every list and the cart. The freed spot may go to a child
 * of this family waiting for the class; the class comes back with the family's bookings in it, which join the list.
 */
export function useCancelBooking() {
  return useMutation(CancelBookingDocument, {
    update(cache, { data }) {
      if (!data) return;
      const { classInstance } = data.cancelBooking;
      dropGonePlaces(cache, classInstance);
      for (const booking of classInstance.myBookings) addMyBooking(cache, booking.id);
    },
  });
}
