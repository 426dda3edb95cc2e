import { useMutation } from '@apollo/client/react';
import { CartDocument } from '../../components/cart.generated';
import { BookClassDocument } from './classes.generated';
import { addMyBooking, dropGonePlaces } from './placesCache';

/**
 * Books a spot for the member or a child. The answer carries all it changed, written where the pages read it: the
 * class (counts, rig points, the family's places: normalised), "My bookings" (the new booking), "My waitlist"
 * (a place in line for this class closes) and the cart.
 */
export function useBookClass() {
  return useMutation(BookClassDocument, {
    update(cache, { data }) {
      if (!data) return;
      const { booking, cart } = data.bookClass;
      dropGonePlaces(cache, booking.classInstance);
      addMyBooking(cache, booking.id);
      cache.writeQuery({ query: CartDocument, data: { cart } });
    },
  });
}
